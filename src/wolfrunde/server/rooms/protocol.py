"""The envelope every room kind shares: how a client message is read and how a refusal looks.

Every client message is one JSON object with a `type` and an optional `ref`, validated against the
kind's pydantic schema. Whatever goes wrong, the sender gets the same shape back,
`{"type": "error", "code": …, "message": <German>, "ref": …}`, and nothing changes.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from wolfrunde.server import safejson
from wolfrunde.server.texts import error_text

MAX_MESSAGE_CHARS = 4096
Ref = Annotated[str, Field(max_length=64)] | StrictInt | None


class Message(BaseModel):
    """Base of every client message of every kind."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None  # echoed in the reply so a client can match answers to requests


class Ping(Message):
    type: Literal["ping"]


class Refusal(Exception):
    """A message that is not accepted now. `code` names the problem for programs; the German message
    comes from the one catalogue (`server.texts.ERRORS`), filled with `detail` and `values`."""

    def __init__(self, code: str, detail: str | None = None, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.values = values

    @property
    def message(self) -> str:
        return error_text(self.code, detail=self.detail, **self.values)

    def payload(self, ref: Any = None) -> dict[str, Any]:
        return error(self.code, ref, detail=self.detail, **self.values)


def error(code: str, ref: Any = None, detail: str | None = None, **values: object) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": error_text(code, detail=detail, **values), "ref": ref}


def ack(ref: Any) -> dict[str, Any]:
    return {"type": "ack", "ref": ref}


def safe_ref(data: object) -> str | int | None:
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, str | int) or (isinstance(ref, str) and len(ref) > 64):
        return None
    return ref


class Schema:
    """The client messages one kind accepts: a discriminated union of `Message` subclasses."""

    def __init__(self, *messages: type[Message]) -> None:
        accepted: tuple[type[Message], ...] = (Ping, *messages)
        self.types = {_type_name(message): message for message in accepted}
        members: Any = tuple(self.types.values())
        self._adapter: TypeAdapter[Any] = TypeAdapter(Annotated[Union[members], Field(discriminator="type")])  # noqa: UP007

    def parse(self, raw: str | bytes) -> Message:
        """The validated message, or raises Refusal (malformed, too big, unknown type)."""
        if isinstance(raw, bytes):
            raise Refusal("malformed", "nur Textnachrichten (JSON) sind erlaubt")
        try:
            data = safejson.loads(raw, max_chars=MAX_MESSAGE_CHARS)
        except safejson.RejectedJson as rejected:
            if rejected.too_big:
                raise Refusal("too_big", limit=MAX_MESSAGE_CHARS) from None
            raise Refusal("malformed", rejected.reason) from None
        if not isinstance(data, dict):
            raise Refusal("malformed", "ein JSON-Objekt wird erwartet")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise RefusalWithRef(safe_ref(data), "malformed", "Feld „type“ fehlt")
        if kind not in self.types:
            raise RefusalWithRef(safe_ref(data), "unknown_type", kind=kind[:40])
        try:
            message: Message = self._adapter.validate_python(data)
        except ValidationError as invalid:
            raise RefusalWithRef(safe_ref(data), "malformed", describe(invalid)) from None
        return message


class RefusalWithRef(Refusal):
    """A refusal of a message whose `ref` could be read (so the reply can carry it)."""

    def __init__(self, ref: str | int | None, code: str, detail: str | None = None, **values: object) -> None:
        super().__init__(code, detail, **values)
        self.ref = ref


def describe(error: ValidationError) -> str:
    """The first problem of a validation error, in German, with the field it concerns."""
    first = error.errors()[0]
    loc = [str(part) for part in first.get("loc", ())]
    key = "[key]" in loc  # the problem is a mapping's key, not its value
    alternative = any(_TYPE_TAG.fullmatch(part) for part in loc)  # one of several allowed types
    parts = [part for part in loc if not _TYPE_TAG.fullmatch(part) and part != "[key]"]
    if len(parts) >= 2 and parts[0] in _KNOWN_TAGS:
        parts = parts[1:]  # the union member's name is noise for the reader
    where = ".".join(parts)
    kind = "key" if key else "alternative" if alternative else first.get("type", "")
    texts = {
        "missing": "Feld fehlt",
        "extra_forbidden": "unbekanntes Feld",
        "literal_error": "unbekannter Wert",
        "string_too_long": "Text zu lang",
        "string_too_short": "Text zu kurz",
        "too_long": "zu viele Einträge",
        "int_type": "ganze Zahl erwartet",
        "bool_type": "true oder false erwartet",
        "string_type": "Text erwartet",
        "key": "ungültiger Schlüssel",
    }
    text = texts.get(kind, "falscher Typ oder Wert")
    return f"{text} ({where})" if where else text


_KNOWN_TAGS: set[str] = set()
# pydantic's names of the types a value may have (`int`, `constrained-str`, `function-after[…]`): not fields
_TYPE_TAG = re.compile(r"(constrained-)?(str|int|float|bool|list|dict|none)|function-.*|.*\[.*\].*")


def _type_name(message: type[Message]) -> str:
    field = message.model_fields["type"]
    (name,) = field.annotation.__args__  # type: ignore[union-attr]
    _KNOWN_TAGS.add(str(name))
    return str(name)
