"""The server keeps ended games no longer than the operator allows (`ServerConfig.retention_days`).

A periodic job removes every room past its retention (see `store.retention`: the game ended that long
ago, or nothing happened in the room since then) with its commands and chat, and every expired login
session. A room in memory that nobody is in leaves memory first; one that someone is in waits for a
later run.

The narrator's audio cache holds players' names spoken, and texts filled with names; a clip nobody has
used for the retention time goes too (a cache hit renews a clip's time once a day, so clips in use stay;
a removed clip is made again when it is asked for).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from pathlib import Path

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import retention as store

log = logging.getLogger(__name__)


PERSONAL_CLIPS = ("names", "texts")  # narration.cache.AudioCache: spoken names, texts filled with names


@dataclass(frozen=True)
class Purged:
    rooms: list[str]
    sessions: int
    clips: int = 0


def _remove_unused_clips_of(config: ServerConfig, before: float) -> int:
    return remove_unused_clips(voices_for(config).narration.cache.root, before)


def remove_unused_clips(root: Path, before: float) -> int:
    """Deletes every spoken name or filled text under the audio cache `root` last used before `before`."""
    removed = 0
    for narrator_id in NARRATOR_IDS:
        for folder in PERSONAL_CLIPS:
            base = root / narrator_id / folder
            if not base.is_dir():
                continue
            for path in list(base.rglob("*")):
                try:
                    if path.is_file() and path.stat().st_mtime < before:
                        path.unlink()
                        removed += 1
                except FileNotFoundError:  # made or removed meanwhile by another thread or process
                    continue
    return removed


async def purge(registry: Registry, now: float) -> Purged:
    """One run: removes what is past its retention at `now` (all store work off the event loop)."""
    db = registry.db
    before = store.cutoff(now, registry.config.retention_days)
    due = await asyncio.to_thread(store.rooms_past_retention, db, before)
    free = [code for code in due if await registry.evict_idle(code)]  # a room someone is in waits
    removed = await asyncio.to_thread(store.remove_rooms, db, free, before)
    sessions = await asyncio.to_thread(store.remove_expired_sessions, db, now)
    clips = await asyncio.to_thread(_remove_unused_clips_of, registry.config, before)
    if removed or sessions or clips:
        log.info(
            "Aufbewahrungsfrist: %d Räume, %d abgelaufene Sitzungen, %d gesprochene Namen gelöscht",
            len(removed),
            sessions,
            clips,
        )
    return Purged(removed, sessions, clips)


class RetentionJob:
    """Runs `purge` when the server starts and then every `retention_check_seconds`."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.task: asyncio.Task[None] | None = None
        self.runs = 0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._forever(), name="retention")

    async def _forever(self) -> None:
        while True:
            try:
                await purge(self.registry, time.time())
            except Exception:
                log.exception("removing rooms past their retention failed")
            self.runs += 1
            await asyncio.sleep(self.registry.config.retention_check_seconds)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
