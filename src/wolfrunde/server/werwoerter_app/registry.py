"""All Werwörter rooms of this process: created, loaded from the store on first use, restored at start."""

from __future__ import annotations

import asyncio
from typing import Any

from wolfrunde.server.actor import RoomCache
from wolfrunde.server.codes import new_code
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.werwoerter_app import stages as st
from wolfrunde.server.werwoerter_app import store
from wolfrunde.server.werwoerter_app.audio import AudioUrl, audio_urls
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR
from wolfrunde.server.werwoerter_app.guests import new_token, token_hash
from wolfrunde.server.werwoerter_app.room import Begin, Join, Room
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.store import Database
from wolfrunde.werwoerter.game_setup import DAY_SECONDS


class Registry:
    def __init__(self, db: Database, config: ServerConfig, timings: Timings | None = None) -> None:
        self.db = db
        self.timings = timings or Timings.for_config(config)
        self.audio_url: AudioUrl | None = audio_urls(config)
        self.cache: RoomCache[Room] = RoomCache(self._load, "ww room")
        self.rooms: dict[str, Room] = self.cache.rooms

    def create(
        self,
        mode: str,
        names: list[str],
        difficulty: int = 1,
        day_seconds: int = DAY_SECONDS,
        narrator: str = DEFAULT_NARRATOR,
    ) -> tuple[Room, str]:
        """A new room and the creator's guest token. `single`: all names, dealt at once; `devices`: the host."""
        token = new_token()
        settings: dict[str, Any] = {
            "difficulty": difficulty,
            "day_seconds": day_seconds,
            "narrator": narrator,
            "speaker": 0,
        }
        if mode == "single":
            settings["device"] = token_hash(token)
            seats = [{"name": name} for name in names]
        else:
            seats = [{"name": names[0], "token": token_hash(token)}]
        for _ in range(50):
            code = new_code()
            data = store.RoomData(code, mode, "lobby", seats, settings, None, {"name": st.LOBBY})
            if code not in self.rooms and store.create(self.db, data):
                room = Room(data, self.db, self.timings, audio_url=self.audio_url)
                self.cache.add(room)
                if mode == "single":
                    room.post(Begin())
                return room, token
        raise RuntimeError("no free room code")

    def _load(self, code: str) -> Room | None:
        data = store.load(self.db, code)
        return None if data is None else Room(data, self.db, self.timings, audio_url=self.audio_url)

    async def get(self, code: str) -> Room | None:
        """The room, loaded from the store (off the event loop) if it is not in memory."""
        return await self.cache.get(code)

    async def join(self, room: Room, name: str) -> tuple[int, str] | str:
        """(seat, token) or a German reason why not."""
        token = new_token()
        reply: asyncio.Future[int | str] = asyncio.get_running_loop().create_future()
        room.post(Join(name, token_hash(token), reply))
        result = await asyncio.wait_for(reply, timeout=10)
        return result if isinstance(result, str) else (result, token)

    async def restore(self) -> int:
        """Starts every room whose game was running when the process stopped (its timers included)."""
        return await self.cache.restore(await asyncio.to_thread(store.running_codes, self.db))

    async def close(self) -> None:
        await self.cache.stop_all()
