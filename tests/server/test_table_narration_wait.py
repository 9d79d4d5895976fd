"""The table waits for its narrator: with own devices nobody is called before the speaking device has
told what happened; with one device the buttons that move on, and the Sonnenuhr, wait for it too."""

from __future__ import annotations

import random
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from tests.server.test_table_rooms import NAMES, own_table, receive, receive_error, seated
from tests.server.test_table_single import tap

from wolfrunde.engine import all_cards
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.table.lobby import SINGLE, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions
from wolfrunde.store import default_url

WAIT = 0.2  # share of the narration's length the table waits (1.0 in a real game)


def test_own_devices_call_nobody_before_the_narration_is_heard(tmp_path: Path) -> None:
    config = ServerConfig(database_url=default_url(tmp_path), pause_seconds=(0.0, 0.0), narration_wait=WAIT)
    with TestClient(create_app(config)) as client, ExitStack() as devices:
        made, guests = own_table(client)
        tokens = [made["token"], *(guest["token"] for guest in guests)]
        sockets = [devices.enter_context(seated(client, made["code"], token)) for token in tokens]
        started = time.time()
        sockets[0].send_json({"type": "start"})
        told = receive(sockets[0], "narration")  # the speaking device tells the start at once
        assert told["cues"] and all(cue["text"] for cue in told["cues"])
        cards = [receive(ws, "seat") for ws in sockets]
        for card in cards:
            assert card["questions"] == [] and card["deadline"] is None, "the cards come at once, no call yet"
            assert card["role"]["id"] in all_cards()
        wolf = next(ws for ws, card in zip(sockets, cards, strict=True) if wolf_card(card))
        villager = next(ws for ws, card in zip(sockets, cards, strict=True) if not wolf_card(card))
        probe = {"type": "decide", "kind": "werewolves", "choice": 1, "ref": "probe"}
        villager.send_json(probe)
        probed_in_hold = receive_error(villager)
        wolf.send_json({"type": "decide", "kind": "werewolves", "choice": 1, "ref": "early"})
        refused = receive_error(wolf)
        assert refused["code"] == "not_now" and "Erzähler" in refused["message"]
        released = receive(wolf, "seat")
        arrived = time.time()
        villager.send_json(probe)
        probed_after = receive_error(villager)
    assert probed_in_hold == probed_after, "who is not asked learns nothing from the refusal: held or not"
    assert probed_after["code"] == "illegal"
    assert [question["kind"] for question in released["questions"]] == ["werewolves"]
    spoken = sum(cue["seconds"] for cue in told["cues"]) * WAIT
    assert spoken > 0.5, told["cues"]  # welcome, night, the wolves' call
    assert arrived >= started + spoken - 0.05, "the next step waited until the narration was heard"
    night_timer = 60  # the own-devices default
    assert released["deadline"] >= started + spoken + night_timer - 0.05, "the timer starts after the narration"
    assert {cue["id"] for cue in told["cues"]} <= {cue["id"] for cue in released["captions"]}


def wolf_card(card: dict[str, Any]) -> bool:
    return all_cards()[card["role"]["id"]].is_wolf_card


def test_the_wait_lasts_as_long_as_the_narration() -> None:
    quick, slow = (ServerConfig(database_url="sqlite://", narration_wait=wait) for wait in (0.0, 1.0))
    lobby = TableLobby(mode=SINGLE, host="h", settings=TableSettings())
    for name in NAMES:
        lobby.add(name, None)
    match = Match(deal_cards(lobby, random.Random(4)))
    for config in (quick, slow):
        narration = RoomNarration(match, "hedda", config)
        told = narration.tell_events(len(match.game.events), at=100.0)
        assert told.cues and [cue["id"] for cue in told.cues] == list(range(len(told.cues)))
        assert narration.spoken_until == 100.0 + told.seconds * config.narration_wait
        assert narration.tell_events(at=200.0).cues == [], "each event is told once"


def single_device(
    seed: int, night: str, vote: str, voices_dir: Path | None = None, roles: list[str] | None = None
) -> SingleDevice:
    """A one-device game (of `roles`, else the recommended ones); with `voices_dir` its voices are its own
    (no other test's audio is measured in them while it runs, so every length is the estimate)."""
    rng = random.Random(seed)
    settings = TableSettings(night_style=night, vote_style=vote, roles=roles)
    lobby = TableLobby(mode=SINGLE, host="h", settings=settings)
    for name in NAMES:
        lobby.add(name, None)
    match = Match(deal_cards(lobby, rng))
    voices = None if voices_dir is None else str(voices_dir)
    config = ServerConfig(database_url="sqlite://", narration_wait=1.0, voices_dir=voices)
    narration = RoomNarration(match, "leopold", config)
    return SingleDevice(match, TableOptions(night_style=night, vote_style=vote), narration)


def test_one_device_starts_the_sonnenuhr_when_the_morning_has_been_told() -> None:
    for seed, night in ((1, "eyes_closed"), (2, "round")):
        device = single_device(seed, night, "hands")
        rng = random.Random(seed)
        at, spoken, mornings = 1000.0, 0.0, 0
        for _ in range(3000):
            screen = device.screen()
            assert screen["spoken_until"] >= spoken, "the narrator's clock never runs backwards"
            spoken = screen["spoken_until"]
            if screen["screen"] == "over":
                break
            if screen["screen"] == "discussion" and screen["deadline"] == spoken + device.options.discussion:
                mornings += 1
            op, data = tap(screen, rng)
            at += 1.0  # a tap a second: faster than the narrator speaks
            device.apply(op, data, at)
        else:
            raise AssertionError("the game did not end")
        assert spoken > at, "the narrator was still speaking when the players tapped on"
        assert mornings >= 1, "the Sonnenuhr waited for the narrator"
