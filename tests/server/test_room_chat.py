"""Chat routing inside a room with a fixed deal: a line reaches exactly the seats allowed to read it."""

import asyncio
import json
from pathlib import Path

import pytest

from wolfrunde.server import protocol as p
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.match import Match
from wolfrunde.server.room import Incoming, Room
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store

SETUP = {
    "names": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "roles": ["werewolf", "seer", "witch", "werewolf", "villager"],
    "center": [],
    "rules": "wolfrunde",
    "mode": "online",
    "seed": 3,
    "meldeliste": False,
}


@pytest.fixture
def room(tmp_path: Path) -> Room:
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = Lobby(host_id=1)
    for name in SETUP["names"]:
        user = accounts.create_user(db, name, "hash")
        lobby.join(user.id, name)
    store.create_room(db, "ACDEF", 1, lobby.to_dict())
    room = Room("ACDEF", db, ServerConfig(database_url=db.url), lobby, "running")
    room.match = Match(SETUP)
    return room


def connect(room: Room, seat: int) -> Connection:
    conn = Connection(websocket=None, user_id=seat + 1, name=SETUP["names"][seat])  # type: ignore[arg-type]
    room.connections[conn.id] = conn
    return conn


def drain(conn: Connection) -> list[dict]:
    messages = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            messages.append(json.loads(text))
    return messages


def say(room: Room, conn: Connection, channel: str, text: str) -> None:
    asyncio.run(room._handle(Incoming(conn, p.Chat(type="chat", channel=channel, text=text))))


def test_wolf_talk_at_night_reaches_the_wolves_only(room: Room) -> None:
    conns = [connect(room, seat) for seat in range(5)]
    say(room, conns[0], "wolves", "Nehmen wir Ben?")
    received = {seat: [m for m in drain(c) if m["type"] == "chat"] for seat, c in enumerate(conns)}
    assert [m["text"] for m in received[3]] == ["Nehmen wir Ben?"]
    assert [m["text"] for m in received[0]] == ["Nehmen wir Ben?"]
    assert received[1] == received[2] == received[4] == []


def test_closed_channels_refuse_and_nothing_is_delivered(room: Room) -> None:
    conns = [connect(room, seat) for seat in range(5)]
    say(room, conns[1], "wolves", "Ich bin auch ein Wolf")
    say(room, conns[2], "village", "Guten Abend")  # the village sleeps at night
    say(room, conns[4], "beyond", "Hallo Jenseits")  # only the dead talk there
    errors = [m["code"] for c in conns for m in drain(c) if m["type"] == "error"]
    assert errors == ["channel_closed"] * 3
    assert store.chat_history(room.db, "ACDEF") == []


def test_a_returning_player_reads_only_his_channels(room: Room) -> None:
    wolf = connect(room, 0)
    say(room, wolf, "wolves", "psst")
    seer_history = asyncio.run(room.history_for(1))
    wolf_history = asyncio.run(room.history_for(3))
    assert seer_history == [] and [m["text"] for m in wolf_history] == ["psst"]
