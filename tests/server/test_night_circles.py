"""A seat's night circles (online.channels.NightCircles), read view by view, say after every view of
random games what a full scan of that view's events says: the nights the seat woke with the pack,
tonight's pack and the companions shown. Also when one reader is handed the views of several seats in
random order, so that it must start afresh."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game, Setup
from wolfrunde.server.online.channels import COMPANIONS, NightCircles
from wolfrunde.simulation.policy import choose

from engine.role_sets import setups

MAX_DECISIONS = 3000


def scanned(view: dict[str, Any]) -> tuple[list[int], frozenset[int], dict[str, frozenset[int]]]:
    """The three facts by the rules' own reading, one full pass per fact."""
    seat, round_ = view["seat"], int(view.get("round") or 0)
    nights: list[int] = []
    night, tonight = 0, frozenset[int]()
    for event in view["events"]:
        if event["type"] == "night":
            night = int(event.get("round") or 0)
            tonight = frozenset()
        elif event["type"] == "pack":
            if seat in event["pack"]:
                nights.append(night)
            if night == round_:
                tonight = frozenset(event["pack"])
    companions = {
        event["role"]: frozenset(event["members"]) for event in view["events"] if event["type"] == "companions"
    }
    return nights, tonight, companions


def read(circles: NightCircles, view: dict[str, Any]) -> tuple[list[int], frozenset[int], dict[str, frozenset[int]]]:
    circles.read(view)
    return list(circles.pack_nights), circles.tonights_pack(view), dict(circles.companions)


def views_of_a_game(setup: Setup, seed: int) -> list[dict[str, Any]]:
    game, rng = Game(setup), random.Random(seed)
    views = [game.view(seat) for seat in range(len(game.players))]
    for _ in range(MAX_DECISIONS):
        requests = game.pending()
        if not requests:
            break
        request = requests[0]
        game.decide(request.seat, request.kind, choose(game, request, rng))
        views.extend(game.view(seat) for seat in range(len(game.players)))
    assert game.result is not None
    return views


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), seed=st.integers(0, 2**32), order=st.randoms(use_true_random=False))
def test_circles_read_view_by_view_say_what_a_full_scan_says(setup: Setup, seed: int, order: random.Random) -> None:
    views = views_of_a_game(setup, seed)
    own = {seat: NightCircles() for seat in range(len(setup.roles))}
    for view in views:
        assert read(own[view["seat"]], view) == scanned(view)
    shared = NightCircles()
    for view in order.sample(views, min(len(views), 60)):
        assert read(shared, view) == scanned(view)


def test_a_random_game_with_the_companions_and_wolves_names_them() -> None:
    """The property above is not empty: companions and a pack are found."""
    roles = ("werewolf", "werewolf", "sister", "sister", "brother", "brother", "brother", "seer", "witch", "villager")
    setup = Setup(names=tuple(f"Spieler {i}" for i in range(len(roles))), roles=roles, seed=5)
    views = views_of_a_game(setup, 1)
    facts = [scanned(view) for view in views]
    assert any(tonight for _nights, tonight, _ in facts)
    assert {role for *_rest, companions in facts for role in companions} == set(COMPANIONS)
