"""What a device may send in a Werwörter round. See docs/protocol.md, section "Werwörter"."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, field_validator

from wolfrunde.server.rooms.protocol import Message, Schema
from wolfrunde.werwoerter.roles import MAX_PLAYERS

MAX_WORD_CHARS = 64

ClientKind = Literal[
    "choose_word", "answer", "way_off", "correct", "markers_out", "point", "end_talk", "vote", "whoops"
]
"""The engine's decision kinds a device may send (`time_up` comes from the room's clock only)."""


class ChangeSettings(Message):
    """The host, before or between games; a field left out stays as it is."""

    type: Literal["settings"]
    difficulty: StrictInt | None = None
    day_seconds: StrictInt | None = None
    speaker: StrictInt | None = None  # the seat whose device speaks (own devices)
    narrator: Annotated[str, Field(max_length=32)] | None = None


class Start(Message):
    type: Literal["start"]


class Reveal(Message):
    """One device, dealing: the current player looks at his card."""

    type: Literal["reveal"]


class Next(Message):
    """One device, dealing: the card is covered and the device passed on."""

    type: Literal["next"]


class Play(Message):
    type: Literal["play"]


class Decide(Message):
    """One engine decision; own devices for their seat, the one device names `seat` (default: the
    Bürgermeister)."""

    type: Literal["decide"]
    kind: ClientKind
    choice: Any = None  # a word, a seat, [marker, seat] or null; see `_choice`
    seat: StrictInt | None = None

    @field_validator("choice", mode="before")
    @classmethod
    def _choice(cls, value: Any) -> Any:
        """The engine's choice types, canonical: a list [marker, seat] becomes a tuple."""
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        if isinstance(value, str) and len(value) <= MAX_WORD_CHARS:
            return value
        if isinstance(value, list) and len(value) == 2:
            marker, seat = value
            if isinstance(marker, str) and len(marker) <= MAX_WORD_CHARS and type(seat) is int:
                return (marker, seat)
        raise ValueError("a word, a seat, [marker, seat] or null")


class Votes(Message):
    """One device, vote: who pointed at whom, for every seat at once."""

    type: Literal["votes"]
    votes: Annotated[dict[Annotated[str, Field(pattern=r"^[0-9]{1,2}$")], StrictInt], Field(max_length=MAX_PLAYERS)]


class Nobody(Message):
    """One device, pointing: the Werwölfe who have not pointed pointed at nobody."""

    type: Literal["nobody"]


class Again(Message):
    type: Literal["again"]


class Remove(Message):
    """The host, in the lobby of own devices: a guest leaves the round (a wrong name, someone who left)."""

    type: Literal["remove"]
    seat: StrictInt


SCHEMA = Schema(ChangeSettings, Start, Reveal, Next, Play, Decide, Votes, Nobody, Again, Remove)
