"""What happened: one small frozen dataclass per event type, each saying who may see it.

`visible_to` is None for the whole table, else the seats that may see the event. `hints` names the
"Leicht vergessen" reminders (see hints.py) that apply at this moment, for whoever sees the event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar, dataclass_transform

from wolfrunde.werwoerter.roles import Role, Side


@dataclass_transform(frozen_default=True, kw_only_default=True)
@dataclass(frozen=True, kw_only=True)
class Event:
    """The base of every event type. A subclass is a frozen, keyword-only dataclass of its own (without a
    decorator), and its `TYPE` is its name in snake case: `RoleDealt` is "role_dealt"."""

    TYPE: ClassVar[str] = "event"
    visible_to: frozenset[int] | None = None
    hints: tuple[str, ...] = ()

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls.TYPE = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        dataclass(frozen=True, kw_only=True)(cls)

    def visible(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        """The event as JSON data (without `visible_to`, which is for the deliverer, not the reader)."""
        data: dict[str, Any] = {"type": self.TYPE}
        for field in fields(self):
            if field.name != "visible_to":
                data[field.name] = _plain(getattr(self, field.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    return value


def only(*seats: int) -> frozenset[int]:
    return frozenset(seats)


# --- setup and night ---------------------------------------------------------------------------


class GameStarted(Event):
    players: tuple[str, ...]
    difficulty: int
    day_seconds: int
    werewolves: int


class Redealt(Event):
    """First game only: the Bürgermeister card lay in the centre, so the cards were dealt anew."""


class RoleDealt(Event):
    seat: int
    role: Role


class MayorAppointed(Event):
    seat: int
    from_center: bool


class NightStarted(Event):
    """Everyone closes their eyes; the Bürgermeister is offered the words to choose from."""


class WordChosen(Event):
    seat: int
    word: str


class SeerSawWord(Event):
    seat: int
    word: str


class WerewolvesMet(Event):
    """With two Werwölfe they see each other before they see the word."""

    seats: tuple[int, ...]


class WerewolvesSawWord(Event):
    seats: tuple[int, ...]
    word: str


# --- day -----------------------------------------------------------------------------------------


class DayStarted(Event):
    seconds: int
    markers: dict[str, int]


class MarkerGiven(Event):
    """A marker on the table: `to` is the seat that got it, None for the centre (Völlig daneben only)."""

    marker: str
    to: int | None
    left: int
    """How many markers of this stack are left (Ja and Nein share one stack)."""


class DayEnded(Event):
    reason: str
    """`guessed` (Richtig), `time` (the timer ran out) or `markers` (the last Ja/Nein marker is gone)."""
    guesser: int | None = None


class WordRevealed(Event):
    word: str


# --- endings -------------------------------------------------------------------------------------


class EndingStarted(Event):
    """`guessed`: the Werwölfe reveal and point; `not_guessed`: talk, then everyone votes."""

    ending: str
    seconds: int


class WerewolvesRevealed(Event):
    seats: tuple[int, ...]


class Pointed(Event):
    werewolf: int
    target: int | None


class VoteStarted(Event):
    """The talk is over (the table ended it, or its time ran out): everyone votes."""


class VoteCast(Event):
    """Seen by the voter only until all votes are shown together."""

    voter: int
    target: int | None


class VotesShown(Event):
    votes: dict[int, int | None]
    counts: dict[int, int]
    top: tuple[int, ...]


class CardsRevealed(Event):
    roles: dict[int, Role]


class Whoops(Event):
    ending: str
    """The ending switched to."""


class GameEnded(Event):
    winner: Side
    reason: str
    winners: tuple[int, ...]
    roles: tuple[Role, ...]
    mayor: int
    word: str
