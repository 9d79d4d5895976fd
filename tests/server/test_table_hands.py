"""Hand signs: counted hands become engine ballots that give the same tally."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.server.test_table_single import new_device, tap

from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table.hands import HandsError, ballots_from_hands


def test_counts_become_one_ballot_per_voter_and_the_rest_abstain() -> None:
    choices = {seat: [0, 1, 2, 3, 4] for seat in range(5)}
    ballots = ballots_from_hands(choices, {1: 2, 3: 2})
    assert Counter(b for b in ballots.values() if b is not None) == {1: 2, 3: 2}
    assert sorted(ballots) == [0, 1, 2, 3, 4] and list(ballots.values()).count(None) == 1


def test_the_captains_hand_is_his_own_ballot() -> None:
    choices = {seat: [0, 1, 2, 3] for seat in range(4)}
    ballots = ballots_from_hands(choices, {2: 3}, captain=0, captain_choice=2)
    assert ballots[0] == 2 and Counter(ballots.values()) == {2: 3, None: 1}


def test_voters_are_matched_to_hands_they_may_give() -> None:
    # voter 0 may not vote for 1 (Düsterwald: his lover); the matching still finds a way
    choices = {0: [0, 2], 1: [0, 1, 2], 2: [0, 1, 2]}
    ballots = ballots_from_hands(choices, {1: 2, 2: 1})
    assert ballots[0] == 2 and ballots[1] == ballots[2] == 1


@pytest.mark.parametrize("counts", [{0: 4}, {0: -1}])
def test_impossible_counts_are_refused_in_german(counts: dict[int, int]) -> None:
    with pytest.raises(HandsError):
        ballots_from_hands({0: [0, 1], 1: [0, 1], 2: [0, 1]}, counts)


def test_recorded_hands_give_the_engines_tally() -> None:
    device = new_device(8, 4, "eyes_closed", "hands")
    rng = random.Random(4)
    for _ in range(500):
        screen = device.screen()
        if screen["screen"] == "hands" and screen["kind"] == "vote":
            break
        device.apply(*tap(screen, rng), 0)
    else:
        raise AssertionError("no execution vote reached")
    candidates = screen["candidates"]
    counts = {candidates[0]: 3, candidates[1]: 2}
    captain = screen["captain"]
    captain_choice = candidates[0] if captain is not None else None
    with pytest.raises(Refusal):
        device.apply("hands", {"counts": {str(candidates[0]): 99}}, 0)
    for not_whole in (1.5, "2", True):  # hands are counted in whole numbers: nothing is rounded
        with pytest.raises(Refusal, match="malformed"):
            device.apply("hands", {"counts": {str(candidates[0]): not_whole}}, 0)
    device.apply("hands", {"counts": {str(k): v for k, v in counts.items()}, "captain_choice": captain_choice}, 0)
    votes = next(e for e in reversed(device.match.game.events) if e.type == "votes")
    expected = dict(counts)
    if captain is not None:
        expected[candidates[0]] += 1  # the engine weighs the captain's ballot double
        assert votes.data["ballots"][captain] == candidates[0]
    assert {seat: n for seat, n in votes.data["counts"].items() if n} == expected
