"""All table games of this process: created, loaded from the store on first use, restored at start."""

from __future__ import annotations

import asyncio
import random
import secrets

from wolfrunde.server.actor import RoomCache
from wolfrunde.server.codes import new_code
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.table import store
from wolfrunde.server.table.lobby import SINGLE, TableLobby, TableSettings, check_settings, deal
from wolfrunde.server.table.room import TableRoom
from wolfrunde.store import Database


def new_token() -> str:
    return secrets.token_urlsafe(32)


class TableRegistry:
    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.cache: RoomCache[TableRoom] = RoomCache(lambda code: TableRoom.load(code, db, config), "table")
        self.tables: dict[str, TableRoom] = self.cache.rooms
        self.rng = random.Random()

    def create(self, mode: str, settings: TableSettings, names: list[str], token: str) -> TableRoom:
        """A new table. One device: `names` are every player and the game is dealt at once; own devices:
        `names` holds the host, who sits at seat 0. Raises TableError with a German reason."""
        check_settings(settings)
        host = store.token_hash(token)
        lobby = TableLobby(mode=mode, host=host, settings=settings)
        for index, name in enumerate(names):
            lobby.add(name, host if index == 0 else None)
        setup = deal(lobby, self.rng) if mode == SINGLE else None
        for _ in range(50):
            code = new_code()
            if code not in self.tables and store.create(self.db, code, mode, lobby.to_dict()):
                break
        else:
            raise RuntimeError("no free table code")
        room = TableRoom(code, self.db, self.config, lobby, "lobby")
        if setup is not None:
            store.save(self.db, code, setup=setup, status="running")
            room.status = "running"
            room.begin_single(setup)
        self.cache.add(room)
        return room

    async def get(self, code: str) -> TableRoom | None:
        """The table, loaded from the store (off the event loop) if it is not in memory."""
        return await self.cache.get(code)

    async def restore(self) -> int:
        return await self.cache.restore(await asyncio.to_thread(store.running_codes, self.db))

    async def close(self) -> None:
        await self.cache.stop_all()
