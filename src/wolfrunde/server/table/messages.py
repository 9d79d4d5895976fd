"""Table WebSocket messages: what a device may send (pydantic, one schema per way to play) and the
server's welcome and lobby payloads. See docs/protocol.md, "Table modes"."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from wolfrunde.server.addresses import TABLE
from wolfrunde.server.online.messages import Pronounce as Pronounce  # a guest's Aussprache, online's message
from wolfrunde.server.rooms.protocol import Message, Schema
from wolfrunde.server.table.lobby import TableLobby


class Hello(Message):
    """A device's first message: its token says which seat (or the one device) it is."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=16, max_length=128)]


class Device(Message):
    """One device in the middle: a tap (take, done, next, answer, hands, end_discussion, card, dial)."""

    type: Literal["device"]
    op: Literal["take", "done", "next", "answer", "hands", "end_discussion", "card", "dial"]
    data: dict[str, Any] = Field(default_factory=dict)


class Timers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    night: StrictInt
    vote: StrictInt


class Settings(Message):
    type: Literal["settings"]
    rules: Literal["wolfrunde", "duesterwald"] | None = None
    roles: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=42)] | None = None
    recommended: StrictBool | None = None
    narrator: Annotated[str, Field(max_length=16)] | None = None
    discussion: StrictInt | None = None
    speaker: StrictInt | None = None
    timers: Timers | None = None  # own devices: seconds for each night step and each vote
    style: Literal["voll", "knapp"] | None = None  # how much the narrator says (as online)


class Start(Message):
    type: Literal["start"]


class Remove(Message):
    """The host sends a guest away from the lobby (a wrong name, someone who left)."""

    type: Literal["remove"]
    seat: StrictInt


class Decide(Message):
    type: Literal["decide"]
    kind: Annotated[str, Field(max_length=32)]
    choice: Any = None


class EndDiscussion(Message):
    type: Literal["end_discussion"]


class Again(Message):
    """The host, once a game is over: the same seats go back to the lobby for the next game."""

    type: Literal["again"]


HELLO = Schema(Hello)
SINGLE_DEVICE = Schema(Device)
OWN_DEVICES = Schema(Settings, Start, Remove, Decide, EndDiscussion, Again, Pronounce)


def welcome(code: str, mode: str, seat: int | None, host: bool) -> dict[str, Any]:
    return {"type": "welcome", "code": code, "mode": mode, "seat": seat, "host": host}


def table(code: str, lobby: TableLobby, status: str, online: set[int], speaking: int | None) -> dict[str, Any]:
    """Public table data for everyone's own device: seats, settings, the deck; never who holds what.
    `speaker` is the device the host chose, `speaking` the one that plays the narrator now."""
    settings = lobby.settings
    return {
        **TABLE.header("table", code, status),
        "speaker": lobby.speaker,
        "speaking": speaking,
        "seats": [
            {"seat": i, "name": g.name, "online": i in online, "host": i == 0, "say": g.say}
            for i, g in enumerate(lobby.seats)
        ],
        "settings": {
            "rules": settings.rules,
            "roles": settings.roles,
            "narrator": settings.narrator,
            "discussion": settings.discussion,
            "timers": dict(settings.timers),
            "style": settings.style,
        },
        "recommended_roles": lobby.recommended(),
    }


def removed(text: str) -> dict[str, Any]:
    return {"type": "removed", "message": text}
