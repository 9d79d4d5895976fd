"""One device tells the night at the right moments: the welcome while the cards go round, the nightfall
once they are dealt, the morning once the Reihum round is over; Reihum's own lines say no "Augen zu";
every cover the device shows carries the narrator (the device plays it there)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.server.test_table_single import random_answer, tap

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.table.lobby import SINGLE, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Frieda", "Gustav", "Hanna"]


def narrated_device(night: str, seed: int = 3) -> SingleDevice:
    lobby = TableLobby(mode=SINGLE, host="h", settings=TableSettings(night_style=night, vote_style="secret"))
    for name in NAMES:
        lobby.add(name, None)
    match = Match(deal_cards(lobby, random.Random(seed)))
    config = ServerConfig(database_url="sqlite://", narration_wait=0.0)
    return SingleDevice(match, TableOptions(night, "secret"), RoomNarration(match, "jutta", config))


def scenes(device: SingleDevice) -> list[str]:
    assert device.narration is not None
    return [cue["scene"] for cue in device.narration.cues]


def step(device: SingleDevice, rng: random.Random) -> dict[str, Any]:
    screen = device.screen()
    op, data = tap(screen, rng)
    if screen["screen"] == "turn":
        data = {"answers": {str(i): random_answer(q, rng) for i, q in enumerate(screen["questions"])}}
    for _ in range(50):
        try:
            device.apply(op, data, 0.0)
            break
        except Exception:
            data = {"answers": {str(i): random_answer(q, rng) for i, q in enumerate(screen["questions"])}}
    return screen


@pytest.mark.parametrize("night", ["round", "eyes_closed"])
def test_the_welcome_plays_while_dealing_and_the_night_falls_after(night: str) -> None:
    device = narrated_device(night)
    first = device.screen()
    assert first["screen"] == "pass" and [c["scene"] for c in first["captions"]] == ["welcome"]
    rng = random.Random(1)
    while not device.dealt:
        assert scenes(device) == ["welcome"], "nothing of the night is told while the cards go round"
        step(device, rng)
    fall = "round_first_night_falls" if night == "round" else "first_night_falls"
    assert scenes(device)[:2] == ["welcome", fall]
    cover = device.screen()
    assert fall in [c["scene"] for c in cover["captions"]], "the first cover after dealing plays the nightfall"


def test_reihum_tells_the_morning_only_after_the_round_and_never_says_augen_zu() -> None:
    device = narrated_device("round")
    rng = random.Random(2)
    while not device.dealt:
        step(device, rng)
    while device.turn is not None and device.turn.purpose == "round":
        said = scenes(device)
        assert not any(s.startswith("morning") for s in said), "the morning waits for the end of the round"
        assert not any(s.endswith(("_wakes", "_wake", "_sleeps", "_sleep")) for s in said), "no calls in Reihum"
        step(device, rng)
    assert any(s.startswith("morning") for s in scenes(device)), "the morning is told once the round is over"
    assert device.narration is not None
    night_texts = [c["text"] for c in device.narration.cues if c["scene"] != "welcome"]
    assert not any("Augen zu" in text for text in night_texts[:2])
    cover = device.screen()
    assert cover.get("captions"), "the screen after the night carries the morning's narration"
