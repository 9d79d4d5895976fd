"""The rulings of 2026-12-01 (shared spec rulings.md: the tie line, the Engel line, "Further rulings")."""

import pytest

from wolfrunde.engine import IllegalMove

from engine.helpers import answer, kinds, new_game, run_until, seat


def day_vote(game, **votes):
    """Run to the day's vote and cast these votes (voter name -> target name); the rest abstain."""
    run_until(game, lambda g: "vote" in kinds(g))
    for request in game.pending():
        target = votes.get(game.name(request.seat))
        game.decide(request.seat, request.kind, None if target is None else seat(game, target))


def test_a_captain_who_does_not_break_the_tie_picks_nobody_and_nobody_dies():
    game = new_game("werewolf", "villager", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "captain" in kinds(g))
    answer(game, captain="Ben")
    day_vote(game, Ben="Dora", Carl="Emil", Frieda="Emil")
    (request,) = game.pending()
    assert (request.kind, request.seat, request.default) == ("tiebreak", seat(game, "Ben"), None)
    assert request.options == {"type": "seat", "choices": [3, 4], "optional": True}
    game.timeout()
    assert not [e for e in game.events if e.type == "death"]
    types = [e.type for e in game.events]
    assert types[types.index("tie") + 1] == "no_verdict"


def test_a_captain_may_still_pick_one_of_the_tied():
    game = new_game("werewolf", "villager", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "captain" in kinds(g))
    answer(game, captain="Ben")
    day_vote(game, Ben="Dora", Carl="Emil", Frieda="Emil")
    answer(game, tiebreak="Emil")
    assert [e.data["player"] for e in game.events if e.type == "death"] == [seat(game, "Emil")]


def test_the_judges_second_vote_is_not_the_angels_first_verdict():
    game = new_game("werewolf", "angel", "judge", "villager", "villager", "villager")
    day_vote(game, Anna="Dora", Carl="Emil")  # a tie without Hauptmann: nobody dies
    answer(game, judge=True)
    day_vote_kind = {r.kind for r in game.pending()}
    assert day_vote_kind == {"second_vote"}
    answer(game, second_vote="Ben")
    assert game.result is None
    assert [e.data["cause"] for e in game.events if e.type == "death"] == ["vote"]


def test_the_angel_condemned_by_the_first_vote_of_day_1_wins():
    game = new_game("werewolf", "angel", "judge", "villager", "villager", "villager")
    day_vote(game, Anna="Ben", Carl="Ben")
    assert game.result == {"winner": "angel", "winners": [seat(game, "Ben")]}


def test_the_guard_chain_is_not_broken_by_a_night_without_guard():
    game = new_game("werewolf", "bodyguard", "villager", "villager", "villager", "villager")
    answer(game, bodyguard="Carl")
    run_until(game, lambda g: g.round == 2 and "bodyguard" in kinds(g))
    assert seat(game, "Carl") not in game.pending()[0].options["choices"]
    answer(game)  # night 2: nobody guarded
    run_until(game, lambda g: g.round == 3 and "bodyguard" in kinds(g))
    with pytest.raises(IllegalMove, match="nicht zwei Nächte hintereinander"):
        game.decide(seat(game, "Ben"), "bodyguard", seat(game, "Carl"))
    game.decide(seat(game, "Ben"), "bodyguard", seat(game, "Dora"))
    run_until(game, lambda g: g.round == 4 and "bodyguard" in kinds(g))
    assert seat(game, "Carl") in game.pending()[0].options["choices"]


def test_the_piper_enchants_exactly_two_or_all_that_remain():
    roles = ("werewolf", "piper", *["villager"] * 6)
    game = new_game(*roles)
    counts = []
    for targets in (["Carl", "Dora"], ["Emil", "Frieda"], ["Gustav", "Anna"], ["Hanna"]):
        run_until(game, lambda g: "piper" in kinds(g))
        (request,) = [r for r in game.pending() if r.kind == "piper"]
        counts.append(request.options["count"])
        if targets == ["Hanna"]:
            with pytest.raises(IllegalMove, match="Genau 1"):
                game.decide(request.seat, "piper", [seat(game, "Hanna"), seat(game, "Carl")])
        answer(game, piper=targets)
    assert counts == [2, 2, 2, 1]
    run_until(game, lambda g: g.result is not None)
    assert game.result == {"winner": "pied_piper", "winners": [seat(game, "Ben")]}


def test_a_committed_single_device_maid_is_not_asked_again_until_somebody_is_condemned():
    game = new_game("werewolf", "maid", "seer", "villager", "villager", "villager", mode="table_single_device")
    run_until(game, lambda g: "maid" in kinds(g))
    answer(game, maid=True)
    run_until(game, lambda g: g.round == 2 and g.phase.value == "day")
    asked = [(s, k) for s, k, _ in game.history if k == "maid"]
    assert asked == [(seat(game, "Ben"), "maid")], "night 2 asks her nothing"
    assert "maid" in [e.data["step"] for e in game.events if e.type == "step" and e.data["round"] == 2]
    day_vote(game, Anna="Carl", Emil="Carl", Frieda="Carl")
    assert game.players[seat(game, "Ben")].card == "seer"
    died = next(e for e in game.events if e.type == "died" and e.data["phase"] == "day")
    assert died.data["role"] == "seer", "at a single device the village hears the role as usual"


def test_a_single_device_maid_who_said_no_is_asked_again():
    game = new_game("werewolf", "maid", "seer", "villager", "villager", "villager", mode="table_single_device")
    run_until(game, lambda g: "maid" in kinds(g))
    answer(game, maid=False)
    run_until(game, lambda g: g.round == 2 and "maid" in kinds(g))
    assert {r.kind for r in game.pending()} == {"maid"}


def test_the_last_two_voting_each_other_is_a_wolfrunde_rule():
    for rules, expected in (("wolfrunde", "draw"), ("duesterwald", None)):
        game = new_game("white_wolf", "werewolf", "witch", "villager", "hunter", "villager", rules=rules)
        answer(game, werewolves="Dora")
        run_until(game, lambda g: "witch" in kinds(g))
        answer(game, witch={"poison": "Ben"})
        day_vote(game, Anna="Emil", Carl="Emil", Frieda="Emil")
        answer(game, hunter="Frieda")
        day_vote(game, Anna="Carl", Carl="Anna")
        if expected == "draw":
            assert game.result == {"winner": "draw", "winners": []}
        else:
            tie = [e for e in game.events if e.type == "tie"][-1]
            assert tie.data["resolution"] == "revote" and {r.kind for r in game.pending()} == {"revote"}


def test_a_couple_of_the_white_wolf_and_another_wolf_is_mixed():
    from wolfrunde.engine.roles import cupid

    game = new_game("werewolf", "white_wolf", "witch", "hunter", "villager", "cupid")
    answer(game, cupid=["Anna", "Ben"])
    assert cupid.mixed(game) == {0, 1}


def test_two_wolf_side_lovers_are_a_couple_of_the_wolf_side():
    from wolfrunde.engine.roles import cupid

    game = new_game("primal_wolf", "villager", "witch", "hunter", "villager", "cupid")
    answer(game, cupid=["Anna", "Ben"])
    run_until(game, lambda g: "werewolves" in kinds(g))
    answer(game, werewolves="Ben")
    assert cupid.mixed(game) == {0, 1}, "a wolf and a villager: mixed"
    answer(game, infect=True)
    assert cupid.mixed(game) == set(), "infected, both are wolf-side: a couple of the wolf side"
