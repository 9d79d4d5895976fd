"""A member's connection to a room: a WebSocket with a bounded outbox, or an in-process seat (a bot the
server plays), which receives exactly the messages a WebSocket would."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server.ratelimit import TokenBucket

OUTBOX_LIMIT = 512
CLOSE_NORMAL = 1000
CLOSE_ELSEWHERE = 4409  # the room is run by another server process now: reconnect (docs/protocol.md)
_ids = itertools.count(1)


def encode_bytes(message: dict[str, Any]) -> bytes:
    """Compact JSON as UTF-8 (orjson: the one encoder of every message to a client). A lone surrogate,
    which orjson refuses, is escaped by the standard library instead, so the text is always valid."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":")).encode("ascii")


def encode(message: dict[str, Any]) -> str:
    return encode_bytes(message).decode("utf-8")


class Encoded:
    """The messages of one broadcast, each encoded once however many connections it goes to (the room's
    narration, the lobby, the day's tally go to every device alike). Lives for one broadcast only: a
    message is never changed while it is being sent, but may be afterwards."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[dict[str, Any], bytes]] = {}

    def of(self, message: dict[str, Any]) -> bytes:
        known = self._texts.get(id(message))
        if known is None or known[0] is not message:
            known = self._texts[id(message)] = (message, encode_bytes(message))
        return known[1]


class Connection:
    """What the room sends to. `send` never blocks the room."""

    def __init__(self) -> None:
        self.id = next(_ids)
        self.closed = False

    def send(self, message: dict[str, Any], encoded: Encoded | None = None) -> None:
        """Queues `message`; `encoded`: the broadcast it is part of (it is then encoded once for all)."""
        raise NotImplementedError

    def close(self, code: int = CLOSE_NORMAL) -> None:
        self.closed = True


class SocketConnection(Connection):
    """A WebSocket, written by its own task from a bounded outbox; a client that cannot keep up is
    disconnected instead of slowing the room."""

    def __init__(self, websocket: WebSocket, bucket: TokenBucket | None = None) -> None:
        super().__init__()
        self.websocket = websocket
        self.bucket = bucket or TokenBucket(rate=8.0, burst=30.0)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.last_throttle_reply = 0.0
        self.close_code = CLOSE_NORMAL

    def send(self, message: dict[str, Any], encoded: Encoded | None = None) -> None:
        if self.closed:
            return
        try:
            data = encode_bytes(message) if encoded is None else encoded.of(message)
            self.outbox.put_nowait(data.decode("utf-8"))
        except asyncio.QueueFull:
            self.close()

    def close(self, code: int = CLOSE_NORMAL) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)

    def should_report_throttle(self) -> bool:
        """Too-frequent errors are sent at most once a second, so a flood does not fill the outbox."""
        now = time.monotonic()
        if now - self.last_throttle_reply >= 1.0:
            self.last_throttle_reply = now
            return True
        return False

    async def pump(self) -> None:
        """Writes the outbox to the socket until the connection closes."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.websocket.close(code=self.close_code)


class LocalConnection(Connection):
    """An in-process member: every message goes to `deliver` as the decoded JSON a client would read."""

    def __init__(self, deliver: Callable[[dict[str, Any]], None]) -> None:
        super().__init__()
        self.deliver = deliver

    def send(self, message: dict[str, Any], encoded: Encoded | None = None) -> None:
        if not self.closed:
            self.deliver(orjson.loads(encode_bytes(message) if encoded is None else encoded.of(message)))
