"""What a Werwörter game starts from: players in seat order, seed, difficulty and table options."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wolfrunde.werwoerter.errors import IllegalMove
from wolfrunde.werwoerter.roles import MAX_PLAYERS, MAYOR_CARD, MIN_PLAYERS, deck
from wolfrunde.werwoerter.words import LEVELS

DAY_SECONDS = 240
"""The day timer: 4 minutes unless the table sets another length."""
MIN_DAY_SECONDS = 30
MAX_DAY_SECONDS = 3600
WORD_CHOICES = 3
"""How many words the Bürgermeister is offered to choose the Zauberwort from."""


@dataclass(frozen=True)
class Setup:
    """Everything a game needs besides the decisions; together they replay the game exactly.

    `last_mayor` is the seat of the previous game's Bürgermeister (None in the very first game).
    `cards` fixes the deal instead of shuffling: one card id per seat in seat order, then the centre card.
    """

    players: tuple[str, ...]
    seed: int = 0
    difficulty: int = 1
    last_mayor: int | None = None
    day_seconds: int = DAY_SECONDS
    cards: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if self.cards is not None:
            object.__setattr__(self, "cards", tuple(self.cards))
        _check_players(self.players)
        _check_int("Der Seed", self.seed)
        _check_int("Die Schwierigkeitsstufe", self.difficulty)
        if self.difficulty not in LEVELS:
            raise IllegalMove(f"Die Schwierigkeitsstufe muss 1 bis 4 sein, nicht {self.difficulty}.")
        _check_int("Die Tageszeit", self.day_seconds)
        if not MIN_DAY_SECONDS <= self.day_seconds <= MAX_DAY_SECONDS:
            raise IllegalMove(
                f"Der Tag dauert {MIN_DAY_SECONDS} bis {MAX_DAY_SECONDS} Sekunden, nicht {self.day_seconds}."
            )
        if self.last_mayor is not None:
            _check_int("Der letzte Bürgermeister", self.last_mayor)
            if not 0 <= self.last_mayor < len(self.players):
                raise IllegalMove(f"Der letzte Bürgermeister sitzt auf keinem Platz: {self.last_mayor}.")
        if self.cards is not None:
            _check_cards(self.cards, len(self.players), self.last_mayor)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "seed": self.seed,
            "difficulty": self.difficulty,
            "last_mayor": self.last_mayor,
            "day_seconds": self.day_seconds,
            "cards": None if self.cards is None else list(self.cards),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        cards = data.get("cards")
        return cls(
            players=tuple(data["players"]),
            seed=data.get("seed", 0),
            difficulty=data.get("difficulty", 1),
            last_mayor=data.get("last_mayor"),
            day_seconds=data.get("day_seconds", DAY_SECONDS),
            cards=None if cards is None else tuple(cards),
        )


def _check_int(what: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(f"{what} muss eine ganze Zahl sein, nicht {value!r}.")


def _check_players(players: Sequence[object]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove(f"Werwörter braucht {MIN_PLAYERS} bis {MAX_PLAYERS} Spieler, nicht {len(players)}.")
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise IllegalMove("Jeder Spieler braucht einen Namen.")
        names.append(name)
    if len({name.strip().casefold() for name in names}) != len(players):
        raise IllegalMove("Zwei Spieler haben denselben Namen.")


def _check_cards(cards: tuple[str, ...], players: int, last_mayor: int | None) -> None:
    expected = deck(players)
    if Counter(cards) != Counter(expected):
        raise IllegalMove(
            f"Die Karten passen nicht zu {players} Spielern: gebraucht werden {', '.join(sorted(expected))}."
        )
    if cards[-1] == MAYOR_CARD and last_mayor is None:
        raise IllegalMove(
            "Die Bürgermeister-Karte liegt in der Mitte: In der ersten Partie wird dann neu gegeben, "
            "das geht mit fester Verteilung nicht."
        )
