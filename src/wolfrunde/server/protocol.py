"""Client → server messages, validated by pydantic. See docs/protocol.md for every message both ways."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from wolfrunde.server import safejson

MAX_MESSAGE_CHARS = 4096
MAX_CHAT_CHARS = 500

Ref = Annotated[str, Field(max_length=64)] | StrictInt | None


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None  # echoed in the reply so a client can match answers to requests


class Join(_Message):
    type: Literal["join"]


class Leave(_Message):
    type: Literal["leave"]


class Timers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    night: StrictInt | None = None
    day: StrictInt | None = None
    vote: StrictInt | None = None
    lovers: StrictInt | None = None


class ChangeSettings(_Message):
    type: Literal["settings"]
    rules: Literal["wolfrunde", "duesterwald"] | None = None
    roles: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=20)] | None = None
    recommended: StrictBool | None = None  # true: go back to the recommended role set
    timers: Timers | None = None
    meldeliste: StrictBool | None = None
    narrator: Annotated[str, Field(max_length=32)] | None = None  # checked against the known narrators


class Kick(_Message):
    type: Literal["kick"]
    seat: StrictInt


class AddBot(_Message):
    type: Literal["add_bot"]


class Start(_Message):
    type: Literal["start"]


class NewGame(_Message):
    type: Literal["new_game"]


class Decide(_Message):
    type: Literal["decide"]
    kind: Annotated[str, Field(min_length=1, max_length=64)]
    choice: Any = None
    seat: StrictInt | None = None  # optional; must be the sender's own seat when given


class Chat(_Message):
    type: Literal["chat"]
    channel: Annotated[str, Field(min_length=1, max_length=16)]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS)]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Join | Leave | ChangeSettings | Kick | AddBot | Start | NewGame | Decide | Chat | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


class ProtocolError(Exception):
    """A message that could not be accepted; `code` and `details` pick the German text."""

    def __init__(self, code: str, ref: Any = None, **details: object) -> None:
        super().__init__(code)
        self.code = code
        self.ref = ref
        self.details = details


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if not str(part).startswith("function"))
    kind = first.get("type", "")
    texts = {
        "missing": "Feld fehlt",
        "extra_forbidden": "unbekanntes Feld",
        "union_tag_invalid": "unbekannter Nachrichtentyp",
        "union_tag_not_found": "Feld „type“ fehlt",
        "literal_error": "unbekannter Wert",
        "string_too_long": "Text zu lang",
        "string_too_short": "Text zu kurz",
        "too_long": "zu viele Einträge",
    }
    text = texts.get(kind, "falscher Typ oder Wert")
    return f"{text} ({where})" if where else text


def parse(raw: str | bytes) -> Any:
    """A validated client message, or raises ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", detail="nur Textnachrichten (JSON) sind erlaubt")
    try:
        data = safejson.loads(raw, max_chars=MAX_MESSAGE_CHARS)
    except safejson.RejectedJson as rejected:
        if rejected.too_big:
            raise ProtocolError("too_big", limit=MAX_MESSAGE_CHARS) from None
        raise ProtocolError("malformed", detail=rejected.reason) from None
    ref = data.get("ref") if isinstance(data, dict) else None
    if not isinstance(ref, str | int) or isinstance(ref, bool) or (isinstance(ref, str) and len(ref) > 64):
        ref = None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", detail="ein JSON-Objekt wird erwartet")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        raise ProtocolError("malformed", ref=ref, detail=_describe(error)) from None
