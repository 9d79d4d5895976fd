"""The two endings and Whoops: the Werwölfe point after a guess, everyone votes otherwise."""

import pytest

from werwoerter.ww_helpers import choose_word, guessed, make, not_guessed, point, vote, whoops
from wolfrunde.werwoerter import Decision, Hint, IllegalMove, Kind, Phase, Side
from wolfrunde.werwoerter.events import CardsRevealed, VotesShown, WerewolvesRevealed

ONE_WOLF = "MSWVV"  # Bürgermeister 0 (Dorfbewohner), Seherin 1, Werwolf 2, Dorfbewohner 3
TWO_WOLVES = "MSWWVVVV"  # Bürgermeister 0 (Dorfbewohner), Seherin 1, Werwölfe 2 and 3, Dorfbewohner 4–6


def ended(game):
    assert game.is_over and game.phase is Phase.OVER
    return game.result


# --- word guessed --------------------------------------------------------------------------------


def test_after_a_guess_only_the_werewolves_reveal() -> None:
    game = make(TWO_WOLVES)
    guessed(game)
    revealed = [e for e in game.events if isinstance(e, WerewolvesRevealed)]
    assert [(e.seats, e.visible_to) for e in revealed] == [((2, 3), None)]
    assert game.view(5)["revealed"] == {"2": "werewolf", "3": "werewolf"}
    assert Hint.ONLY_WEREWOLF_REVEALS in game.view(5)["hints"]
    requests = [r for r in game.pending() if r.required]
    assert {(r.seat, r.kind) for r in requests} == {(2, Kind.POINT), (3, Kind.POINT)}
    assert all(r.seconds == 15 for r in requests)


def test_werewolf_finds_the_seer_and_wins() -> None:
    game = make(ONE_WOLF)
    guessed(game)
    point(game, 2, 1)
    result = ended(game)
    assert (result.winner, result.reason, result.winners) == (Side.WEREWOLVES, "seer_found", (2,))
    shown = next(e for e in game.events if isinstance(e, CardsRevealed))
    assert dict(shown.roles) == {1: "seer"}


def test_werewolf_misses_the_seer_and_the_village_wins() -> None:
    game = make(ONE_WOLF)
    guessed(game)
    point(game, 2, 3)
    result = ended(game)
    assert (result.winner, result.reason, result.winners) == (Side.VILLAGE, "seer_missed", (0, 1, 3))


def test_mayor_who_is_the_seer_must_be_pointed_at() -> None:
    game = make("MWVVS")  # the Bürgermeister took the Seherin from the centre
    guessed(game)
    assert Hint.MAYOR_IS_SEER in game.pending(1)[0].hints
    point(game, 1, 0)
    assert ended(game).winner is Side.WEREWOLVES
    game = make("MWVVS")
    guessed(game)
    point(game, 1, 2)
    assert ended(game).winner is Side.VILLAGE


def test_a_werewolf_points_at_another_person_not_at_himself_or_his_pack() -> None:
    game = make(TWO_WOLVES)
    guessed(game)
    with pytest.raises(IllegalMove, match="nicht auf sich selbst"):
        point(game, 2, 2)
    with pytest.raises(IllegalMove, match="schon aufgedeckt"):
        point(game, 2, 3)
    point(game, 2, 4)
    with pytest.raises(IllegalMove, match="andere Person"):
        point(game, 3, 4)
    with pytest.raises(IllegalMove, match="schon gezeigt"):
        point(game, 2, 5)
    with pytest.raises(IllegalMove, match="Zeigen darf jetzt nur"):
        point(game, 5, 1)


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        (4, 1, Side.WEREWOLVES),
        (1, 5, Side.WEREWOLVES),
        (4, 5, Side.VILLAGE),
        (0, 6, Side.VILLAGE),
    ],
)
def test_two_werewolves_both_point_and_the_seer_among_them_wins(first, second, winner) -> None:
    game = make(TWO_WOLVES)
    guessed(game)
    point(game, 2, first)
    assert not game.is_over
    point(game, 3, second)
    result = ended(game)
    assert result.winner is winner
    shown = next(e for e in game.events if isinstance(e, CardsRevealed))
    assert set(shown.roles) == {first, second}


