"""Day votes that may be changed while they are open (docs/rulings.md, "Changing a vote"), and the live
tally every seat sees."""

import pytest

from wolfrunde.engine import Game, IllegalMove
from wolfrunde.engine.view import event_dict
from wolfrunde.engine.votes import live

from engine.helpers import answer, kinds, new_game, run_until, seat

ROLES = ("werewolf", "villager", "villager", "villager", "villager", "villager")


def to_vote(game: Game, **choices: object) -> None:
    run_until(game, lambda g: "vote" in kinds(g), **choices)


def ballots_of(game: Game) -> dict[int, int | None]:
    return next(e.data["ballots"] for e in reversed(game.events) if e.type == "votes")


def deaths(game: Game) -> list[int]:
    return [e.data["player"] for e in game.events if e.type == "death"]


def test_the_last_ballot_counts():
    game = new_game(*ROLES)
    to_vote(game)  # the wolf's night passes (nobody is attacked), no Hauptmann
    anna, ben, carl = seat(game, "Anna"), seat(game, "Ben"), seat(game, "Carl")
    game.decide(anna, "vote", ben)
    game.decide(anna, "vote", carl)  # changed his mind
    game.decide(anna, "vote", carl)  # the same again changes nothing and is not recorded
    assert [h for h in game.history if h[1] == "vote"] == [(anna, "vote", ben), (anna, "vote", carl)]
    for request in game.pending():
        game.decide(request.seat, "vote", carl if request.seat != carl else ben)
    assert ballots_of(game)[anna] == carl
    assert deaths(game) == [carl]
    again = Game.replay(game.setup, game.history)
    assert [event_dict(e) for e in again.events] == [event_dict(e) for e in game.events]


def test_only_the_voter_is_told_of_his_change():
    game = new_game(*ROLES)
    to_vote(game)
    game.decide(1, "vote", 2)
    game.decide(1, "vote", None)
    (changed,) = [e for e in game.events if e.type == "vote_changed"]
    assert changed.visible_to == frozenset({1})
    assert changed.data == {"voter": 1, "kind": "vote", "target": None}
    (mine,) = game.view(1)["changeable"]
    assert (mine["seat"], mine["kind"], mine["chosen"], mine["options"]["changeable"]) == (1, "vote", None, True)
    assert game.view(2)["changeable"] == []
    assert all(e["type"] != "vote_changed" for e in game.view(2)["events"])


def test_a_ballot_cannot_be_changed_once_the_vote_has_closed():
    game = new_game(*ROLES)
    to_vote(game)
    for request in game.pending():
        game.decide(request.seat, "vote", None)  # everyone abstains: the vote closes, nobody dies
    assert game.phase.value == "night"
    with pytest.raises(IllegalMove, match="gerade nichts dazu gefragt"):
        game.decide(1, "vote", 2)


def test_the_timer_keeps_the_changed_ballots_and_closes_the_vote():
    game = new_game(*ROLES)
    to_vote(game)
    game.decide(1, "vote", 2)
    game.decide(1, "vote", 3)
    game.decide(4, "vote", 3)
    game.timeout()  # the others abstain
    assert ballots_of(game)[1] == 3 and deaths(game) == [3]
    with pytest.raises(IllegalMove):
        game.decide(1, "vote", 2)


def test_the_dead_cannot_vote_or_change():
    game = new_game(*ROLES)
    to_vote(game, werewolves="Carl")
    carl = seat(game, "Carl")
    assert not game.players[carl].alive
    with pytest.raises(IllegalMove, match="Carl ist tot"):
        game.decide(carl, "vote", 1)
    game.decide(1, "vote", 3)
    for request in game.pending():
        game.decide(request.seat, "vote", 3)
    assert ballots_of(game) == {0: 3, 1: 3, 3: 3, 4: 3, 5: 3}  # the dead Carl has no ballot
    assert deaths(game)[-1] == 3
    with pytest.raises(IllegalMove, match="Dora ist tot"):
        game.decide(3, "vote", 1)


def test_the_night_votes_cannot_be_changed():
    game = new_game("werewolf", "werewolf", "villager", "villager", "villager", "villager")
    first, _ = game.pending()
    assert "changeable" not in first.options
    game.decide(first.seat, first.kind, 3)
    with pytest.raises(IllegalMove, match="schon entschieden"):
        game.decide(first.seat, first.kind, 4)


def test_the_live_tally_is_public_and_weighs_like_the_verdict():
    game = new_game(*ROLES)
    assert live(game) is None  # the night: nothing shows who is acting
    run_until(game, lambda g: "captain" in kinds(g))
    answer(game, captain="Ben")
    shown = live(game) if "captain" in kinds(game) else None
    assert shown is None or shown["kind"] == "captain_runoff"
    to_vote(game)
    ben, dora = seat(game, "Ben"), seat(game, "Dora")
    assert live(game) == {"kind": "vote", "voters": [0, 1, 2, 3, 4, 5], "voted": [], "counts": {}}
    game.decide(ben, "vote", dora)  # the Hauptmann's double vote
    game.decide(0, "vote", dora)
    game.decide(3, "vote", ben)
    assert live(game) == {"kind": "vote", "voters": [0, 1, 2, 3, 4, 5], "voted": [0, 1, 3], "counts": {1: 1, 3: 3}}
    game.decide(ben, "vote", None)
    assert live(game)["counts"] == {1: 1, 3: 1}
    assert live(game)["voted"] == [0, 1, 3]  # an abstention is a ballot too


def test_the_captain_election_can_be_changed_too():
    game = new_game(*ROLES)
    run_until(game, lambda g: "captain" in kinds(g))
    game.decide(0, "captain", 2)
    assert live(game) == {"kind": "captain", "voters": [0, 1, 2, 3, 4, 5], "voted": [0], "counts": {2: 1}}
    game.decide(0, "captain", 3)
    for request in game.pending():
        game.decide(request.seat, "captain", 3 if request.seat < 3 else None)
    assert game.captain == 3


def test_the_silence_vote_shows_in_the_tally_and_in_the_result():
    game = new_game(*ROLES, meldeliste=True)
    run_until(game, lambda g: g.step == "discussion")
    for speaker in (0, 1, 2, 3):
        game.decide(speaker, "raise_hand", True)
    to_vote(game)
    assert live(game) == {
        "kind": "vote",
        "voters": [0, 1, 2, 3, 4, 5],
        "voted": [],
        "counts": {4: 1, 5: 1},
        "silence": [4, 5],
    }
    game.decide(0, "vote", 4)
    game.timeout()
    (votes,) = [e for e in game.events if e.type == "votes"]
    assert votes.data["silence"] == [4, 5] and votes.data["counts"] == {4: 2, 5: 1}
    assert deaths(game) == [4]


def test_without_the_silence_vote_the_result_has_no_silence():
    game = new_game(*ROLES)
    to_vote(game)
    game.timeout()
    (votes,) = [e for e in game.events if e.type == "votes"]
    assert "silence" not in votes.data


def test_the_denunciants_votes_show_in_the_tally_of_that_day_only():
    game = new_game("werewolf", "denouncer", "villager", "villager", "villager", "villager")
    to_vote(game, denouncer="Carl")
    assert live(game)["counts"] == {seat(game, "Carl"): 2}
    assert live(game)["counts"] == {seat(game, "Carl"): 2}, "reading the tally spends nothing"
    game.timeout()
    assert deaths(game) == [seat(game, "Carl")]
    to_vote(game)
    assert live(game)["counts"] == {}
