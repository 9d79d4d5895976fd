"""Every room of this process, of every kind: created, loaded on first use, restored, swept.

A room that is not in memory is loaded from the store in a worker thread (loading replays its game,
which must never block the event loop); callers asking for it meanwhile wait for the same load. A room
that fails to load is logged and not tried again for a while, so a broken record cannot keep a thread
busy. Finished rooms nobody is in leave memory after a while; they stay in the store and load again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from functools import partial
from typing import Any

from wolfrunde.room_codes import new_code
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.rooms.actor import RoomActor
from wolfrunde.server.rooms.kind import RoomKind
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)
RETRY_SECONDS = 60.0


class Registry:
    def __init__(self, db: Database, config: ServerConfig, kinds: Mapping[str, type[RoomKind]]) -> None:
        self.db = db
        self.config = config
        self.kinds = dict(kinds)
        self.rooms: dict[str, RoomActor] = {}
        self._loading: dict[str, asyncio.Future[RoomActor | None]] = {}
        self._failed: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def create(
        self,
        kind: RoomKind,
        state: dict[str, Any],
        *,
        host_id: int | None = None,
        status: RoomStatus = RoomStatus.LOBBY,
        setup: dict[str, Any] | None = None,
    ) -> RoomActor:
        """Stores a new room under a fresh code and starts it."""
        for _ in range(50):
            code = new_code()
            if code in self.rooms:
                continue
            created = await asyncio.to_thread(
                store.create_room, self.db, code, kind.kind_id, state, host_id=host_id, status=status.value, setup=setup
            )
            if created:
                actor = RoomActor(code, kind, self.db, self.config, status, seq=0)
                self._add(actor)
                return actor
        raise RuntimeError("no free room code")

    def _add(self, actor: RoomActor) -> None:
        self.rooms[actor.code] = actor
        actor.start()

    async def get(self, code: str) -> RoomActor | None:
        """The room, loaded from the store (off the event loop) if it is not in memory."""
        actor = self.rooms.get(code)
        if actor is not None:
            return actor
        pending = self._loading.get(code)
        if pending is not None:
            return await asyncio.shield(pending)
        if time.monotonic() - self._failed.get(code, -RETRY_SECONDS) < RETRY_SECONDS:
            return None
        future: asyncio.Future[RoomActor | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            actor = await asyncio.to_thread(self._load, code)
        except Exception:
            log.exception("room %s could not be loaded", code)
            self._failed[code] = time.monotonic()
            actor = None
        finally:
            del self._loading[code]
        if actor is not None:
            self._add(actor)
        future.set_result(actor)
        return actor

    def _load(self, code: str) -> RoomActor | None:
        record = store.load_room(self.db, code)
        if record is None or record.kind not in self.kinds:
            return None
        commands = store.commands(self.db, code)
        kind = self.kinds[record.kind].load(record, commands, self.config)
        seq = commands[-1].seq + 1 if commands else 0
        status = RoomStatus(record.status)
        ended_at = record.ended_at
        if ended_at is None and status.finished:
            ended_at = time.time()  # finished before the store kept the time: counts from now
        return RoomActor(code, kind, self.db, self.config, status, seq, ended_at)

    def holds(self, code: str) -> bool:
        """The room is in memory, or being loaded into it."""
        return code in self.rooms or code in self._loading

    async def evict_idle(self, code: str) -> bool:
        """Stops and forgets the room if it is in memory with nobody in it (whether it is in memory or not
        afterwards: False when someone is in it or it is being loaded)."""
        if code in self._loading:
            return False
        actor = self.rooms.get(code)
        if actor is None:
            return True
        if not actor.idle:
            return False
        del self.rooms[code]
        await actor.stop()
        return True

    async def forget_account(self, user_id: int, removed_rooms: list[str]) -> None:
        """A deleted account leaves every room in memory: rooms the store removed stop (their connections
        closed), the others' kinds that seat accounts (`forget_account`) rewrite their state and close
        the account's connections."""
        for code in removed_rooms:
            gone = self.rooms.pop(code, None)
            if gone is not None:
                await gone.call(partial(_close_all, gone))
                await gone.stop()
        for actor in list(self.rooms.values()):
            forget = getattr(actor.kind, "forget_account", None)
            if forget is not None:
                await actor.call(partial(forget, user_id))

    async def record(self, code: str) -> store.StoredRoom | None:
        """The stored room (its kind, status and state) without loading its game."""
        return await asyncio.to_thread(store.load_room, self.db, code)

    async def restore(self) -> int:
        """Starts every room whose game was running when the process stopped (timers included)."""
        restored = 0
        for code in await asyncio.to_thread(store.room_codes, self.db, RoomStatus.RUNNING.value):
            if await self.get(code) is not None:
                restored += 1
        return restored

    def start_sweeper(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever(), name="room-sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            try:
                await self.sweep(time.time())
            except Exception:
                log.exception("sweeping finished rooms failed")

    async def sweep(self, now: float) -> list[str]:
        """Stops and forgets every finished room that nobody is in since long enough."""
        idle = [
            code
            for code, actor in self.rooms.items()
            if actor.status.finished
            and actor.ended_at is not None
            and now - actor.ended_at >= self.config.ended_room_seconds
            and actor.idle
        ]
        actors = [self.rooms.pop(code) for code in idle]  # gone before the first await: nobody finds them
        for actor in actors:
            await actor.stop()
        return idle

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for actor in list(self.rooms.values()):
            await actor.stop()
        self.rooms.clear()


def _close_all(actor: RoomActor) -> None:
    for peer in actor.peers():
        actor.remove_peer(peer)
