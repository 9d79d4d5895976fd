"""Incremental `game` updates: after the first full message a device receives only what changed.

A device asks for them when it connects (`?patches=1`, and `&since=<stream>:<version>` when it comes
back holding a version). Every seat of a room has one stream: each `game` message sent to the seat is
its next version, and the room keeps the last message and the changes of the last `HISTORY` versions.
A device that holds the version before gets `game_patch` with the changes; a device that holds nothing,
an unknown stream or a version older than the history gets the full `game` message, tagged with its
stream and version. The messages a seat receives, their number and their timing are exactly those of
full updates: only their size changes. The changes are computed from two payloads of the same seat, so
they carry nothing that seat's full message would not.

Changes are a list of operations on the JSON document, each a list whose first item names it:
`["set", path, value]` (a key or list item gets this value; the empty path replaces everything),
`["del", path]` (a key goes) and `["add", path, items]` (items are appended to the list at `path`).
A path is a list of keys and list positions. `apply` (here, for Python clients and tests) and
`static/lib/patch.js` (the browser) rebuild the full message from them.
"""

from __future__ import annotations

import json
import operator
import secrets
from collections import deque
from collections.abc import Mapping
from typing import Any, NamedTuple

import orjson

HISTORY = 16  # versions of changes a room keeps per seat for devices that come back
PATCH = "game_patch"
Op = list[Any]
Path = list[Any]


_ABSENT = object()  # a key the old document does not have


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn `old` into `new` (both JSON-like: dicts, lists, scalars)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if type(old) is dict and type(new) is dict:
        added = 0
        for key, value in new.items():
            before = old.get(key, _ABSENT)
            if before is value:  # most parts are shared or small constants
                continue
            if before is _ABSENT:
                ops.append(["set", [*path, key], value])
                added += 1
            elif _differs(before, value):
                _diff(before, value, [*path, key], ops)
        if len(new) - added != len(old):  # some key of the old one is gone
            ops.extend(["del", [*path, key]] for key in old if key not in new)
        return
    if type(old) is list and type(new) is list:
        known = len(old)
        if len(new) > known and _same_items(new, old):
            ops.append(["add", path, new[known:]])
            return
        if len(new) == known:
            for index, (before, after) in enumerate(zip(old, new, strict=True)):
                if before is not after and _differs(before, after):
                    _diff(before, after, [*path, index], ops)
            return
    ops.append(["set", path, new])


def _differs(a: Any, b: Any) -> bool:
    """Whether the walk goes on into `b` in place of `a` (two values that are not the same object): two
    dicts or two lists it compares itself, part by part; other values when they differ as JSON. Python's ==
    holds 1 == 1.0 == True and 0.0 == -0.0, which JSON tells apart (a list of seats [0, 1] and a list of
    answers [False, True]), so what == calls equal is compared by its encoding too."""
    kind = type(a)
    if kind is not type(b) or kind is dict or kind is list:
        return True
    return a != b or (kind is float and _encoded(a) != _encoded(b))


def _same_items(longer: list[Any], items: list[Any]) -> bool:
    """The first len(items) items of `longer` are the same as `items`: by identity, which holds for
    nearly all of them, else as JSON."""
    if all(map(operator.is_, longer, items)):
        return True  # the empty list too
    head = longer[: len(items)]
    return head == items and _encoded(head) == _encoded(items)