def test_werewolves_who_do_not_point_in_time_point_at_nobody() -> None:
    game = make(TWO_WOLVES)
    guessed(game)
    point(game, 2, 4)
    game.time_up()
    assert ended(game).winner is Side.VILLAGE
    assert game.view(1)["pointed"] == {"2": 4, "3": None}
    game = make(TWO_WOLVES)
    guessed(game)
    point(game, 3, 1)
    game.time_up()
    assert ended(game).winner is Side.WEREWOLVES


# --- word not guessed ----------------------------------------------------------------------------


def test_a_minute_of_talk_comes_before_the_vote() -> None:
    game = make(ONE_WOLF)
    choose_word(game)
    game.time_up()
    (talk,) = [r for r in game.pending() if r.required]
    assert (talk.kind, talk.seat, talk.seconds) == (Kind.END_TALK, 0, 60)
    game.time_up()
    assert game.phase is Phase.VOTE
    votes = [r for r in game.pending() if r.required]
    assert sorted(r.seat for r in votes) == [0, 1, 2, 3]  # the Bürgermeister votes too
    assert all(r.kind is Kind.VOTE and r.seat not in r.options for r in votes)
    assert all(Hint.VOTE_NEVER_SELF in r.hints for r in votes)


def test_nobody_votes_for_himself_or_twice() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    with pytest.raises(IllegalMove, match="für sich selbst stimmen"):
        vote(game, {1: 1})
    vote(game, {1: 2})
    with pytest.raises(IllegalMove, match="schon abgestimmt"):
        vote(game, {1: 3})


def test_votes_stay_secret_until_all_have_voted() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 2, 1: 2, 2: 1})
    assert game.view(0)["my_vote"] == 2
    assert game.view(3)["my_vote"] is None
    assert all(e.TYPE != "vote_cast" for e in game.events_for(3))
    assert game.view(3)["votes"] is None
    vote(game, {3: 2})
    assert game.view(3)["votes"] == {"0": 2, "1": 2, "2": 1, "3": 2}


def test_most_votes_on_the_werewolf_wins_for_the_village() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 2, 1: 2, 2: 1, 3: 2})
    result = ended(game)
    assert (result.winner, result.reason) == (Side.VILLAGE, "werewolf_voted")


def test_most_votes_on_a_villager_wins_for_the_werewolves() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 3, 1: 3, 2: 3, 3: 1})
    result = ended(game)
    assert (result.winner, result.reason, result.winners) == (Side.WEREWOLVES, "werewolf_missed", (2,))


def test_a_tie_reveals_all_tied_and_a_werewolf_among_them_wins_for_the_village() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 2, 1: 3, 2: 3, 3: 2})
    shown = next(e for e in game.events if isinstance(e, VotesShown))
    assert shown.top == (2, 3) and Hint.TIE_ALL_REVEAL in shown.hints
    assert ended(game).winner is Side.VILLAGE
    assert set(next(e for e in game.events if isinstance(e, CardsRevealed)).roles) == {2, 3}


def test_a_tie_without_a_werewolf_wins_for_the_werewolves() -> None:
    game = make("MSWVVV")  # five players
    not_guessed(game)
    vote(game, {0: 1, 1: 3, 2: 3, 3: 1, 4: 0})
    assert ended(game).winner is Side.WEREWOLVES


def test_everyone_exactly_one_vote_always_wins_for_the_werewolves() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 1, 1: 2, 2: 3, 3: 0})  # the Werwolf got a vote too
    result = ended(game)
    assert (result.winner, result.reason) == (Side.WEREWOLVES, "everyone_one_vote")


def test_with_two_werewolves_one_with_the_majority_suffices() -> None:
    game = make(TWO_WOLVES)
    not_guessed(game)
    vote(game, {0: 3, 1: 3, 2: 4, 3: 4, 4: 3, 5: 3, 6: 1})
    assert ended(game).winner is Side.VILLAGE


