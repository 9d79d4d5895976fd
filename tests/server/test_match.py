import random

import pytest

from wolfrunde.server.match import IllegalMove, Match, SetupError, check_roles, deal, recommended, replay

SETUP = {
    "names": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "roles": ["werewolf", "seer", "witch", "villager", "villager"],
    "center": [],
    "rules": "wolfrunde",
    "mode": "online",
    "seed": 1,
    "meldeliste": False,
}


def to_night_two(match: Match) -> None:
    match.decide(0, "werewolves", 1)  # the pack takes the seer
    match.decide(1, "seer", 0)
    match.decide(2, "witch", None)
    while match.game.phase.value == "day":
        match.timeout()


def test_a_night_step_of_a_dead_role_counts_as_skipped() -> None:
    match = Match(SETUP)
    to_night_two(match)
    assert match.night_number() == 2 and match.waiting_seats() == {0}
    change = match.decide(0, "werewolves", 3)
    assert match.game.step == "witch"
    assert change.new_requests and change.skipped_steps == 1  # the dead seer's step asked nobody


def test_a_decision_that_leaves_others_waiting_brings_no_new_requests() -> None:
    match = Match(SETUP)
    match.decide(0, "werewolves", 1)
    match.decide(1, "seer", 0)
    match.decide(2, "witch", None)
    assert match.phase_kind() == "vote"  # the captain election of day 1
    change = match.decide(3, "captain", 0)
    assert not change.new_requests and change.skipped_steps == 0


def test_timer_kinds_follow_the_phase() -> None:
    match = Match(SETUP)
    assert match.phase_kind() == "night"
    match.decide(0, "werewolves", 1)
    match.decide(1, "seer", 0)
    match.decide(2, "witch", None)
    while not any(kind == "ready" for _, kind in {(r.seat, r.kind) for r in match.game.pending()}):
        match.timeout()
    assert match.phase_kind() == "day"


def test_illegal_moves_leave_the_match_unchanged() -> None:
    match = Match(SETUP)
    before = match.view(0)
    with pytest.raises(IllegalMove):
        match.decide(0, "werewolves", 0)
    with pytest.raises(IllegalMove):
        match.decide(3, "seer", 0)
    assert match.view(0) == before


def test_replay_restores_the_same_views() -> None:
    match = Match(SETUP)
    commands = [("decide", 0, "werewolves", 1), ("decide", 1, "seer", 0), ("timeout", None, None, None)]
    for op, seat, kind, choice in commands:
        if op == "timeout":
            match.timeout()
        else:
            match.decide(seat, kind, choice)
    again = replay(SETUP, commands)
    assert [again.view(s) for s in range(5)] == [match.view(s) for s in range(5)]


def test_deal_shuffles_the_cards_and_keeps_the_thief_at_the_table() -> None:
    names = [f"P{i}" for i in range(8)]
    roles = ["werewolf", "werewolf", "thief", "seer", "witch", "hunter", "villager", "villager", "cupid", "bodyguard"]
    for seed in range(30):
        setup = deal(names, roles, rules="wolfrunde", mode="online", rng=random.Random(seed))
        assert "thief" in setup["roles"] and len(setup["center"]) == 2
        assert sorted(setup["roles"] + setup["center"]) == sorted(roles)
        assert setup["seed"].bit_length() > 64, "the engine's seed is far too large to guess"
        assert setup["narration_seed"] != setup["seed"]
    with pytest.raises(SetupError):
        deal(names[:3], ["werewolf", "seer", "witch"], rules="wolfrunde", mode="online", rng=random.Random(0))
    assert recommended(7, "wolfrunde") is not None and len(recommended(7, "wolfrunde")) == 7


def test_a_set_the_lobby_accepts_always_starts_sets_stay_together() -> None:
    """The reported deal bug: Dieb + two Schwestern was accepted, then about one start in four failed."""
    names = [f"P{i}" for i in range(8)]
    roles = ["werewolf", "thief", "sister", "sister", "seer", "witch", "villager", "villager", "hunter", "villager"]
    for mode in ("online", "table_single_device", "table_own_devices"):
        assert check_roles(roles, "wolfrunde", mode) is None
        for seed in range(200):
            setup = deal(names, roles, rules="wolfrunde", mode=mode, rng=random.Random(seed))
            assert "sister" not in setup["center"] and "thief" not in setup["center"]
