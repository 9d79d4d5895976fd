"""Every room of this process, of every kind: created, loaded on first use, restored, swept.

A process runs a room only while it owns it (`store.ownership`): on SQLite it owns every room; on
PostgreSQL it holds the room's advisory lock, and a room another process holds raises `RoomElsewhere`
(the socket is then sent on to the owner). With several processes a room is only stored when it is
created: the process the balancer sends its connections to takes it on the first connection, so the
process that answered the creation keeps no copy. Restoring after a start brings back only the running
rooms nobody else holds. When the lock connection breaks, every room is dropped at once: another process
may take them.

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
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from starlette.requests import HTTPConnection

from wolfrunde.room_codes import new_code
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.rooms.actor import RoomActor, Stop
from wolfrunde.server.rooms.connection import CLOSE_AUTH
from wolfrunde.server.rooms.kind import RoomKind
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.writer import CommandWriter
from wolfrunde.store import Database
from wolfrunde.store import rooms as store
from wolfrunde.store.ownership import Ownership, OwnershipLost, SingleOwner

log = logging.getLogger(__name__)
RETRY_SECONDS = 60.0
OWNERSHIP_CHECK_SECONDS = 2.0


class RoomElsewhere(Exception):
    """Another process owns this room; `owner` is its address when known."""

    def __init__(self, code: str, owner: str | None) -> None:
        super().__init__(f"room {code} is owned by {owner or 'another process'}")
        self.code = code
        self.owner = owner


class Registry:
    def __init__(
        self,
        db: Database,
        config: ServerConfig,
        kinds: Mapping[str, type[RoomKind]],
        ownership: Ownership | None = None,
    ) -> None:
        self.db = db
        self.config = config
        self.kinds = dict(kinds)
        self.ownership: Ownership = ownership or SingleOwner()
        self.rooms: dict[str, RoomActor] = {}
        self.writer = CommandWriter(db)
        self._loading: dict[str, asyncio.Future[RoomActor | RoomElsewhere | None]] = {}
        self._failed: dict[str, float] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self.on_saved: Callable[[str, str, dict[str, Any]], None] | None = None  # every room's `on_saved`

    async def create(
        self,
        kind: RoomKind,
        state: dict[str, Any],
        *,
        host_id: int | None = None,
        status: RoomStatus = RoomStatus.LOBBY,
        setup: dict[str, Any] | None = None,
    ) -> RoomActor:
        """Stores a new room under a fresh code and starts it. With several processes the room is only
        stored: the actor handed back is not started, and only its `code` is to be read; the process its
        connections reach takes the room then."""
        for _ in range(50):
            code = new_code()
            if code in self.rooms:
                continue
            created = await asyncio.to_thread(
                store.create_room, self.db, code, kind.kind_id, state, host_id=host_id, status=status.value, setup=setup
            )
            if created:
                actor = RoomActor(code, kind, self.db, self.config, status, seq=0, writer=self.writer)
                if not self.ownership.shared:
                    self._add(actor)
                return actor
        raise RuntimeError("no free room code")

    def _add(self, actor: RoomActor) -> None:
        self.rooms[actor.code] = actor
        actor.on_lost = self.lost
        actor.on_saved = self.on_saved
        actor.start()

    async def get(self, code: str) -> RoomActor | None:
        """The room, loaded from the store (off the event loop) if it is not in memory. Raises
        RoomElsewhere when another process owns it."""
        actor = self.rooms.get(code)
        if actor is not None:
            return actor
        pending = self._loading.get(code)
        if pending is None:
            if time.monotonic() - self._failed.get(code, -RETRY_SECONDS) < RETRY_SECONDS:
                return None
            pending = asyncio.get_running_loop().create_future()
            self._loading[code] = pending
            try:
                outcome: RoomActor | RoomElsewhere | None = await asyncio.to_thread(self._take, code)
            except OwnershipLost:  # nobody can say who owns it now; the watchdog takes a new connection
                outcome = RoomElsewhere(code, None)
            except Exception:
                log.exception("room %s could not be loaded", code)
                self._failed[code] = time.monotonic()
                outcome = None
            finally:
                del self._loading[code]
            if isinstance(outcome, RoomActor):
                self._add(outcome)
            pending.set_result(outcome)
        outcome = await asyncio.shield(pending)
        if isinstance(outcome, RoomElsewhere):
            raise outcome
        return outcome

    def _take(self, code: str) -> RoomActor | RoomElsewhere | None:
        """Owns and loads the room (in a worker thread); gives it up again when there is none."""
        if not self.ownership.acquire(code):
            return RoomElsewhere(code, self.ownership.owner_of(code))
        try:
            actor = self._load(code)
        except BaseException:
            self.ownership.release(code)
            raise
        if actor is None:
            self.ownership.release(code)
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
        return RoomActor(code, kind, self.db, self.config, status, seq, ended_at, self.writer)

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
        the account's connections; every room reads its chat from the store again."""
        for code in removed_rooms:
            gone = self.rooms.pop(code, None)
            if gone is not None:
                await gone.call(partial(_close_all, gone))
                await gone.stop()
        for actor in list(self.rooms.values()):
            await actor.call(actor.forget_chat)  # the store deleted the account's lines
            forget = getattr(actor.kind, "forget_account", None)
            if forget is not None:
                await actor.call(partial(forget, user_id))

    async def close_session(self, session: str) -> None:
        """A login session ended: its connections leave every room in memory (closed as `not_logged_in`)."""
        for actor in list(self.rooms.values()):
            await actor.call(partial(_close_session, actor, session))

    async def record(self, code: str) -> store.StoredRoom | None:
        """The stored room (its kind, status and state) without loading its game."""
        return await asyncio.to_thread(store.load_room, self.db, code)

    async def restore(self) -> int:
        """Starts every room whose game was running when the process stopped (timers included), of those
        no other process holds."""
        restored = 0
        for code in await asyncio.to_thread(store.room_codes, self.db, RoomStatus.RUNNING.value):
            try:
                if await self.get(code) is not None:
                    restored += 1
            except RoomElsewhere:
                continue
        return restored

    def start_sweeper(self) -> None:
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self._sweep_forever(), name="room-sweeper")
        if self.ownership.shared:
            self._watchdog = loop.create_task(self._watch_ownership(), name="room-ownership")

    async def _watch_ownership(self) -> None:
        while True:
            await asyncio.sleep(OWNERSHIP_CHECK_SECONDS)
            await self.check_ownership()

    async def check_ownership(self) -> bool:
        """False when the lock connection broke: every room was dropped (another process may hold them
        already) and a fresh connection is taken for the rooms to come."""
        try:
            await asyncio.to_thread(self.ownership.check)
        except OwnershipLost:
            log.exception("the ownership connection broke: this process gives up every room")
            await self.drop_all()
            try:
                await asyncio.to_thread(self.ownership.reconnect)
            except Exception:  # the database is away: the next check tries again
                log.exception("no new ownership connection yet")
            return False
        return True

    async def drop_all(self) -> None:
        """Stops every room without giving up locks one by one (they are gone already); its members are
        sent on, so they reconnect to the new owner."""
        actors = list(self.rooms.values())
        self.rooms.clear()
        for actor in actors:
            actor.send_members_away()
            await actor.stop()

    async def lost(self, actor: RoomActor) -> None:
        """The room found another writer in the store: this process no longer owns it. Called from the
        room's own task, so the room is told to stop, not waited for."""
        if self.rooms.get(actor.code) is actor:
            del self.rooms[actor.code]
        actor.send_members_away()
        actor.post(Stop())
        await asyncio.to_thread(self.ownership.release, actor.code)

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
            await asyncio.to_thread(self.ownership.release, actor.code)
        return idle

    async def close(self) -> None:
        for task in (self._sweeper, self._watchdog):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for actor in list(self.rooms.values()):
            await actor.stop()
        self.rooms.clear()
        await self.writer.close()
        await asyncio.to_thread(self.ownership.close)


def _close_session(actor: RoomActor, session: str) -> None:
    for peer in actor.peers():
        if peer.identity.session == session:
            peer.conn.close(CLOSE_AUTH)
            actor.remove_peer(peer)


def _close_all(actor: RoomActor) -> None:
    for peer in actor.peers():
        actor.remove_peer(peer)


def registry_of(connection: HTTPConnection) -> Registry:
    """The rooms of the app that serves this request or socket (`create_app` keeps them in its state)."""
    registry: Registry = connection.app.state.rooms
    return registry