def test_with_two_werewolves_a_majority_on_a_villager_loses() -> None:
    game = make(TWO_WOLVES)
    not_guessed(game)
    vote(game, {0: 4, 1: 4, 2: 4, 3: 4, 4: 3, 5: 2, 6: 4})
    assert ended(game).winner is Side.WEREWOLVES


def test_votes_missing_when_time_runs_out_count_as_no_vote() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 2, 3: 2})
    game.time_up()
    shown = next(e for e in game.events if isinstance(e, VotesShown))
    assert shown.votes == {0: 2, 1: None, 2: None, 3: 2}
    assert shown.counts == {2: 2}
    assert ended(game).winner is Side.VILLAGE


@pytest.mark.parametrize(
    "votes",
    [
        {0: 1, 1: 0},  # two of five voted, the Werwolf (seat 1) among the tied: still nobody has two votes
        {0: 1},  # one single vote, on the Werwolf
        {2: 1, 3: 4, 4: 0},
    ],
)
def test_nobody_with_more_than_one_vote_wins_for_the_werewolves_also_with_votes_missing(votes) -> None:
    game = make("MWSVVV")  # five players: Bürgermeister 0, Werwolf 1, Seherin 2
    not_guessed(game)
    vote(game, votes)
    game.time_up()
    result = ended(game)
    assert (result.winner, result.reason) == (Side.WEREWOLVES, "everyone_one_vote")


def test_nobody_voting_wins_for_the_werewolves() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    game.time_up()
    assert ended(game).reason == "werewolf_missed"


# --- Whoops --------------------------------------------------------------------------------------


def test_whoops_after_a_wrong_richtig_switches_to_the_vote() -> None:
    game = make(ONE_WOLF)
    guessed(game)
    whoops(game)
    assert game.phase is Phase.TALK
    game.apply(Decision(Kind.END_TALK, 0))
    vote(game, {0: 2, 1: 2, 2: 1, 3: 2})
    assert ended(game).winner is Side.VILLAGE
    assert any(e.TYPE == "whoops" and e.ending == "not_guessed" for e in game.events)  # type: ignore[attr-defined]


def test_whoops_after_a_late_guess_switches_to_the_werewolves_pointing() -> None:
    game = make(ONE_WOLF)
    not_guessed(game)
    vote(game, {0: 1})
    whoops(game)
    assert game.phase is Phase.POINTING
    point(game, 2, 1)
    assert ended(game).winner is Side.WEREWOLVES


def test_whoops_also_switches_a_finished_game() -> None:
    game = make(ONE_WOLF)
    guessed(game)
    point(game, 2, 3)
    assert ended(game).winner is Side.VILLAGE
    whoops(game)
    assert not game.is_over and game.view(1)["result"] is None
    game.time_up()  # the minute of talk is over
    vote(game, {0: 3, 1: 3, 2: 3, 3: 1})
    assert ended(game).winner is Side.WEREWOLVES
    whoops(game)
    assert game.phase is Phase.POINTING and game.view(0)["pointed"] == {}


def test_whoops_is_the_mayors_button_and_only_after_the_day() -> None:
    game = make(ONE_WOLF)
    with pytest.raises(IllegalMove, match="Whoops"):
        whoops(game)
    guessed(game)
    with pytest.raises(IllegalMove, match="nur: Anna"):
        game.apply(Decision(Kind.WHOOPS, 1))
    (request,) = [r for r in game.pending() if r.kind is Kind.WHOOPS]
    assert not request.required and Hint.WHOOPS in request.hints


def test_a_finished_game_takes_no_more_votes_or_time() -> None:
    game = make(ONE_WOLF)
    guessed(game)
    point(game, 2, 3)
    with pytest.raises(IllegalMove, match="vorbei"):
        game.time_up()
    with pytest.raises(IllegalMove, match="vorbei"):
        vote(game, {1: 2})
    assert [r.kind for r in game.pending()] == [Kind.WHOOPS]
