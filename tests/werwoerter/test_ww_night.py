"""The night: word choice at the chosen difficulty, and who sees the word."""

import pytest

from werwoerter.ww_helpers import NAMES, choose_word, make, seats_with
from wolfrunde.werwoerter import Decision, Game, Hint, IllegalMove, Kind, Phase, Role, Setup
from wolfrunde.werwoerter.words import words


def word_events(game: Game, seat: int) -> list[str]:
    return [e.word for e in game.events_for(seat) if hasattr(e, "word")]  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_mayor_is_offered_three_different_words_of_the_level(level: int) -> None:
    game = Game(Setup(players=NAMES[:5], seed=level, difficulty=level))
    (request,) = game.pending()
    assert request.kind is Kind.CHOOSE_WORD and request.seat == game.mayor
    assert len(set(request.options)) == 3
    assert set(request.options) <= set(words(level))
    assert request.default == request.options[0]


def test_only_an_offered_word_can_be_chosen_and_only_by_the_mayor() -> None:
    game = make("MSWVV")
    offered = game.pending()[0].options
    with pytest.raises(IllegalMove, match="nicht zur Wahl"):
        game.apply(Decision(Kind.CHOOSE_WORD, game.mayor, "Zauberwort"))
    with pytest.raises(IllegalMove, match="wählt jetzt nur: Anna"):
        game.apply(Decision(Kind.CHOOSE_WORD, 1, offered[0]))
    assert game.phase is Phase.NIGHT and len(game.decisions) == 0


def test_seer_and_werewolf_see_the_word_villagers_do_not() -> None:
    game = make("MSWVV")  # Bürgermeister seat 0 (Dorfbewohner), Seherin 1, Werwolf 2, Dorfbewohner 3
    word = choose_word(game, 2)
    assert word_events(game, 0) == [word]
    assert word_events(game, 1) == [word]
    assert word_events(game, 2) == [word]
    assert word_events(game, 3) == []
    assert game.view(3)["word"] is None
    assert game.view(1)["word"] == word
    assert game.phase is Phase.DAY


def test_two_werewolves_see_each_other_before_the_word() -> None:
    game = make("MSWWVVVV")
    choose_word(game)
    wolves = seats_with(game, Role.WEREWOLF)
    assert wolves == [2, 3]
    types = [e.TYPE for e in game.events_for(2)]
    assert types.index("werewolves_met") < types.index("werewolves_saw_word")
    assert game.view(3)["werewolves"] == [2, 3]
    assert game.view(4)["werewolves"] == []
    assert not any(e.TYPE == "werewolves_met" for e in game.events_for(1))


def test_one_werewolf_meets_nobody() -> None:
    game = make("MSWVVVV")
    choose_word(game)
    assert not any(e.TYPE == "werewolves_met" for e in game.events)


def test_mayor_who_is_the_seer_sees_the_word_as_seer_and_there_is_no_other() -> None:
    game = make("MWVVS")
    assert seats_with(game, Role.SEER) == [0]
    word = choose_word(game)
    seer_events = [e for e in game.events if e.TYPE == "seer_saw_word"]
    assert [e.visible_to for e in seer_events] == [frozenset({0})]
    assert word_events(game, 0) == [word, word]
    assert Hint.MAYOR_IS_SEER in game.view(0)["hints"]
    assert Hint.MAYOR_IS_SEER not in game.view(1)["hints"]


def test_werewolf_mayor_is_reminded_he_may_lie() -> None:
    game = make("MSVVW")
    assert Hint.WEREWOLF_MAYOR_MAY_LIE in game.pending()[0].hints
    assert Hint.WEREWOLF_MAYOR_MAY_LIE in game.view(0)["hints"]
    assert all(Hint.WEREWOLF_MAYOR_MAY_LIE not in game.view(seat)["hints"] for seat in (1, 2, 3))


def test_time_up_in_the_night_takes_the_first_offered_word() -> None:
    game = make("MSWVV")
    first = game.pending()[0].options[0]
    game.time_up()
    assert game.phase is Phase.DAY
    assert game.view(0)["word"] == first
