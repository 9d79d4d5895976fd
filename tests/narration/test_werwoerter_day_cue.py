"""Werwörter's day cue says the table's day timer as it is: 30 s are "dreißig Sekunden", never "eine Minute"."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.werwoerter import KIND, WerwoerterRoom
from wolfrunde.server.rooms.actor import Incoming, RoomActor
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.werwoerter_app.guests import token_hash
from wolfrunde.server.werwoerter_app.rounds import open_round
from wolfrunde.server.werwoerter_app.state import Mode, Settings
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.store import Database, default_url

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
QUICK = Timings(night_start=0.01, wake=0.01, show_word=0.01, meet=0.01, sleep=0.01, speech_gap=None)


async def day_cue(tmp_path: Path, day_seconds: int) -> dict[str, Any]:
    db = Database(default_url(tmp_path))
    db.migrate()
    registry = Registry(db, ServerConfig(database_url=db.url), {KIND.kind_id: KIND.with_timings(QUICK)})
    room, token = await open_round(registry, Mode("single"), NAMES, Settings(day_seconds=day_seconds))
    inbox: list[dict[str, Any]] = []
    day_started = asyncio.Event()

    def deliver(message: dict[str, Any]) -> None:
        inbox.append(message)
        if message.get("scene") == "ww_day_starts":
            day_started.set()

    device = Peer(LocalConnection(deliver), Identity(token_hash=token_hash(token)))
    assert await room.attach(device) is None

    def send(**message: Any) -> None:
        room.post(Incoming(device, KIND.schema.parse(json.dumps(message))))

    for _ in NAMES:
        send(type="reveal")
        send(type="next")
    send(type="play")
    game = await _game_when_mayor_chooses(room)
    send(type="decide", kind="choose_word", choice=game.pending()[0].options[0])
    await asyncio.wait_for(day_started.wait(), timeout=30)
    await registry.close()
    return next(m for m in inbox if m.get("scene") == "ww_day_starts")


async def _game_when_mayor_chooses(room: RoomActor) -> Any:
    """The game once the room has reached the Bürgermeister's choice of word (the room's timers lead there)."""
    kind = room.kind
    assert isinstance(kind, WerwoerterRoom)
    while kind.state.stage.name != "mayor":
        await room.call(lambda: None)
        await asyncio.sleep(0.01)
    return kind.game


@pytest.mark.parametrize(
    ("seconds", "said"), [(30, "dreißig Sekunden"), (90, "anderthalb Minuten"), (240, "vier Minuten")]
)
def test_the_day_cue_says_the_day_timer_in_words(tmp_path: Path, seconds: int, said: str) -> None:
    cue = asyncio.run(asyncio.wait_for(day_cue(tmp_path, seconds), timeout=60))
    assert cue["values"] == {"minutes": said}
    text = cue["text"].lower()
    assert said.lower() in text, text
    assert "minute" not in text.replace(said.lower(), "") and not any(c.isdigit() for c in text), text
