"""All rooms of this process: created, loaded from the store on first use, restored at start."""

from __future__ import annotations

import logging

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
        self.rooms: dict[str, Room] = {}

    def create(self, host: User) -> Room:
        lobby = Lobby(host_id=host.id)
        lobby.join(host.id, host.name)
        for _ in range(50):
            code = new_code()
            if code not in self.rooms and store.create_room(self.db, code, host.id, lobby.to_dict()):
                room = Room(code, self.db, self.config, lobby, "lobby")
                self.rooms[code] = room
                room.start()
                return room
        raise RuntimeError("no free room code")

    def get(self, code: str) -> Room | None:
        room = self.rooms.get(code)
        if room is None:
            room = Room.load(code, self.db, self.config)
            if room is None:
                return None
            self.rooms[code] = room
            room.start()
        return room

    def restore(self) -> int:
        """Starts every room whose game was running when the process stopped (timers included)."""
        restored = 0
        for code in store.running_room_codes(self.db):
            try:
                if self.get(code) is not None:
                    restored += 1
            except Exception:
                log.exception("room %s could not be restored", code)
        return restored

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        self.rooms.clear()
