"""The engine's door: every raw answer is checked against its request's form before a rule sees it.

A fuzz plays random legal games and, before every legal answer, throws wrong-typed, out-of-range, deep,
huge and foreign answers at every open request of every kind. Each must be refused with IllegalMove and
change nothing; every accepted answer is stored in its canonical type.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import EngineFault, Game, IllegalMove
from wolfrunde.engine.answers import FORMS, canonical
from wolfrunde.simulation.policy import choose

from engine.helpers import new_game, run_until, seat
from engine.role_sets import setups

JUNK: list[Any] = [
    0.0,
    1.0,
    True,
    False,
    -1,
    10**12,
    "",
    "0",
    "werewolf",
    "\ud800",
    [],
    [[1], [2]],
    [0.0, 1],
    [True, False],
    [0, 1, 2, 3],
    list(range(200)),
    {},
    {"heal": 0.0},
    {"poison": True},
    {"heal": [0]},
    {"heal": None, "poison": None, "extra": 1},
    {"0": 1},
    [[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]],
]


def fingerprint(game: Game) -> tuple[Any, ...]:
    return (
        len(game.events),
        tuple(game.history),
        tuple(sorted((r.seat, r.kind) for r in game.pending())),
        game.round,
        game.phase,
        game.step,
    )


def is_canonical(value: Any) -> bool:
    if value is None or isinstance(value, bool | str):
        return True
    if isinstance(value, int):
        return type(value) is int
    if isinstance(value, list):
        return all(type(item) is int for item in value)
    if isinstance(value, dict):
        return set(value) == {"heal", "poison"} and all(v is None or type(v) is int for v in value.values())
    return False


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32), junk_seed=st.integers(0, 2**32))
def test_junk_answers_to_every_request_kind_are_refused_and_change_nothing(setup, policy_seed, junk_seed):
    game = Game(setup)
    rng, junk_rng = random.Random(policy_seed), random.Random(junk_seed)
    seen_forms: set[str] = set()
    for _ in range(3000):
        requests = game.pending()
        if not requests:
            break
        for request in requests:
            seen_forms.add(request.options["type"])
            for junk in junk_rng.sample(JUNK, 4):
                before = fingerprint(game)
                try:
                    game.decide(request.seat, request.kind, junk)
                except IllegalMove:
                    assert fingerprint(game) == before, f"a refused {request.kind} answer {junk!r} changed the game"
                    continue
                # accepted: only where the junk happens to be a legal answer; it is kept canonical
                assert is_canonical(game.history[-1][2]), f"{request.kind}: {game.history[-1]!r} is not canonical"
                break
            else:
                if (request.seat, request.kind) in {(r.seat, r.kind) for r in game.pending()}:
                    game.decide(request.seat, request.kind, choose(game, request, rng))
    assert all(is_canonical(choice) for _, _, choice in game.history)
    assert seen_forms <= set(FORMS)


def test_every_answer_form_has_a_door() -> None:
    for form in ("seat", "seats", "gap", "choice", "card", "number", "witch", "confirm"):
        assert form in FORMS
    with pytest.raises(IllegalMove, match="Unbekannte Art"):
        canonical({"type": "telepathy"}, 1)


def test_a_float_seat_in_the_witchs_poison_is_refused_before_it_is_stored() -> None:
    """The reported break: {"heal": null, "poison": 0.0} while the Flötenspieler still had to act."""
    game = new_game("werewolf", "witch", "piper", "villager", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "witch" in {r.kind for r in g.pending()}, werewolves="Dora")
    witch = seat(game, "Ben")
    before = fingerprint(game)
    for bad in ({"heal": None, "poison": 0.0}, {"heal": True}, {"poison": [0]}, {"heal": 3.0, "poison": None}):
        with pytest.raises(IllegalMove, match="ganze Zahl"):
            game.decide(witch, "witch", bad)
        assert fingerprint(game) == before
    game.decide(witch, "witch", {"heal": None, "poison": 0})
    assert game.history[-1] == (witch, "witch", {"heal": None, "poison": 0})


def test_the_dog_handler_takes_two_seats_and_nothing_else() -> None:
    game = new_game("werewolf", "dog_handler", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "dog_handler" in {r.kind for r in g.pending()}, werewolves="Dora")
    handler = seat(game, "Ben")
    before = fingerprint(game)
    for bad in ([[1], [2]], [2], [2.0, 3], {"a": 2}, "2,3", [True, 2]):
        with pytest.raises(IllegalMove):
            game.decide(handler, "dog_handler", bad)
        assert fingerprint(game) == before


def test_a_rule_that_fails_raises_engine_fault_and_a_replay_restores_the_game_before_it(monkeypatch) -> None:
    game = new_game("werewolf", "seer", "witch", "villager", "villager", "villager")
    run_until(game, lambda g: "seer" in {r.kind for r in g.pending()}, werewolves="Dora")
    history = list(game.history)
    seer = seat(game, "Ben")

    from wolfrunde.engine import game as game_module

    def broken_advance(self: Game, answers: Any) -> None:
        raise TypeError("a bug in a rule")

    monkeypatch.setattr(game_module.Game, "_advance", broken_advance)
    with pytest.raises(EngineFault):
        game.decide(seer, "seer", seat(game, "Anna"))
    monkeypatch.undo()
    assert game.broken and game.history == history, "the failed decision is not kept"
    with pytest.raises(EngineFault):
        game.decide(seer, "seer", seat(game, "Anna"))
    rebuilt = Game.replay(game.setup, game.history)
    assert {(r.seat, r.kind) for r in rebuilt.pending()} == {(seer, "seer")}
    rebuilt.decide(seer, "seer", seat(rebuilt, "Anna"))
    assert rebuilt.history[-1] == (seer, "seer", seat(rebuilt, "Anna"))


def test_a_timeout_with_nothing_open_does_nothing() -> None:
    game = new_game("werewolf", "seer", "villager", "villager", "villager")
    rng = random.Random(3)
    for _ in range(500):
        if game.result is not None:
            break
        for request in game.pending():
            game.decide(request.seat, request.kind, choose(game, request, rng))
    assert game.result is not None and not game.pending()
    before = fingerprint(game)
    game.timeout()
    assert fingerprint(game) == before
