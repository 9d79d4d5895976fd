"""Requests whose mere existence is secret change nothing anyone else can see (issue 11, "Side channels").

The Magd's and the Richter's windows are public steps of every verdict and every day's vote; the Urwolf's
infection question and the Düsterwald Mädchen's catch question happen inside the pack's step. Pairs of
games that differ only in such a hidden fact must look the same to every seat not involved: the same
public events, the same views whenever that seat has something to decide, the same `view_version`s.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game
from wolfrunde.engine.core import AFTER_VOTE, BEFORE_REVEAL, DAY_STEPS
from wolfrunde.engine.night_order import night_order
from wolfrunde.simulation.policy import choose

from engine.helpers import new_game, seat
from engine.role_sets import setups

SECRET_KINDS = {"judge", "infect", "catch", "peek"}  # never a step ("maid" is the single-device night step)


def public(game: Game) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, e.data) for e in game.events if e.visible_to is None]


def play(game: Game, answers: dict[str, Any], watcher: int, rounds: int = 2) -> list[dict[str, Any]]:
    """Play with fixed answers by request kind (names become seats); return the watcher's view each time
    it has to decide, and its view_version sequence."""
    seen: list[dict[str, Any]] = []
    for _ in range(400):
        if game.result is not None or game.round > rounds:
            break
        requests = game.pending()
        if any(r.seat == watcher for r in requests):
            seen.append({"view": game.view(watcher), "version": game.view_version(watcher)})
        for request in requests:
            value = answers.get(request.kind, request.default)
            if callable(value):
                value = value(game, request)
            elif isinstance(value, str) and request.options["type"] == "seat":
                value = seat(game, value)
            game.decide(request.seat, request.kind, value)
    return seen


def vote_for(*names: str):
    """The first of these players that may be chosen now, else nobody."""

    def pick(game: Game, request: Any) -> int | None:
        for name in names:
            if seat(game, name) in request.options["choices"]:
                return seat(game, name)
        return None

    return pick


NIGHTS_AND_DAYS = {"vote": vote_for("Emil", "Dora", "Gustav"), "werewolves": vote_for("Frieda", "Gustav", "Dora")}


def test_every_verdict_and_every_days_vote_open_a_public_window_without_magd_or_richter():
    game = new_game("werewolf", "seer", "villager", "villager", "villager", "villager")
    play(game, {"vote": vote_for("Dora")}, watcher=2, rounds=1)
    day = [(e.type, e.data.get("step")) for e in game.events if e.visible_to is None]
    verdict = day.index(("verdict", None))
    assert day[verdict + 1] == ("step", BEFORE_REVEAL)
    assert ("step", AFTER_VOTE) in day[verdict:]
    assert game.view(2)["step"] != "judge"


def test_a_day_without_verdict_still_opens_the_window_after_the_vote():
    game = new_game("werewolf", "seer", "villager", "villager", "villager", "villager", mode="table_single_device")
    play(game, {}, watcher=2, rounds=1)
    steps = [e.data["step"] for e in game.events if e.type == "step" and e.data["round"] == 1]
    assert steps[-1] == AFTER_VOTE and BEFORE_REVEAL not in steps


def pair(roles_a: tuple[str, ...], roles_b: tuple[str, ...], answers: dict[str, Any], watcher: int, **kw: Any):
    a, b = new_game(*roles_a, **kw), new_game(*roles_b, **kw)
    return (a, play(a, answers, watcher)), (b, play(b, answers, watcher))


def assert_same_for(watcher_name: str, a: tuple[Game, list], b: tuple[Game, list]) -> None:
    (game_a, seen_a), (game_b, seen_b) = a, b
    assert public(game_a) == public(game_b)
    assert seen_a == seen_b, f"{watcher_name} sees a difference"


def test_a_living_magd_who_declines_looks_like_no_magd_at_all():
    answers = {
        "vote": vote_for("Emil", "Dora", "Gustav"),
        "maid": False,
        "werewolves": vote_for("Frieda", "Gustav", "Dora"),
    }
    roles = ("werewolf", "maid", "villager", "villager", "villager", "villager", "villager")
    plain = ("werewolf", "villager", "villager", "villager", "villager", "villager", "villager")
    a, b = pair(roles, plain, answers, watcher=2)
    assert any(kind == "maid" for _, kind, _ in a[0].history)
    assert_same_for("Carl", a, b)


def test_a_living_richter_who_declines_looks_like_no_richter_at_all():
    answers = {
        "vote": vote_for("Emil", "Dora", "Gustav"),
        "judge": False,
        "werewolves": vote_for("Frieda", "Gustav", "Dora"),
    }
    roles = ("werewolf", "judge", "villager", "villager", "villager", "villager", "villager")
    plain = ("werewolf", "villager", "villager", "villager", "villager", "villager", "villager")
    a, b = pair(roles, plain, answers, watcher=2)
    assert any(kind == "judge" for _, kind, _ in a[0].history)
    assert_same_for("Carl", a, b)


def test_the_urwolfs_question_changes_nothing_outside_the_pack():
    answers = {
        "vote": vote_for("Emil", "Dora", "Gustav"),
        "infect": False,
        "werewolves": vote_for("Frieda", "Gustav", "Dora"),
    }
    roles = ("primal_wolf", "seer", "villager", "villager", "villager", "villager", "villager")
    plain = ("werewolf", "seer", "villager", "villager", "villager", "villager", "villager")
    a, b = pair(roles, plain, answers, watcher=2)
    assert any(kind == "infect" for _, kind, _ in a[0].history)
    assert_same_for("Carl", a, b)


def test_the_duesterwald_catch_question_changes_nothing_outside_the_pack_and_the_girl():
    roles = ("werewolf", "werewolf", "little_girl", "villager", "villager", "villager", "villager", "villager")
    peeks = {
        "peek": True,
        "catch": False,
        "werewolves": vote_for("Dora", "Frieda", "Gustav", "Hanna"),
        "vote": vote_for("Emil", "Dora", "Gustav"),
    }
    stays = {**peeks, "peek": False}
    a = new_game(*roles, rules="duesterwald")
    b = new_game(*roles, rules="duesterwald")
    seen_a, seen_b = play(a, peeks, watcher=5), play(b, stays, watcher=5)
    assert any(kind == "catch" for _, kind, _ in a.history)
    assert public(a) == public(b) and seen_a == seen_b


def test_the_infection_question_leaves_every_other_seats_view_version_alone():
    game = new_game("primal_wolf", "seer", "villager", "villager", "villager", "villager", "villager")
    others = range(1, 7)
    before = {s: game.view_version(s) for s in others}
    game.decide(0, "werewolves", seat(game, "Dora"))
    assert {r.kind for r in game.pending()} == {"infect"}
    assert {s: game.view_version(s) for s in others} == before
    assert game.view_version(0) != game.view_version(1)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_the_step_every_view_shows_is_a_public_step_never_a_secret_request(setup, policy_seed):
    game = Game(setup)
    rng = random.Random(policy_seed)
    public_steps = set(night_order()) | set(DAY_STEPS) | {"second_vote", "captain_election"}
    for _ in range(3000):
        requests = game.pending()
        if not requests:
            break
        step = game.step
        assert step is None or step in public_steps, step
        assert step not in SECRET_KINDS
        assert step != "maid" or game.phase.value == "night"
        if step is not None and step not in ("vote", "revote", "second_vote", "discussion", "captain_election"):
            announced = [e for e in game.events if e.visible_to is None and e.type == "step"]
            assert announced and announced[-1].data["step"] == step, "a step is announced before it rests"
        for request in requests:
            game.decide(request.seat, request.kind, choose(game, request, rng))
