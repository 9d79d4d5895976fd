"""All rooms of this process: created, loaded from the store on first use, restored at start."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from wolfrunde.server.actor import RoomCache
from wolfrunde.server.codes import new_code
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.room import Room
from wolfrunde.store import Database, User
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)


class Registry:
    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.cache: RoomCache[Room] = RoomCache(lambda code: Room.load(code, db, config), "room")
        self.rooms: dict[str, Room] = self.cache.rooms
        self._sweeper: asyncio.Task[None] | None = None

    def create(self, host: User) -> Room:
        lobby = Lobby(host_id=host.id)
        lobby.join(host.id, host.name)
        for _ in range(50):
            code = new_code()
            if code not in self.rooms and store.create_room(self.db, code, host.id, lobby.to_dict()):
                room = Room(code, self.db, self.config, lobby, "lobby")
                self.cache.add(room)
                return room
        raise RuntimeError("no free room code")

    async def get(self, code: str) -> Room | None:
        """The room, loaded from the store (off the event loop) if it is not in memory."""
        return await self.cache.get(code)

    async def exists(self, code: str) -> bool:
        """Whether the room exists (in memory or in the store), without loading its game."""
        if code in self.rooms:
            return True
        return await asyncio.to_thread(store.load_room, self.db, code) is not None

    async def restore(self) -> int:
        """Starts every room whose game was running when the process stopped (timers included)."""
        codes = await asyncio.to_thread(store.running_room_codes, self.db)
        return await self.cache.restore(codes)

    def start_sweeper(self) -> None:
        """Frees finished rooms from memory now and then (they stay in the store and load again)."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever(), name="room-sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            try:
                await self.sweep(time.time())
            except Exception:
                log.exception("sweeping finished rooms failed")

    async def sweep(self, now: float) -> list[str]:
        """Stops and forgets every room whose game ended long enough ago and that nobody is in."""
        idle = [
            code
            for code, room in self.rooms.items()
            if room.status == "ended"
            and room.ended_at is not None
            and now - room.ended_at >= self.config.ended_room_seconds
            and not room.connections
            and room.queue.empty()
        ]
        rooms = [self.rooms.pop(code) for code in idle]  # gone before the first await: nobody finds them
        for room in rooms:
            await room.stop()
        return idle

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.cache.stop_all()
