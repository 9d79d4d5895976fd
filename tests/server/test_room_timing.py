"""Timers and pauses of a room, driven directly in one event loop with a fixed deal."""

import asyncio
import json
import time
from pathlib import Path

from wolfrunde.server import protocol as p
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.match import Match
from wolfrunde.server.room import Attach, Incoming, Room
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store

SETUP = {
    "names": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "roles": ["werewolf", "seer", "witch", "villager", "villager"],
    "center": [],
    "rules": "wolfrunde",
    "mode": "online",
    "seed": 1,
    "meldeliste": False,
}
NIGHT_ONE = [("decide", 0, "werewolves", 1), ("decide", 1, "seer", 0), ("decide", 2, "witch", None)]
PAUSE = 0.6


def stored_room(tmp_path: Path, commands: list[tuple], timer: dict | None) -> Database:
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = Lobby(host_id=1)
    lobby.settings.timers = {"night": 30, "day": 30, "vote": 30, "lovers": 30}
    for name in SETUP["names"]:
        lobby.join(accounts.create_user(db, name, "hash").id, name)
    store.create_room(db, "ACDEF", 1, lobby.to_dict())
    store.save_room(db, "ACDEF", status="running", setup=SETUP, timer=timer)
    for op, seat, kind, choice in commands:
        store.append_command(db, "ACDEF", op, seat, kind, choice)
    return db


def day_one() -> list[tuple]:
    match = Match(SETUP)
    for _op, seat, kind, choice in NIGHT_ONE:
        match.decide(seat, kind, choice)
    timeouts = []
    while match.night_number() != 2:
        match.timeout()
        timeouts.append(("timeout", None, None, None))
    return timeouts


def game_messages(conn: Connection) -> list[dict]:
    found = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None and json.loads(text)["type"] == "game":
            found.append(json.loads(text))
    return found


def test_a_dead_roles_step_delays_the_next_step_by_a_pause(tmp_path: Path) -> None:
    # night 1 and day 1 (all defaults) are stored; night 2 waits for the wolf, and the seer is dead
    db = stored_room(tmp_path, NIGHT_ONE + day_one(), {"release": 0, "deadline": time.time() + 30})
    config = ServerConfig(database_url=db.url, pause_seconds=(PAUSE, PAUSE), bot_delay=(0, 0))

    async def scenario() -> tuple[float, list[dict]]:
        room = Room.load("ACDEF", db, config)
        assert room is not None and room.match is not None and room.match.night_number() == 2
        assert room.match.waiting_seats() == {0}
        room.start()
        wolf = Connection(websocket=None, user_id=1, name="Anna")  # type: ignore[arg-type]
        witch = Connection(websocket=None, user_id=3, name="Carl")  # type: ignore[arg-type]
        room.post(Attach(wolf))
        room.post(Attach(witch))
        await asyncio.sleep(0.05)
        game_messages(witch)
        started = time.monotonic()
        room.post(Incoming(wolf, p.Decide(type="decide", kind="werewolves", choice=3)))
        await asyncio.sleep(0.1)
        assert game_messages(witch) == [], "the witch's step must not start before the pause"
        for _ in range(40):
            await asyncio.sleep(0.05)
            messages = game_messages(witch)
            if messages:
                elapsed = time.monotonic() - started
                await room.stop()
                return elapsed, messages
        await room.stop()
        raise AssertionError("the witch was never called")

    elapsed, messages = asyncio.run(scenario())
    assert elapsed >= PAUSE - 0.05
    assert messages[-1]["view"]["pending"][0]["kind"] == "witch"
    assert messages[-1]["timer"]["deadline"] >= time.time() + 30 - 2


def test_a_stored_deadline_that_passed_during_downtime_fires_at_once(tmp_path: Path) -> None:
    db = stored_room(tmp_path, [], {"release": 0, "deadline": time.time() - 5})
    config = ServerConfig(database_url=db.url, pause_seconds=(0, 0), bot_delay=(0, 0))

    async def scenario() -> list[tuple]:
        room = Room.load("ACDEF", db, config)
        assert room is not None
        room.start()
        await asyncio.sleep(0.3)
        await room.stop()
        return [(c.op, c.seat) for c in store.commands(db, "ACDEF")]

    assert asyncio.run(scenario())[0] == ("timeout", None)
