"""Own devices, one whole first night at the narrator's real pace (narration_wait=1.0) on a virtual clock:
the real `OwnDevicesGame` on a simulated room, every guest on his phone, one of them speaking (his queue
plays each `narration` message's lines one after another, as lib/narration.js does).

Every told line reaches every device exactly once and in the order told, and no `seat` shows a caption
before its `narration` came. Each question comes after the line that calls it, once the speaking device
has said everything told so far, and before the next step's line: the night's steps, the Jäger's shot at
dawn (he hears of his death first), the Hauptmann's election. Nobody is shown a death before the narrator
has told it, and the day comes once the morning has been heard."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.server.sim_room import SimRoom, VirtualClock, drive, virtual_time
from tests.server.test_table_narration_screens import CALLED_BY, DECK, after
from tests.server.test_table_rooms import NAMES

from wolfrunde.bots.strategy import answer
from wolfrunde.engine.texts.catalogue import catalogue
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match, deal
from wolfrunde.server.narration_voices import CUE_GAP
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.table.lobby import OWN, TableLobby, TableSettings
from wolfrunde.server.table.own_game import OwnDevicesGame

CALLED_BY_DAY = {**CALLED_BY, "ready": "discussion_start"}
Found = Callable[[dict[str, Any]], Any]  # does this line hold what is looked for


@dataclass(frozen=True)
class Sent:
    """One message to one device: in which order of all the room sent, when, and the engine's step then."""

    order: int
    at: float
    seat: int
    message: dict[str, Any]
    step: str | None


def first_night(
    seed: int, speaker: int, *, aimed: bool, ties_reversed: bool, voices: Path, monkeypatch: pytest.MonkeyPatch
) -> list[Sent]:
    """Plays the game of `DECK` from the deal to the first day's discussion (or the end) and returns every
    message to every device. Each seat answers after its own thinking time; `aimed`: the pack chooses
    the Jäger, the Leibwächter guards someone else and the Hexe keeps her potions; `ties_reversed`: wake-ups
    due at the same moment come the other way round (a real loop promises no order)."""
    clock: VirtualClock = virtual_time(monkeypatch)
    config = ServerConfig(database_url="sqlite://", narration_wait=1.0, voices_dir=str(voices))
    lobby = TableLobby(mode=OWN, host="h", settings=TableSettings(roles=DECK))
    for name in NAMES:
        lobby.add(name, None)
    match = Match(deal(NAMES, DECK, rules="wolfrunde", mode=OWN, rng=random.Random(seed)))
    room = SimRoom(config, clock, ties_reversed=ties_reversed)
    game = OwnDevicesGame(match, lobby, config, speaking=lambda: speaker)
    game.rng.seed(seed)
    sent: list[Sent] = []
    for seat in range(len(NAMES)):

        def deliver(message: dict[str, Any], seat: int = seat) -> None:
            sent.append(Sent(len(sent), clock.now, seat, message, game.match.game.step))

        room.attach_local(Peer(LocalConnection(deliver), Identity(), seat=seat))
    game.bind(room)
    rng = random.Random(seed)

    def choose(match: Match, seat: int, request: Any) -> Any:
        jaeger = next((s for s in range(match.seats) if match.view(s)["you"]["role"] == "hunter"), None)
        choices = request.options.get("choices") or []
        if aimed and request.kind == "witch":
            return {"heal": None, "poison": None}
        if aimed and request.kind in ("werewolves", "bodyguard") and jaeger in choices:
            return jaeger if request.kind == "werewolves" else rng.choice([s for s in choices if s != jaeger])
        move = answer(request.describe(), seat, rng)
        return request.default if move is None else move[1]

    def think(seat: int, kind: str) -> float:
        return random.Random(f"{seed}:{seat}:{kind}").uniform(0.5, 12.0)

    def discussing() -> bool:
        return not game.holding and any(r.kind == "ready" for r in game.match.game.pending())

    asyncio.run(drive(game, room, choose, think, until=discussing))
    assert discussing() or game.match.over, "the night did not end"
    return sent


def heard(sent: list[Sent], speaker: int) -> dict[int, float]:
    """When the speaking device has said each line (cue id): each message's lines from when it came or
    the last line ends, each followed by the player's pause (lib/narration.js GAP_MS)."""
    until, ends = 0.0, {}
    for item in sent:
        if item.seat == speaker and item.message["type"] == "narration":
            until = max(until, item.at)
            for cue in item.message["cues"]:
                until += cue["seconds"] + CUE_GAP
                ends[cue["id"]] = until
    return ends


