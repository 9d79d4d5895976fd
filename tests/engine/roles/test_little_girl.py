"""Mädchen: duesterwald catch, wolfrunde peek with clarity, nothing at a single-device table."""

import pytest

from engine.helpers import answer, kinds, new_game, run_until

ROLES = ("werewolf", "werewolf", "little_girl", "seer", "villager", "villager", "villager", "villager")


def test_online_peek_is_asked_alongside_the_pack():
    game = new_game(*ROLES)
    assert kinds(game) == {"werewolves", "peek"}
    (peek,) = [r for r in game.pending() if r.kind == "peek"]
    assert peek.seat == 2 and peek.options == {"type": "number", "min": 0, "max": 100} and peek.default == 0


@pytest.mark.parametrize(("clarity", "shown"), [(100, 1), (50, 4), (1, 7)])
def test_clarity_narrows_the_candidates_for_both_sides(clarity, shown):
    game = new_game(*ROLES, seed=clarity)
    answer(game, werewolves="Dora", peek=clarity)
    (girl_view,) = [e for e in game.view(2)["events"] if e["type"] == "peek"]
    assert len(girl_view["candidates"]) == shown
    assert set(girl_view["candidates"]) & {0, 1}
    wolf_views = [e for w in (0, 1) for e in game.view(w)["events"] if e["type"] == "peeked_at"]
    assert len(wolf_views) == 1 and 2 in wolf_views[0]["candidates"]
    assert len(wolf_views[0]["candidates"]) == shown


def test_no_peek_no_view():
    game = new_game(*ROLES)
    answer(game, werewolves="Dora", peek=0)
    assert not any(e.type in ("peek", "peeked_at") for e in game.events)


def test_illegal_clarity():
    from wolfrunde.engine import IllegalMove

    game = new_game(*ROLES)
    with pytest.raises(IllegalMove, match="0 bis 100"):
        game.decide(2, "peek", 101)


def test_single_device_table_asks_nothing():
    game = new_game(*ROLES, mode="table_single_device")
    assert kinds(game) == {"werewolves"}


def test_duesterwald_caught_girl_dies_and_pack_kills_nobody_else():
    game = new_game(*ROLES, rules="duesterwald")
    run_until(game, lambda g: "werewolves" in kinds(g))  # the Seherin wakes first (seed 001)
    answer(game, werewolves="Dora", peek=True)
    assert kinds(game) == {"catch"}
    answer(game, catch=True)
    run_until(game, lambda g: g.phase.value == "day")
    deaths = [(e.data["player"], e.data["cause"]) for e in game.events if e.type == "death"]
    assert deaths == [(2, "caught")]


def test_duesterwald_peek_not_caught_sees_the_pack():
    game = new_game(*ROLES, rules="duesterwald")
    run_until(game, lambda g: "werewolves" in kinds(g))  # the Seherin wakes first (seed 001)
    answer(game, werewolves="Dora", peek=True)
    answer(game, catch=False)
    (seen,) = [e for e in game.view(2)["events"] if e["type"] == "peek"]
    assert seen["pack"] == [0, 1]
    run_until(game, lambda g: g.phase.value == "day")
    assert [e.data["player"] for e in game.events if e.type == "death"] == [3]


@pytest.mark.parametrize("peeked", [False, True])
def test_duesterwald_wolves_are_asked_whether_or_not_she_peeked(peeked):
    game = new_game(*ROLES, rules="duesterwald")
    run_until(game, lambda g: "werewolves" in kinds(g))
    answer(game, werewolves="Dora", peek=peeked)
    assert kinds(game) == {"catch"}, "being asked tells the wolves nothing"
    answer(game, catch=True)
    run_until(game, lambda g: g.phase.value == "day")
    deaths = [(e.data["player"], e.data["cause"]) for e in game.events if e.type == "death"]
    assert deaths == ([(2, "caught")] if peeked else [(3, "werewolves")]), "a yes without a peek catches nobody"