def _encoded(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def apply(document: Any, ops: list[Op]) -> Any:
    """`document` changed by `ops` (in place where it can; the result is the new document)."""
    for op in ops:
        kind, path = op[0], op[1]
        if kind == "set" and not path:
            document = op[2]
            continue
        target = document
        steps = path if kind == "add" else path[:-1]
        for step in steps:
            target = target[_key(target, step)]
        if kind == "add":
            target.extend(op[2])
        elif kind == "set":
            key = _key(target, path[-1])
            if isinstance(target, list) and key == len(target):
                target.append(op[2])
            else:
                target[key] = op[2]
        elif kind == "del":
            del target[_key(target, path[-1])]
        else:
            raise ValueError(f"unknown operation {kind!r}")
    return document


def _key(container: Any, step: Any) -> Any:
    """A path step as the decoded document spells it (JSON object keys are always strings)."""
    if isinstance(container, dict) and not isinstance(step, str):
        return json.dumps(step)
    return step


class SeatStream:
    """The versions of one seat's `game` messages: the last one and the changes of the recent ones.

    The changes are kept as JSON: as lists they were about half of a room's objects (a change is a few
    small lists, and it kept the values it replaced alive), and every object a room keeps is scanned again
    at every collection of Python's collector, in every room of the process. A kept change is a copy of its
    encoding, made to its size: orjson's own buffers, kept, fragmented the heap (docs/performance.md).
    Devices that come back, the only readers, are rare; the device that holds the version before gets the
    fresh change, encoded once for both."""

    def __init__(self) -> None:
        self.id = secrets.token_urlsafe(6)
        self.version = 0
        self.last: dict[str, Any] | None = None
        self.changes: deque[tuple[int, bytes | list[Op]]] = deque(maxlen=HISTORY)

    def advance(self, message: dict[str, Any]) -> Change | None:
        """Makes `message` the next version; the change from the one before (None for the first)."""
        change = None
        if self.last is not None:
            ops = diff(self.last, message)
            change = Change(ops, _encoded_ops(ops))
            kept = ops if change.encoded is None else bytes(memoryview(change.encoded))  # a copy to its size
            self.changes.append((self.version + 1, kept))
        self.version += 1
        self.last = message
        return change

    def since(self, version: int) -> list[Op] | None:
        """Every change after `version` up to now, or None when the history no longer reaches back."""
        if version == self.version:
            return []
        if not self.changes or not 0 < version < self.version or self.changes[0][0] > version + 1:
            return None
        return [op for at, ops in self.changes if at > version for op in _ops(ops)]


class Change(NamedTuple):
    """The operations from one version to the next, and their JSON (None when orjson refuses them: a lone
    surrogate, which the connection escapes when it sends the message)."""

    ops: list[Op]
    encoded: bytes | None


def _encoded_ops(ops: list[Op]) -> bytes | None:
    try:
        return orjson.dumps(ops, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return None


def _ops(kept: bytes | list[Op]) -> list[Op]:
    return orjson.loads(kept) if isinstance(kept, bytes) else kept


class SeatStreams:
    """A room's streams, one per seat (held by the room's actor)."""

    def __init__(self) -> None:
        self._seats: dict[int, SeatStream] = {}

    def of(self, seat: int) -> SeatStream:
        stream = self._seats.get(seat)
        if stream is None:
            stream = self._seats[seat] = SeatStream()
        return stream


class Subscription:
    """One device that asked for incremental updates: the stream and version it holds."""

    def __init__(self, since: tuple[str, int] | None = None) -> None:
        self.holds = since
        self.streams: SeatStreams | None = None  # the room's, once the device is attached

    @classmethod
    def requested(cls, query: Mapping[str, str]) -> Subscription | None:
        """From a socket's query string: None unless it says `patches=1`; a bad `since` is ignored (the
        device then gets a full view)."""
        if query.get("patches") != "1":
            return None
        stream, _, version = query.get("since", "").partition(":")
        if stream and version.isdigit() and len(stream) <= 16 and len(version) <= 9:
            return cls((stream, int(version)))
        return cls()

    def outgoing(self, seat: int, message: dict[str, Any]) -> dict[str, Any] | bytes:
        """The message this device is sent in place of the seat's full `game` message; a patch that follows
        the version the device holds comes encoded already (the change's own JSON inside)."""
        if self.streams is None:
            return message
        stream = self.streams.of(seat)
        fresh = stream.advance(message)
        version = stream.version
        held = self.holds
        self.holds = (stream.id, version)
        if held is not None and held[0] == stream.id:
            if fresh is not None and held[1] == version - 1:
                if fresh.encoded is not None:
                    return _patch_head(stream.id, held[1], version) + fresh.encoded + b"}"
                ops: list[Op] | None = fresh.ops
            else:
                ops = stream.since(held[1])
            if ops is not None:
                return {"type": PATCH, "stream": stream.id, "from": held[1], "version": version, "ops": ops}
        return {**message, "stream": {"id": stream.id, "version": version}}


def _patch_head(stream: str, held: int, version: int) -> bytes:
    """A `game_patch` message up to its `ops` (the stream's id is URL-safe text: nothing to escape)."""
    return b'{"type":"%s","stream":"%s","from":%d,"version":%d,"ops":' % (
        PATCH.encode(),
        stream.encode(),
        held,
        version,
    )


class GameStream:
    """A client's side (bots, benchmarks, tests): turns every `game_patch` back into the full `game`
    message and strips the stream tag from full ones, so the caller sees what a full update sends."""

    def __init__(self) -> None:
        self.stream: str | None = None
        self.version = 0
        self.current: dict[str, Any] | None = None

    def since(self) -> str | None:
        """`<stream>:<version>` for the `since` of a reconnect, once something was received."""
        return None if self.stream is None else f"{self.stream}:{self.version}"

    def receive(self, message: dict[str, Any]) -> dict[str, Any]:
        """The message as a full update would have sent it; raises OutOfStep when a patch does not
        follow the version held (the caller reconnects without `since`)."""
        kind = message.get("type")
        if kind == "game" and isinstance(message.get("stream"), dict):
            tag = message.pop("stream")
            self.stream, self.version, self.current = tag["id"], tag["version"], message
            return message
        if kind == PATCH:
            if self.current is None or message["stream"] != self.stream or message["from"] != self.version:
                raise OutOfStep(f"patch {message.get('from')}→{message.get('version')} for {self.version}")
            self.current = apply(self.current, message["ops"])
            self.version = message["version"]
            return self.current
        return message


class OutOfStep(Exception):
    """A patch that does not apply to the version held."""
