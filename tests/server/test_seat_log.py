"""A seat's log kept view by view (payloads.SeatLog) says exactly what the log told afresh says, after
every decision of random games and at the end (the omniscient log), also when the seats of a game share
the events' lines (payloads.EventLines)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game
from wolfrunde.server.online.payloads import EventLines, SeatLog, log
from wolfrunde.simulation.policy import choose

from engine.helpers import play_out_checking
from engine.role_sets import setups


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_the_kept_log_equals_the_log_told_afresh_after_every_decision(setup, policy_seed):
    game = Game(setup)
    rng = random.Random(policy_seed)
    shared = EventLines()
    kept = {seat: SeatLog(shared if seat % 2 else None) for seat in range(len(game.players))}

    def check() -> None:
        for seat, seat_log in kept.items():
            view = game.view(seat)
            assert seat_log.lines(view) == log(view), seat

    check()
    play_out_checking(game, rng, check)
    check()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_one_kept_log_serves_every_seats_view_of_the_end(setup, policy_seed):
    """The end's views tell every event to nobody in particular: one SeatLog (as an online game keeps for
    the end) gives every seat's end view the log told afresh, whichever seat asks first."""
    game = Game(setup)
    rng = random.Random(policy_seed)
    for _ in range(3000):
        requests = game.pending()
        if not requests:
            break
        request = rng.choice(requests)
        game.decide(request.seat, request.kind, choose(game, request, rng))
    assert game.result is not None
    end = SeatLog(EventLines())
    seats = list(range(len(game.players)))
    rng.shuffle(seats)
    for seat in seats:
        view = game.view(seat)
        assert end.lines(view) == log(view), seat


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32))
def test_the_lines_of_shared_views_are_the_same_list_while_none_is_added_and_never_change(setup, policy_seed):
    """What a room sends: a seat's shared views (unchanged events are the same list) give the same list of
    lines while no line is added, so a diff skips it; a list handed out is never changed afterwards."""
    game = Game(setup)
    rng = random.Random(policy_seed)
    kept = {seat: SeatLog(EventLines()) for seat in range(len(game.players))}
    handed: dict[int, tuple[list[dict[str, object]], list[dict[str, object]]]] = {}

    def check() -> None:
        for seat, seat_log in kept.items():
            view = game.view(seat, shared=True)
            lines = seat_log.lines(view)
            assert lines == log(view), seat
            before = handed.get(seat)
            if before is not None:
                assert before[0] == before[1], "a list handed out was changed"
                if lines == before[1]:
                    assert lines is before[0], seat
            handed[seat] = (lines, list(lines))

    check()
    play_out_checking(game, rng, check)
    check()
