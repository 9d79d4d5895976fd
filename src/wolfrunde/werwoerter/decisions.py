"""Requests the game waits for and the decisions that answer them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

Choice = str | int | tuple[str, int] | None
"""A word, a seat, (marker, seat) for an answer, or None (the centre, nobody, or just "go on")."""


class Kind(StrEnum):
    CHOOSE_WORD = "choose_word"
    """Bürgermeister, night: choose the Zauberwort among the offered words."""
    ANSWER = "answer"
    """Bürgermeister, day: give (marker, asking seat) for one question; Ja, Nein, Vielleicht, Knapp daneben."""
    WAY_OFF = "way_off"
    """Bürgermeister, day, optional: give Völlig daneben additionally to a seat or the centre (None)."""
    CORRECT = "correct"
    """Bürgermeister, day, optional: the seat that asked the whole word gets Richtig; the word is guessed."""
    MARKERS_OUT = "markers_out"
    """"Keine Ja/Nein-Marker mehr": never offered, since the last Ja/Nein marker given ends the day by itself;
    refused with the number of markers left (the refresher's tap after the last marker is the app's own)."""
    POINT = "point"
    """Each Werwolf after the word was guessed: the seat pointed at, or None (nobody, time ran out)."""
    END_TALK = "end_talk"
    """Bürgermeister: the minute of talk is over; start the vote."""
    VOTE = "vote"
    """Everyone, at the same time: the suspect (never oneself), or None (no vote, time ran out)."""
    WHOOPS = "whoops"
    """Bürgermeister, optional, after the day: switch to the other ending."""
    TIME_UP = "time_up"
    """The clock, not a seat: the running timer ran out; every required request gets its default."""


@dataclass(frozen=True)
class Decision:
    kind: Kind
    seat: int | None
    """None only for TIME_UP, which comes from the caller's clock."""
    choice: Choice = None

    def to_json(self) -> dict[str, Any]:
        choice = list(self.choice) if isinstance(self.choice, tuple) else self.choice
        return {"kind": self.kind.value, "seat": self.seat, "choice": choice}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        choice = data.get("choice")
        if isinstance(choice, list):
            choice = tuple(choice)
        return cls(Kind(data["kind"]), data.get("seat"), choice)


@dataclass(frozen=True)
class Request:
    """`seat` may decide `kind` now, choosing one of `options`.

    `required` requests hold the game up; when the caller's timer (`seconds`, None = no timer) runs out
    it sends TIME_UP and every required request gets `default`. Optional ones (Whoops, Richtig …)
    are offered but never awaited. `hints` are "Leicht vergessen" keys that apply to this decision.
    """

    seat: int
    kind: Kind
    options: tuple[Choice, ...]
    default: Choice = None
    required: bool = True
    seconds: int | None = None
    hints: tuple[str, ...] = ()

    def describe(self) -> dict[str, Any]:
        def plain(choice: Choice) -> Any:
            return list(choice) if isinstance(choice, tuple) else choice

        return {
            "seat": self.seat,
            "kind": self.kind.value,
            "options": [plain(option) for option in self.options],
            "default": plain(self.default),
            "required": self.required,
            "seconds": self.seconds,
            "hints": list(self.hints),
        }
