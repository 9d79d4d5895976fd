"""The server keeps ended games no longer than the operator allows (`ServerConfig.retention_days`).

A periodic job removes every room past its retention (see `store.retention`: the game ended that long
ago, or the room waits untouched since then) with its commands and chat, and every expired login
session. A room still in memory is left for a later run: it leaves memory once nobody uses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass

from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import retention as store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Purged:
    rooms: list[str]
    sessions: int


async def purge(registry: Registry, now: float) -> Purged:
    """One run: removes what is past its retention at `now` (all store work off the event loop)."""
    db = registry.db
    before = store.cutoff(now, registry.config.retention_days)
    due = await asyncio.to_thread(store.rooms_past_retention, db, before)
    removed = await asyncio.to_thread(store.remove_rooms, db, [c for c in due if not registry.holds(c)], before)
    sessions = await asyncio.to_thread(store.remove_expired_sessions, db, now)
    if removed or sessions:
        log.info("Aufbewahrungsfrist: %d Räume und %d abgelaufene Sitzungen gelöscht", len(removed), sessions)
    return Purged(removed, sessions)


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
