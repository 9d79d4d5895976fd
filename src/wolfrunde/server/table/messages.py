"""Table WebSocket messages: client messages validated by pydantic, and the server's lobby payloads."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from wolfrunde.server import safejson
from wolfrunde.server.table.errors import TableError
from wolfrunde.server.table.lobby import TableLobby

MAX_CHARS = 4096
Ref = Annotated[str, Field(max_length=64)] | StrictInt | None


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None


class Hello(_Message):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=16, max_length=128)]


class Device(_Message):
    """One device in the middle: a tap (take, done, next, answer, hands, end_discussion, card)."""

    type: Literal["device"]
    op: Literal["take", "done", "next", "answer", "hands", "end_discussion", "card"]
    data: dict[str, Any] = Field(default_factory=dict)


class Timers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    night: StrictInt
    vote: StrictInt


class Settings(_Message):
    type: Literal["settings"]
    rules: Literal["wolfrunde", "duesterwald"] | None = None
    roles: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=42)] | None = None
    recommended: StrictBool | None = None
    narrator: Annotated[str, Field(max_length=16)] | None = None
    discussion: StrictInt | None = None
    speaker: StrictInt | None = None
    timers: Timers | None = None  # own devices: seconds for each night step and each vote


class Start(_Message):
    type: Literal["start"]


class Remove(_Message):
    """The host sends a guest away from the lobby (a wrong name, someone who left)."""

    type: Literal["remove"]
    seat: StrictInt


class Decide(_Message):
    type: Literal["decide"]
    kind: Annotated[str, Field(max_length=32)]
    choice: Any = None


class EndDiscussion(_Message):
    type: Literal["end_discussion"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Hello | Device | Settings | Start | Remove | Decide | EndDiscussion | Ping, Field(discriminator="type")
]
_adapter: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def parse(raw: str | bytes) -> Any:
    """The validated message; raises TableError(malformed) naming the problem."""
    try:
        data = safejson.loads(raw, max_chars=MAX_CHARS)
    except safejson.RejectedJson as rejected:
        raise TableError("malformed", f"Die Nachricht ist ungültig: {rejected.reason}.") from None
    try:
        return _adapter.validate_python(data)
    except ValidationError as error:
        first = str(error).splitlines()[0][:200]
        raise TableError("malformed", f"Die Nachricht ist ungültig: {first}") from None


def welcome(code: str, mode: str, seat: int | None, host: bool) -> dict[str, Any]:
    return {"type": "welcome", "code": code, "mode": mode, "seat": seat, "host": host}


def table(code: str, lobby: TableLobby, status: str, online: set[int], speaking: int | None) -> dict[str, Any]:
    """Public table data for everyone's own device: seats, settings, the deck; never who holds what.
    `speaker` is the device the host chose, `speaking` the one that plays the narrator now."""
    settings = lobby.settings
    return {
        "type": "table",
        "code": code,
        "link": f"/t/{code}",
        "status": status,
        "speaker": lobby.speaker,
        "speaking": speaking,
        "seats": [
            {"seat": i, "name": g.name, "online": i in online, "host": i == 0} for i, g in enumerate(lobby.seats)
        ],
        "settings": {
            "rules": settings.rules,
            "roles": settings.roles,
            "narrator": settings.narrator,
            "discussion": settings.discussion,
            "timers": dict(settings.timers),
        },
        "recommended_roles": lobby.recommended(),
    }
