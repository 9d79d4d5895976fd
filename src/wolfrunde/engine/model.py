"""Small value types shared by the whole engine."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeAlias, TypeVar


class Rules(StrEnum):
    WOLFRUNDE = "wolfrunde"
    DUESTERWALD = "duesterwald"


class Mode(StrEnum):
    ONLINE = "online"
    TABLE_SINGLE_DEVICE = "table_single_device"
    TABLE_OWN_DEVICES = "table_own_devices"


class Side(StrEnum):
    VILLAGE = "village"
    WOLVES = "werewolves"
    PIPER = "pied_piper"


class Phase(StrEnum):
    NIGHT = "night"
    DAY = "day"
    OVER = "over"


class Cadence(StrEnum):
    FIRST_NIGHT = "first_night"
    EVERY_NIGHT = "every_night"
    ODD_NIGHTS = "odd_nights"
    EVEN_NIGHTS = "even_nights"

    def includes(self, night: int) -> bool:
        if self is Cadence.FIRST_NIGHT:
            return night == 1
        if self is Cadence.ODD_NIGHTS:
            return night % 2 == 1
        if self is Cadence.EVEN_NIGHTS:
            return night % 2 == 0
        return True


EVERYONE: None = None
"""`Event.visible_to` value for public events."""


@dataclass(slots=True)
class Event:
    """Something that happened. `visible_to` is None for everyone, else the seats that may see it.

    Seat numbers in `data` live under the keys of `SEAT_KEYS`, so they can be turned into names.
    `reveals` maps seats to role ids that this event shows to whoever may see it.
    """

    type: str
    data: dict[str, Any]
    visible_to: frozenset[int] | None = EVERYONE
    reveals: dict[int, str] = field(default_factory=dict)

    def visible(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to


SEAT_KEYS = frozenset(
    {
        "player",
        "target",
        "players",
        "dead",
        "lovers",
        "pack",
        "candidates",
        "left",
        "right",
        "winners",
        "accused",
        "model",
        "captain",
        "tied",
        "group",
        "enchanted",
        "attacked",
        "heal",
        "poison",
        "wolf",
        "girl",
        "maid",
        "votes_for",
        "partner",
        "members",
        "successor",
        "voter",
        "actor",
        "previous",
        "silence",
    }
)


@dataclass(slots=True)
class Request:
    """A decision the game waits for: `seat` must decide `kind`, choosing within `options`.

    `options` is JSON-able and describes the form of the answer; `check` turns a raw answer into the
    normalised choice or raises IllegalMove; `default` is what a timeout applies.
    """

    seat: int
    kind: str
    options: dict[str, Any]
    default: Any
    check: Callable[[Any], Any]

    def describe(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "options": self.options, "default": self.default}


Answers: TypeAlias = dict[tuple[int, str], Any]
"""The answers to one batch of requests, by (seat, kind)."""

T = TypeVar("T")
Handler: TypeAlias = Generator[list[Request], Answers, T]
"""A rule that may ask: it yields a batch of requests, receives their answers, and returns a `T`.

Night steps, death consequences, tie breakers and the day's windows are all handlers
(`Handler[None]`, `Handler[bool]` …). A handler that has nothing to ask returns before its first yield.
"""
