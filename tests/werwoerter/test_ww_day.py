"""The day: markers, Völlig daneben in addition, and the three ways the day ends."""

import pytest

from werwoerter.ww_helpers import answer, asker, choose_word, make
from wolfrunde.werwoerter import Decision, Hint, IllegalMove, Kind, Phase
from wolfrunde.werwoerter.events import DayEnded, MarkerGiven, WordRevealed


def day_game():
    game = make("MSWVV")
    choose_word(game)
    return game


def day_end(game) -> DayEnded:
    return next(e for e in game.events if isinstance(e, DayEnded))


def test_day_start_is_public_with_all_markers() -> None:
    game = day_game()
    view = game.view(3)
    assert view["phase"] == "day"
    assert view["markers_left"] == {
        "ja_nein": 35,
        "vielleicht": 10,
        "knapp_daneben": 1,
        "voellig_daneben": 1,
        "richtig": 1,
    }
    assert Hint.ONE_QUESTION_AT_A_TIME in view["hints"]


def test_the_mayor_answers_with_markers_everyone_sees() -> None:
    game = day_game()
    answer(game, "ja", 2)
    answer(game, "nein", 3)
    answer(game, "vielleicht", 1)
    answer(game, "knapp_daneben", 2)
    view = game.view(1)
    assert view["markers"] == {"2": ["ja", "knapp_daneben"], "3": ["nein"], "1": ["vielleicht"]}
    assert view["markers_left"]["ja_nein"] == 33
    assert view["markers_left"]["vielleicht"] == 9
    assert view["markers_left"]["knapp_daneben"] == 0


def test_ja_and_nein_share_one_stack_and_the_last_one_ends_the_day() -> None:
    game = day_game()
    for index in range(34):
        answer(game, "ja" if index % 2 else "nein")
    assert game.phase is Phase.DAY
    answer(game, "ja")
    ended = day_end(game)
    assert ended.reason == "markers" and ended.guesser is None
    assert Hint.LAST_MARKER in ended.hints
    assert game.phase is Phase.TALK  # followed by the vote, as when the time runs out


def test_maybe_markers_run_out_after_ten() -> None:
    game = day_game()
    for _ in range(10):
        answer(game, "vielleicht")
    with pytest.raises(IllegalMove, match="keine Marker „Vielleicht“ mehr"):
        answer(game, "vielleicht")
    answer(game, "ja")  # a Ja/Nein marker still works


def test_so_close_exists_once() -> None:
    game = day_game()
    answer(game, "knapp_daneben")
    with pytest.raises(IllegalMove, match="Knapp daneben"):
        answer(game, "knapp_daneben")


def test_way_off_comes_in_addition_and_answers_nothing() -> None:
    game = day_game()
    game.apply(Decision(Kind.WAY_OFF, game.mayor, 2))
    given = [e for e in game.events if isinstance(e, MarkerGiven)]
    assert [(e.marker, e.to) for e in given] == [("voellig_daneben", 2)]
    assert Hint.WAY_OFF_ADDITIONAL in given[0].hints
    kinds = {r.kind for r in game.pending()}
    assert Kind.ANSWER in kinds and Kind.WAY_OFF not in kinds  # the question still needs its answer
    assert game.view(1)["markers_left"]["ja_nein"] == 35
    with pytest.raises(IllegalMove):
        game.apply(Decision(Kind.WAY_OFF, game.mayor, None))
    with pytest.raises(IllegalMove, match="Auf eine Frage gibt es Ja, Nein"):
        answer(game, "voellig_daneben")


def test_way_off_may_go_to_the_centre() -> None:
    game = day_game()
    game.apply(Decision(Kind.WAY_OFF, game.mayor, None))
    assert game.view(3)["markers"] == {"center": ["voellig_daneben"]}


def test_richtig_ends_the_day_as_guessed_and_everyone_learns_the_word() -> None:
    game = day_game()
    answer(game, "ja", 3)
    game.apply(Decision(Kind.CORRECT, game.mayor, 3))
    ended = day_end(game)
    assert (ended.reason, ended.guesser) == ("guessed", 3)
    assert Hint.WHOLE_WORD in ended.hints and Hint.WHOOPS in ended.hints
    assert any(isinstance(e, WordRevealed) and e.visible_to is None for e in game.events)
    assert game.view(3)["markers"]["3"] == ["ja", "richtig"]
    assert game.phase is Phase.POINTING


def test_time_up_ends_the_day_not_guessed() -> None:
    game = day_game()
    game.time_up()
    assert day_end(game).reason == "time"
    assert game.phase is Phase.TALK
    assert game.view(3)["word"] is not None


def test_no_markers_left_is_refused_while_ja_nein_markers_remain() -> None:
    """The app counts the markers and ends the day with the last one; the tap cannot cut the day short."""
    game = day_game()
    answer(game, "ja")
    answer(game, "nein")
    assert Kind.MARKERS_OUT not in {r.kind for r in game.pending()}
    before = (game.events, game.decisions)
    with pytest.raises(IllegalMove, match="noch 33 Ja/Nein-Marker da"):
        game.apply(Decision(Kind.MARKERS_OUT, game.mayor))
    assert (game.events, game.decisions) == before and game.phase is Phase.DAY
    answering = next(r for r in game.pending() if r.kind is Kind.ANSWER)
    assert Hint.LAST_MARKER in answering.hints  # the reminder still comes with his answers


@pytest.mark.parametrize(
    ("decision", "fragment"),
    [
        (lambda g: Decision(Kind.ANSWER, g.mayor, ("ja", g.mayor)), "selbst keine Fragen"),
        (lambda g: Decision(Kind.CORRECT, g.mayor, g.mayor), "selbst keine Fragen"),
        (lambda g: Decision(Kind.ANSWER, g.mayor, ("ja", 9)), "Sitzplatz"),
        (lambda g: Decision(Kind.ANSWER, g.mayor, ("richtig", 1)), "Ja, Nein"),
        (lambda g: Decision(Kind.ANSWER, g.mayor, ["ja", 1]), "Marker und der Platz"),
        (lambda g: Decision(Kind.ANSWER, g.mayor, ("ja", True)), "Sitzplatz"),
        (lambda g: Decision(Kind.ANSWER, asker(g), ("ja", 2)), "Antworten darf jetzt nur"),
        (lambda g: Decision(Kind.VOTE, 1, 2), "Abstimmen darf gerade niemand"),
    ],
)
def test_illegal_day_decisions(decision, fragment: str) -> None:
    game = day_game()
    before = (game.events, game.decisions, game.pending())
    with pytest.raises(IllegalMove, match=fragment):
        game.apply(decision(game))
    assert (game.events, game.decisions, game.pending()) == before
