"""Shared views (`view.SharedParts`): after every decision of random legal games, a seat's shared view is
the JSON of its fresh view, and every part that did not change since its last shared view (its events, each
player's row, the list of players, its own card, its card state, the speakers, an empty list of requests)
is that view's very object, so a diff or cache finds it unchanged by identity alone. A fresh view still
shares nothing with the index or the shared views."""

from __future__ import annotations

import itertools
import operator
import random
from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game, Setup
from wolfrunde.engine.view import continues, identical

from engine.helpers import play_out_checking
from engine.role_sets import setups

KEPT = ("events", "players", "you", "speakers")


def as_json(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


def check_against_last(game: Game, last: dict[int, dict[str, Any]], *, answered: bool = False) -> None:
    for seat in range(len(game.players)):
        fresh = game.answered_view(seat) if answered else game.view(seat)
        shared = game.answered_view(seat, shared=True) if answered else game.view(seat, shared=True)
        assert as_json(shared) == as_json(fresh), seat
        before = last.get(seat)
        if before is not None:
            for key in KEPT:
                if as_json(shared[key]) == as_json(before[key]):
                    assert shared[key] is before[key], (seat, key)
            for row, old_row in zip(shared["players"], before["players"], strict=False):
                if as_json(row) == as_json(old_row):
                    assert row is old_row, (seat, row)
            if as_json(shared["you"]["card_state"]) == as_json(before["you"]["card_state"]):
                assert shared["you"]["card_state"] is before["you"]["card_state"]
            for key in ("pending", "changeable"):
                if not shared[key] and not before[key]:
                    assert shared[key] is before[key], (seat, key)
        last[seat] = shared


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32), answered_every=st.integers(2, 5))
def test_a_shared_view_is_the_fresh_one_and_keeps_every_unchanged_part(setup, policy_seed, answered_every):
    game = Game(setup)
    rng = random.Random(policy_seed)
    last: dict[int, dict[str, Any]] = {}
    decisions = itertools.count(1)
    check_against_last(game, last)
    play_out_checking(game, rng, lambda: check_against_last(game, last, answered=next(decisions) % answered_every == 0))
    check_against_last(game, last)  # the end


def test_an_unchanged_game_gives_the_same_parts_and_a_fresh_view_shares_none():
    roles = ("werewolf", "seer", "villager", "villager", "witch")
    names = tuple(f"P{i}" for i in range(5))
    setup = Setup(names=names, roles=roles, center=(), rules="wolfrunde", mode="online", seed=7)
    game = Game(setup)
    first, second = game.view(0, shared=True), game.view(0, shared=True)
    assert first is not second and first["pending"] and not first["changeable"]  # the wolf is asked
    for key in (*KEPT, "changeable"):
        assert first[key] is second[key], key
    assert first["pending"] is not second["pending"]  # a request is described afresh each time
    fresh = game.view(0)
    for key in (*KEPT, "changeable"):
        assert fresh[key] is not first[key], key
    fresh["events"].clear()
    fresh["players"].clear()
    assert as_json(game.view(0, shared=True)) == as_json(first) and first["events"] and first["players"]


def test_identical_tells_apart_what_equality_does_not():
    assert identical({"a": True, "b": None}, {"a": True, "b": None})
    assert not identical({"a": True}, {"a": 1})  # equal in Python, not in JSON
    assert not identical({"a": True, "b": False}, {"b": True, "a": False})  # same values by position
    assert not identical({"a": [1]}, {"a": [1]})  # equal, but built apart


def follows(events: list[Any], earlier: list[Any]) -> bool:
    """`continues` the long way: every event of `earlier` at its place in `events`."""
    return len(events) >= len(earlier) and all(map(operator.is_, events, earlier))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_continues_tells_by_the_last_event_what_comparing_every_one_tells(setup, policy_seed):
    """A seat's views one after the other (shared or fresh, boundary views among them, the end's whole log
    last): whether the new events continue the last ones, checked by the last event alone, is always the
    answer of comparing every event. Earlier views against later ones too, and the other way round."""
    game = Game(setup)
    rng = random.Random(policy_seed)
    seen: dict[int, list[list[Any]]] = {seat: [] for seat in range(len(game.players))}

    def look() -> None:
        for seat, views in seen.items():
            events = game.view(seat, shared=rng.random() < 0.7)["events"]
            for earlier in views[-3:]:
                assert continues(events, earlier) == follows(events, earlier), seat
                assert continues(earlier, events) == follows(earlier, events), seat
            views.append(events)

    look()
    play_out_checking(game, rng, look)
    look()  # the end: every seat's events become the whole log