def calling_scene(kind: str, step: str | None) -> str:
    """The line that calls a question: a night step's wake line, or the day's call of its kind."""
    if kind in CALLED_BY_DAY:
        return CALLED_BY_DAY[kind]
    assert step is not None, f"{kind} was asked outside a step"
    wake = catalogue().steps[step].wake
    assert wake is not None
    return wake


@pytest.mark.parametrize(
    ("seed", "aimed", "ties_reversed"),
    [(1, True, False), (2, True, True), (3, False, False), (4, False, True), (6, True, False), (8, True, True)],
)
def test_own_devices_tell_the_first_night_in_order_and_call_nobody_before_it_is_heard(
    seed: int, aimed: bool, ties_reversed: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    speaker = seed % len(NAMES)
    sent = first_night(
        seed, speaker, aimed=aimed, ties_reversed=ties_reversed, voices=tmp_path, monkeypatch=monkeypatch
    )
    ends = heard(sent, speaker)
    assert ends and list(ends) == list(range(len(ends))), "the speaking device says every line once, in order"
    for seat in range(len(NAMES)):
        got = [cue["id"] for item in sent if item.seat == seat for cue in cues_of(item)]
        assert got == list(ends), f"seat {seat}: every line once, in the order told"
    asked = check_seat_messages(sent, speaker, ends)
    assert "werewolves" in asked, "the pack was asked"
    assert "hunter" in asked or not aimed, "the Jäger died at dawn and was asked"


def check_seat_messages(sent: list[Sent], speaker: int, ends: dict[int, float]) -> set[str]:
    """Every `seat` message against the lines the speaking device had been sent when it came (and when
    it had said them): its captions, its new questions, the deaths it shows first, the day. Returns the
    kinds asked."""
    said: list[dict[str, Any]] = []  # the speaker's lines so far
    received: dict[int, set[int]] = {seat: set() for seat in range(len(NAMES))}
    questions: dict[int, set[str]] = {}  # each seat's questions in its last `seat`
    alive: dict[int, set[int]] = {}
    day: set[int] = set()  # the seats that have seen the day
    asked: set[str] = set()
    wakes = {scene for scene in (step.wake for step in catalogue().steps.values()) if scene}
    for item in sent:
        message, seat = item.message, item.seat
        received[seat] |= {cue["id"] for cue in cues_of(item)}
        said += cues_of(item) if seat == speaker else []
        if message["type"] != "seat":
            continue
        assert {cue["id"] for cue in message["captions"]} <= received[seat], f"seat {seat}: a caption before its line"
        kinds = {question["kind"] for question in message["questions"]}
        for kind in sorted(kinds - questions.get(seat, set())):
            scene = calling_scene(kind, item.step)
            called = heard_at(said, ends, lambda cue, scene=scene: cue["scene"] == scene)
            assert called is not None, f"seat {seat}: {kind} asked before the narrator called it ({scene})"
            assert after(item.at, max(ends[cue["id"]] for cue in said)), f"seat {seat}: {kind} asked mid-sentence"
            if kind not in CALLED_BY_DAY:
                latest = [cue["scene"] for cue in said if cue["scene"] in wakes][-1]
                assert latest == scene, f"seat {seat}: {kind} asked after the next step ({latest}) was called"
            asked.add(kind)
        questions[seat] = kinds
        living = {player["seat"] for player in message["players"] if player["alive"]}
        for dead in alive.get(seat, set(range(len(NAMES)))) - living:
            told = heard_at(said, ends, lambda cue, name=NAMES[dead]: re.search(rf"\b{name}\b", cue["text"]))
            assert told is not None and after(item.at, told), f"seat {seat} saw {NAMES[dead]} dead before told"
        alive[seat] = living
        if message["phase"] == "day" and seat not in day:
            day.add(seat)
            morning = heard_at(said, ends, lambda cue: cue["scene"].startswith("morning"))
            assert morning is not None and after(item.at, morning), f"seat {seat}: the day before the morning"
    assert day == set(range(len(NAMES))), "every seat saw the day"
    return asked


def heard_at(said: list[dict[str, Any]], ends: dict[int, float], found: Found) -> float | None:
    """When the speaker had said the latest of the lines so far that `found` holds for (None: none yet)."""
    lines = [cue["id"] for cue in said if found(cue)]
    return ends[lines[-1]] if lines else None


def cues_of(item: Sent) -> list[dict[str, Any]]:
    return list(item.message["cues"]) if item.message["type"] == "narration" else []
