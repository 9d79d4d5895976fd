"""Meldeliste: on day 1, who never raised a hand gets one vote against him (online only)."""

import pytest

from wolfrunde.engine import IllegalMove

from engine.helpers import new_game, run_until

ROLES = ("werewolf", "seer", "villager", "villager", "villager")


def to_vote(game):
    run_until(game, lambda g: "vote" in {r.kind for r in g.pending()})


def test_silent_players_get_a_vote_against_them():
    game = new_game(*ROLES, meldeliste=True)
    run_until(game, lambda g: g.step == "discussion")
    for speaker in (0, 1, 2, 3):
        game.decide(speaker, "raise_hand", True)
    to_vote(game)
    with pytest.raises(IllegalMove, match="Beratung"):
        game.decide(4, "raise_hand", True)
    for request in game.pending():
        game.decide(request.seat, "vote", None)
    deaths = [e.data for e in game.events if e.type == "death"]
    assert deaths[-1]["player"] == 4 and deaths[-1]["cause"] == "vote"


def test_without_meldeliste_silence_is_free():
    game = new_game(*ROLES)
    to_vote(game)
    for request in game.pending():
        game.decide(request.seat, "vote", None)
    assert not any(e.type == "death" for e in game.events)


def test_raising_a_hand_only_by_day():
    game = new_game(*ROLES, meldeliste=True)
    with pytest.raises(IllegalMove, match="tagsüber"):
        game.decide(1, "raise_hand", True)
