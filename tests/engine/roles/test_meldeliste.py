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
    with pytest.raises(IllegalMove, match=r"^Melden geht nur während der Beratung"):
        game.decide(4, "raise_hand", True)
    with pytest.raises(IllegalMove, match=r"^Das Wort weitergeben geht nur während der Beratung"):
        game.decide(0, "done_speaking", True)
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


def to_discussion(game):
    run_until(game, lambda g: g.step == "discussion")


def test_the_list_gives_the_word_in_the_order_hands_were_raised():
    game = new_game(*ROLES, meldeliste=True)
    to_discussion(game)
    for seat in (2, 0, 3):
        game.decide(seat, "raise_hand", True)
    game.decide(0, "raise_hand", True)  # already waiting: nothing changes
    assert game.speakers == [2, 0, 3] and game.view(4)["speakers"] == [2, 0, 3]
    assert [e.data["player"] for e in game.events if e.type == "hand_raised"] == [2, 0, 3]
    with pytest.raises(IllegalMove, match="nicht das Wort"):
        game.decide(0, "done_speaking", True)
    game.decide(2, "done_speaking", True)
    assert game.speakers == [0, 3]
    game.decide(2, "raise_hand", True)  # wants to speak again: to the end of the list
    assert game.speakers == [0, 3, 2]
    done = [e for e in game.events if e.type == "speaker_done"]
    assert [e.data["player"] for e in done] == [2] and all(e.visible_to is None for e in done)
    again = type(game).replay(game.setup, game.history)
    assert again.speakers == game.speakers and [e.type for e in again.events] == [e.type for e in game.events]


def test_each_day_starts_with_an_empty_list():
    game = new_game(*ROLES, meldeliste=True)
    to_discussion(game)
    game.decide(1, "raise_hand", True)
    run_until(game, lambda g: g.round == 2 and g.step == "discussion")
    assert game.speakers == []
    living = game.living()
    game.decide(living[0], "raise_hand", True)
    assert game.speakers == [living[0]]


def test_no_list_without_the_meldeliste():
    game = new_game(*ROLES)
    to_discussion(game)
    for kind in ("raise_hand", "done_speaking"):
        with pytest.raises(IllegalMove, match="ohne Meldeliste"):
            game.decide(1, kind, True)
    assert game.speakers == [] and not any(e.type == "hand_raised" for e in game.events)
