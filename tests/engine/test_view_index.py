"""The per-seat index of visible events builds exactly the view the plain scan of the whole log builds,
after every decision of random legal games with random role sets (and at the end, when all is told)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game, Setup
from wolfrunde.engine.view import event_dict, full_view

from engine.helpers import play_out_checking
from engine.role_sets import setups


def check_every_seat(game: Game) -> None:
    for seat in range(len(game.players)):
        assert game.view(seat) == full_view(game, seat), seat
        assert game.answered_view(seat) == {**full_view(game, seat), "pending": [], "changeable": []}, seat
        indexed = game.index.of(game.events, seat)
        visible = [e for e in game.events if e.visible(seat)]
        assert indexed.counted == sum(1 for e in visible if e.type != "step")
        assert indexed.private == [event_dict(e) for e in visible if e.visible_to is not None]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_the_indexed_view_equals_the_full_scan_after_every_decision(setup, policy_seed):
    game = Game(setup)
    rng = random.Random(policy_seed)
    check_every_seat(game)
    play_out_checking(game, rng, lambda: check_every_seat(game))
    check_every_seat(game)


def test_a_view_does_not_share_its_lists_with_the_index():
    roles = ("werewolf", "seer", "villager", "villager", "witch")
    names = tuple(f"P{i}" for i in range(5))
    setup = Setup(names=names, roles=roles, center=(), rules="wolfrunde", mode="online", seed=7)
    game = Game(setup)
    first = game.view(0)
    first["events"].clear()
    first["players"].clear()
    assert game.view(0) == full_view(game, 0)
