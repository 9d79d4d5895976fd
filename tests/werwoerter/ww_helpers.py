"""Small builders for Werwörter tests (a uniquely named module, imported by the test files beside it)."""

from __future__ import annotations

from wolfrunde.werwoerter import Decision, Game, Kind, Role, Setup

NAMES = ("Anna", "Ben", "Carla", "Dora", "Emil", "Fritz", "Greta", "Hanna", "Ida", "Jonas")
CARD_CODES = {"M": "mayor", "S": "seer", "W": "werewolf", "V": "villager"}


def make(cards: str, *, last_mayor: int | None = None, seed: int = 0, **options: object) -> Game:
    """A game with a fixed deal: one letter per seat, then the centre card (M, S, W, V)."""
    players = NAMES[: len(cards) - 1]
    deal = tuple(CARD_CODES[code] for code in cards)
    return Game(Setup(players=players, seed=seed, cards=deal, last_mayor=last_mayor, **options))  # type: ignore[arg-type]


def role_of(game: Game, seat: int) -> Role:
    return next(e.role for e in game.events_for(seat) if e.TYPE == "role_dealt")  # type: ignore[attr-defined]


def seats_with(game: Game, role: Role) -> list[int]:
    return [seat for seat in range(len(game.players)) if role_of(game, seat) is role]


def choose_word(game: Game, index: int = 0) -> str:
    request = game.pending()[0]
    assert request.kind is Kind.CHOOSE_WORD
    word = request.options[index]
    assert isinstance(word, str)
    game.apply(Decision(Kind.CHOOSE_WORD, game.mayor, word))
    return word


def asker(game: Game, offset: int = 1) -> int:
    """A seat other than the Bürgermeister."""
    return (game.mayor + offset) % len(game.players)


def answer(game: Game, marker: str, seat: int | None = None) -> None:
    game.apply(Decision(Kind.ANSWER, game.mayor, (marker, asker(game) if seat is None else seat)))


def guessed(game: Game, guesser: int | None = None) -> None:
    """Night and day until the word is guessed: the Werwölfe point next."""
    choose_word(game)
    game.apply(Decision(Kind.CORRECT, game.mayor, asker(game) if guesser is None else guesser))


def not_guessed(game: Game) -> None:
    """Night and day until the timer runs out, then the minute of talk: the vote is next."""
    choose_word(game)
    game.time_up()
    game.apply(Decision(Kind.END_TALK, game.mayor))


def point(game: Game, werewolf: int, target: int) -> None:
    game.apply(Decision(Kind.POINT, werewolf, target))


def vote(game: Game, votes: dict[int, int]) -> None:
    for voter, target in votes.items():
        game.apply(Decision(Kind.VOTE, voter, target))


def whoops(game: Game) -> None:
    game.apply(Decision(Kind.WHOOPS, game.mayor))
