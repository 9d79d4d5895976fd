"""The engine's contract: illegal moves change nothing, replay is exact, events and requests are data."""

import dataclasses
import json
import random

import pytest

from werwoerter.ww_helpers import NAMES, guessed, make, not_guessed
from wolfrunde.werwoerter import Decision, Game, Hint, IllegalMove, Kind, Setup, events
from wolfrunde.werwoerter.hints import texts


def play_randomly(game: Game, rng: random.Random, whoops_left: int = 1) -> None:
    """Pick among the offered requests and options (and the clock) until the game is over."""
    for _ in range(400):
        if game.is_over and whoops_left == 0:
            return
        requests = [r for r in game.pending() if r.kind is not Kind.WHOOPS or whoops_left > 0]
        if not game.is_over and rng.random() < 0.1:
            game.time_up()
            continue
        request = rng.choice(requests)
        if request.kind is Kind.WHOOPS:
            whoops_left -= 1
        game.apply(Decision(request.kind, request.seat, rng.choice(request.options)))
    raise AssertionError("the game did not end")


def snapshot(game: Game):
    return game.events, game.decisions, game.pending(), game.phase, game.result, game.view(0)


@pytest.mark.parametrize("seed", range(20))
def test_replay_from_setup_and_decisions_is_exact(seed: int) -> None:
    setup = Setup(players=NAMES[: 4 + seed % 7], seed=seed, difficulty=1 + seed % 4, last_mayor=seed % 4)
    game = Game(setup)
    play_randomly(game, random.Random(seed))
    again = Game.replay(setup, game.decisions)
    assert again.events == game.events
    saved = json.loads(json.dumps(game.to_json()))
    restored = Game.from_json(saved)
    assert restored.events == game.events and restored.result == game.result


def test_the_seed_decides_deal_and_offered_words() -> None:
    def first(seed: int):
        game = Game(Setup(players=NAMES[:6], seed=seed))
        return game.mayor, [game.view(s)["role"] for s in range(6)], game.pending()[0].options

    assert first(3) == first(3)
    assert len({repr(first(seed)) for seed in range(10)}) > 1


@pytest.mark.parametrize(
    "bad",
    [
        Decision(Kind.CHOOSE_WORD, None, "Haus"),
        Decision(Kind.CHOOSE_WORD, 17, "Haus"),
        Decision(Kind.ANSWER, 0, ("ja", 1)),
        Decision(Kind.TIME_UP, 0),
        Decision(Kind.TIME_UP, None, "jetzt"),
        Decision(Kind.POINT, 2, 1),
        Decision(Kind.WHOOPS, 0),
        "choose_word",
    ],
)
def test_illegal_moves_in_the_night_change_nothing(bad) -> None:
    game = make("MSWVV")
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.apply(bad)
    assert str(caught.value)
    assert snapshot(game) == before


def test_illegal_moves_later_change_nothing() -> None:
    game = make("MSWWVVVV")
    guessed(game)
    before = snapshot(game)
    for bad in (
        Decision(Kind.POINT, 2, 2),
        Decision(Kind.POINT, 2, 3),
        Decision(Kind.VOTE, 1, 2),
        Decision(Kind.POINT, 2, "1"),
        Decision(Kind.POINT, 2, True),
        Decision(Kind.ANSWER, 0, ("ja", 1)),
    ):
        with pytest.raises(IllegalMove):
            game.apply(bad)
        assert snapshot(game) == before


def test_views_of_unknown_seats_are_refused() -> None:
    game = make("MSWVV")
    with pytest.raises(IllegalMove, match="Sitzplatz"):
        game.view(4)
    with pytest.raises(IllegalMove, match="Sitzplatz"):
        game.events_for(-1)


def test_events_and_requests_are_json_data() -> None:
    game = make("MSWWVVVV")
    not_guessed(game)
    for request in game.pending():
        json.dumps(request.describe())
    for seat in range(7):
        json.dumps(game.view(seat))
    assert all(isinstance(json.dumps(e.to_json()), str) for e in game.events)
    assert all("visible_to" not in e.to_json() for e in game.events)


WIRE_TYPES = {  # what the clients match on: a renamed event class must not rename its message
    "GameStarted": "game_started", "Redealt": "redealt", "RoleDealt": "role_dealt",
    "MayorAppointed": "mayor_appointed", "NightStarted": "night_started", "WordChosen": "word_chosen",
    "SeerSawWord": "seer_saw_word", "WerewolvesMet": "werewolves_met", "WerewolvesSawWord": "werewolves_saw_word",
    "DayStarted": "day_started", "MarkerGiven": "marker_given", "DayEnded": "day_ended",
    "WordRevealed": "word_revealed", "EndingStarted": "ending_started", "WerewolvesRevealed": "werewolves_revealed",
    "Pointed": "pointed", "VoteStarted": "vote_started", "VoteCast": "vote_cast", "VotesShown": "votes_shown",
    "CardsRevealed": "cards_revealed", "Whoops": "whoops", "GameEnded": "game_ended",
}  # fmt: skip


def test_every_event_type_is_a_frozen_keyword_only_dataclass_named_on_the_wire() -> None:
    kinds = {kind.__name__: kind for kind in events.Event.__subclasses__()}
    assert {name: kind.TYPE for name, kind in kinds.items()} == WIRE_TYPES
    word = events.WordChosen(seat=2, word="Mond", visible_to=events.only(2))
    assert word.to_json() == {"type": "word_chosen", "hints": [], "seat": 2, "word": "Mond"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        word.word = "Sonne"  # type: ignore[misc]
    with pytest.raises(TypeError):
        events.WordChosen(2, "Mond")  # type: ignore[misc]


def test_a_view_is_built_only_from_what_the_seat_may_see() -> None:
    game = make("MSWVV")
    guessed(game)
    view = game.view(3)
    assert len(view["events"]) == len(game.events_for(3)) < len(game.events)
    roles_seen = [e for e in view["events"] if e["type"] == "role_dealt"]
    assert roles_seen == [{"type": "role_dealt", "hints": [], "seat": 3, "role": "villager"}]
    assert view["revealed"] == {"2": "werewolf"}
    assert [r["kind"] for r in view["pending"]] == []
    assert [r["kind"] for r in game.view(2)["pending"]] == ["point"]


def test_hint_texts_cover_the_thirteen_reminders() -> None:
    data = texts()
    assert list(data) == [hint.value for hint in Hint]
    assert len(data) == 13
    for entry in data.values():
        assert entry["title"] and entry["right"] and entry["pages"].startswith("Regelheft S.")


@pytest.mark.parametrize("seed", range(30))
def test_every_hint_the_engine_names_has_a_text(seed: int) -> None:
    game = Game(Setup(players=NAMES[: 4 + seed % 7], seed=seed, last_mayor=seed % 4))
    play_randomly(game, random.Random(seed), whoops_left=2)
    named = {h for e in game.events for h in e.hints}
    assert named <= set(texts())
    named_requests = {h for r in game.pending() for h in r.hints}
    assert named_requests <= set(texts())


def test_game_started_tells_everyone_the_public_numbers() -> None:
    game = make("MSWWVVVV", day_seconds=180)
    view = game.view(5)
    assert (view["werewolf_count"], view["day_seconds"], view["difficulty"]) == (2, 180, 1)
    assert Hint.TWO_WEREWOLVES in view["hints"]
    assert view["name"] == "Fritz" and view["mayor"] == 0
