"""The voice plan over random games of 5 to 14 seats: nobody is planned to send to or hear a seat the
channel rules forbid, no plan names a seat its holder may not know of, and what one seat plans to send
the other plans to hear."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game, Setup
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.meldeliste import DONE_SPEAKING, HAND_STEPS, RAISE_HAND
from wolfrunde.server.voice.plan import VoicePlan, plan_for
from wolfrunde.simulation.policy import choose

from engine.role_sets import setups

TIMERS = {"night": 45, "day": 180, "vote": 60, "lovers": 30}
NIGHT_STARTED = 1_000_000.0
COMPANION_STEPS = {"sister": "sisters", "brother": "brothers"}
MAX_DECISIONS = 3000


def online_setups() -> st.SearchStrategy[Any]:
    return setups().filter(lambda setup: setup.mode == "online")


@dataclasses.dataclass(frozen=True)
class Moment:
    """What the test knows for certain about the game right now, from the engine's own state."""

    game: Game
    meldeliste: bool
    whisper_open: bool

    def alive(self, seat: int) -> bool:
        return bool(self.game.players[seat].alive)

    def tonights_pack(self) -> set[int]:
        night, pack = 0, set()
        for event in self.game.events:
            if event.type == "night":
                night, pack = int(event.data.get("round") or 0), set()
            elif event.type == "pack" and night == self.game.round:
                pack = set(event.data["pack"])
        return pack

    def lovers(self) -> set[int]:
        return set(self.game.state("cupid").get("lovers") or ())

    def may_reach(self, speaker: int, listener: int) -> bool:
        """The channel rules: may `speaker`'s voice reach `listener` now?"""
        game = self.game
        if game.result is not None:
            return True
        phase = game.phase.value
        if not self.alive(speaker):
            return not self.alive(listener)  # the Jenseits
        if phase == "day":
            return not self.meldeliste or (bool(game.speakers) and game.speakers[0] == speaker)
        if phase != "night" or not self.alive(listener):
            return False
        pack = self.tonights_pack()
        if speaker in pack and listener in pack:
            return True
        if {speaker, listener} == self.lovers() and game.round >= 2 and self.whisper_open:
            return True
        for role, step in COMPANION_STEPS.items():
            holders = {p.seat for p in game.players if p.card == role}
            if game.step == step and {speaker, listener} <= holders:
                return True
        return False


def knows_of(view: dict[str, Any], other: int, phase: str) -> bool:
    """Whether a seat may know that `other` shares a channel with it now: public facts (day, the dead,
    the end) or what its own view reveals (the pack, the partner, the companions)."""
    players = view["players"]
    if phase in ("day", "over") or not players[other]["alive"] or not view["you"]["alive"]:
        return True
    if players[other].get("side") == "werewolves" and view["you"]["side"] == "werewolves":
        return True
    if view["you"].get("lover") == other:
        return True
    return players[other].get("role") is not None and players[other].get("role") == view["you"]["role"]


def plans(moment: Moment, humans: set[int]) -> dict[int, VoicePlan]:
    timer = {"night_started": NIGHT_STARTED}
    now = NIGHT_STARTED + (1.0 if moment.whisper_open else TIMERS["lovers"] + 1.0)
    return {
        seat: plan_for(
            moment.game.view(seat), humans, meldeliste=moment.meldeliste, timer=timer, timers=TIMERS, now=now
        )
        for seat in range(len(moment.game.players))
    }


def check(moment: Moment, humans: set[int]) -> None:
    every = plans(moment, humans)
    phase = moment.game.phase.value if moment.game.result is None else "over"
    for seat, plan in every.items():
        if seat not in humans:
            assert plan == VoicePlan(frozenset(), frozenset(), frozenset()), "a bot seat has no voice"
            continue
        assert plan.peers == humans - {seat}, "every human seat is connected with every other, all game"
        assert plan.send <= plan.peers and plan.hear <= plan.peers
        view = moment.game.view(seat)
        for other in plan.send:
            assert moment.may_reach(seat, other), (phase, moment.game.step, seat, "sends to", other)
            assert seat in every[other].hear, (phase, moment.game.step, seat, "sends to", other, "who does not listen")
        for other in plan.hear:
            assert moment.may_reach(other, seat), (phase, moment.game.step, seat, "hears", other)
            assert seat in every[other].send, (phase, moment.game.step, seat, "hears", other, "who does not send")
        for other in plan.send | plan.hear:
            assert knows_of(view, other, phase), (phase, moment.game.step, seat, "is told of", other)
    if phase == "over":
        assert all(plan.send == plan.peers for seat, plan in every.items() if seat in humans)


def talk_by_day(game: Game, rng: random.Random) -> None:
    """Players raise hands and pass the word on, as the Meldeliste lets them."""
    if game.phase.value != "day" or game.step not in HAND_STEPS:
        return
    for _ in range(rng.randint(0, 3)):
        seat = rng.randrange(len(game.players))
        move = DONE_SPEAKING if game.speakers and rng.random() < 0.4 else RAISE_HAND
        if move == DONE_SPEAKING:
            seat = game.speakers[0]
        with contextlib.suppress(IllegalMove):
            game.decide(seat, move, None)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    setup=online_setups(),
    seed=st.integers(0, 2**32),
    meldeliste=st.booleans(),
    bots=st.sets(st.integers(0, 13), max_size=4),
)
def test_no_voice_crosses_a_channel_and_no_plan_names_a_stranger(
    setup: Any, seed: int, meldeliste: bool, bots: set[int]
) -> None:
    setup = dataclasses.replace(setup, meldeliste=meldeliste)
    game = Game(setup)
    rng = random.Random(seed)
    humans = set(range(len(setup.names))) - bots
    for _ in range(MAX_DECISIONS):
        whisper_open = rng.random() < 0.5
        check(Moment(game, meldeliste, whisper_open), humans)
        talk_by_day(game, rng)
        requests = game.pending()
        if not requests:
            break
        for request in requests:
            game.decide(request.seat, request.kind, choose(game, request, rng))
    assert game.result is not None
    check(Moment(game, meldeliste, False), humans)


def test_a_villager_at_night_is_told_of_nobody_and_a_wolf_only_of_his_pack() -> None:
    names = tuple(f"P{i}" for i in range(6))
    game = Game(Setup(names=names, roles=("werewolf", "werewolf", "villager", "villager", "seer", "witch")))
    while game.phase.value != "night" or not any(e.type == "pack" for e in game.events):
        request = game.pending()[0]
        game.decide(request.seat, request.kind, choose(game, request, random.Random(1)))
    moment = Moment(game, False, False)
    every = plans(moment, set(range(6)))
    assert every[2].send == every[2].hear == frozenset(), "a sleeping villager hears and reaches nobody"
    assert every[0].send == every[0].hear == frozenset({1}), "the wolves talk to each other"
