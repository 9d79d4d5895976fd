"""What happened: one small frozen dataclass per event type, each saying who may see it.

`visible_to` is None for the whole table, else the seats that may see the event. `hints` names the
"Leicht vergessen" reminders (see hints.py) that apply at this moment, for whoever sees the event.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from wolfrunde.werwoerter.roles import Role, Side


@dataclass(frozen=True, kw_only=True)
class Event:
    TYPE: ClassVar[str] = "event"
    visible_to: frozenset[int] | None = None
    hints: tuple[str, ...] = ()

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


@dataclass(frozen=True, kw_only=True)
class GameStarted(Event):
    TYPE: ClassVar[str] = "game_started"
    players: tuple[str, ...]
    difficulty: int
    day_seconds: int
    werewolves: int


@dataclass(frozen=True, kw_only=True)
class Redealt(Event):
    """First game only: the Bürgermeister card lay in the centre, so the cards were dealt anew."""

    TYPE: ClassVar[str] = "redealt"


@dataclass(frozen=True, kw_only=True)
class RoleDealt(Event):
    TYPE: ClassVar[str] = "role_dealt"
    seat: int
    role: Role


@dataclass(frozen=True, kw_only=True)
class MayorAppointed(Event):
    TYPE: ClassVar[str] = "mayor_appointed"
    seat: int
    from_center: bool


@dataclass(frozen=True, kw_only=True)
class NightStarted(Event):
    TYPE: ClassVar[str] = "night_started"


@dataclass(frozen=True, kw_only=True)
class WordChosen(Event):
    TYPE: ClassVar[str] = "word_chosen"
    seat: int
    word: str


@dataclass(frozen=True, kw_only=True)
class SeerSawWord(Event):
    TYPE: ClassVar[str] = "seer_saw_word"
    seat: int
    word: str


@dataclass(frozen=True, kw_only=True)
class WerewolvesMet(Event):
    """With two Werwölfe they see each other before they see the word."""

    TYPE: ClassVar[str] = "werewolves_met"
    seats: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class WerewolvesSawWord(Event):
    TYPE: ClassVar[str] = "werewolves_saw_word"
    seats: tuple[int, ...]
    word: str


# --- day -----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class DayStarted(Event):
    TYPE: ClassVar[str] = "day_started"
    seconds: int
    markers: dict[str, int]


@dataclass(frozen=True, kw_only=True)
class MarkerGiven(Event):
    """A marker on the table: `to` is the seat that got it, None for the centre (Völlig daneben only)."""

    TYPE: ClassVar[str] = "marker_given"
    marker: str
    to: int | None
    left: int
    """How many markers of this stack are left (Ja and Nein share one stack)."""


@dataclass(frozen=True, kw_only=True)
class DayEnded(Event):
    TYPE: ClassVar[str] = "day_ended"
    reason: str
    """`guessed` (Richtig), `time` (the timer ran out) or `markers` (the last Ja/Nein marker is gone)."""
    guesser: int | None = None


@dataclass(frozen=True, kw_only=True)
class WordRevealed(Event):
    TYPE: ClassVar[str] = "word_revealed"
    word: str


# --- endings -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EndingStarted(Event):
    """`guessed`: the Werwölfe reveal and point; `not_guessed`: talk, then everyone votes."""

    TYPE: ClassVar[str] = "ending_started"
    ending: str
    seconds: int


@dataclass(frozen=True, kw_only=True)
class WerewolvesRevealed(Event):
    TYPE: ClassVar[str] = "werewolves_revealed"
    seats: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Pointed(Event):
    TYPE: ClassVar[str] = "pointed"
    werewolf: int
    target: int | None


@dataclass(frozen=True, kw_only=True)
class VoteStarted(Event):
    TYPE: ClassVar[str] = "vote_started"


@dataclass(frozen=True, kw_only=True)
class VoteCast(Event):
    """Seen by the voter only until all votes are shown together."""

    TYPE: ClassVar[str] = "vote_cast"
    voter: int
    target: int | None


@dataclass(frozen=True, kw_only=True)
class VotesShown(Event):
    TYPE: ClassVar[str] = "votes_shown"
    votes: dict[int, int | None]
    counts: dict[int, int]
    top: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class CardsRevealed(Event):
    TYPE: ClassVar[str] = "cards_revealed"
    roles: dict[int, Role]


@dataclass(frozen=True, kw_only=True)
class Whoops(Event):
    TYPE: ClassVar[str] = "whoops"
    ending: str
    """The ending switched to."""


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    TYPE: ClassVar[str] = "game_ended"
    winner: Side
    reason: str
    winners: tuple[int, ...]
    roles: tuple[Role, ...]
    mayor: int
    word: str
