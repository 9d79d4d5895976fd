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
from wolfrunde.server.ws_protocol import texts_writer

OUTBOX_LIMIT = 512
CLOSE_NORMAL = 1000
CLOSE_AUTH = 4401  # not logged in (any more): the client stops trying
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
        self.send_encoded(encode_bytes(message) if encoded is None else encoded.of(message))

    def send_encoded(self, data: bytes) -> None:
        """Queues a message encoded already (`encode_bytes`: compact JSON as UTF-8)."""
        raise NotImplementedError

    def flush(self) -> None:
        """Writes what waits for the end of this turn of the event loop now (a connection that writes at
        once has nothing waiting)."""

    def close(self, code: int = CLOSE_NORMAL) -> None:
        self.closed = True


class SocketConnection(Connection):
    """A WebSocket. What the room sends it during one turn of the event loop is written at the end of that
    turn, with one write to the socket, where the server offers that (`ws_protocol.SEND_TEXTS`). While the
    client is behind on reading (or where the server does not offer it) the messages wait in a bounded
    outbox that the connection's own task writes; a client that cannot keep up is disconnected instead of
    slowing the room."""

    def __init__(self, websocket: WebSocket, bucket: TokenBucket | None = None) -> None:
        super().__init__()
        self.websocket = websocket
        self.bucket = bucket or TokenBucket(rate=8.0, burst=30.0)
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.last_throttle_reply = 0.0
        self.close_code = CLOSE_NORMAL
        self._writer = texts_writer(websocket.scope)
        self._turn: list[bytes] = []  # sent during this turn of the loop, written at its end
        self._pumping = False  # the task holds messages it has taken from the outbox and not yet written

    def send(self, message: dict[str, Any], encoded: Encoded | None = None) -> None:
        if not self.closed:
            self.send_encoded(encode_bytes(message) if encoded is None else encoded.of(message))

    def send_encoded(self, data: bytes) -> None:
        if self.closed:
            return
        if self._writer is None:
            self._queue(data)
            return
        if not self._turn:
            asyncio.get_running_loop().call_soon(self._write_turn)
        self._turn.append(data)

    def flush(self) -> None:
        if self._turn:
            self._write_turn()  # the call scheduled for the turn's end then finds nothing to write

    def _write_turn(self) -> None:
        texts, self._turn = self._turn, []
        if not texts or self.closed or self._writer is None:
            return  # a close queued them already
        if self.outbox.empty() and not self._pumping:  # nothing older waits: they may go first
            try:
                if self._writer.write(texts):
                    return
            except OSError:  # the client is gone; the reading side ends the connection
                return
        for text in texts:
            self._queue(text)

    def _queue(self, data: bytes) -> None:
        if self.closed:  # closed meanwhile (the outbox overflowed): nothing more goes out
            return
        try:
            self.outbox.put_nowait(data)
        except asyncio.QueueFull:
            self.close()

    def close(self, code: int = CLOSE_NORMAL) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        turn, self._turn = self._turn, []
        for text in turn:  # what the room sent before closing still goes out, first
            if self.outbox.full():
                break
            self.outbox.put_nowait(text)
        if self.outbox.full():  # a client that fell behind: what it missed is dropped, the close goes out
            while not self.outbox.empty():
                self.outbox.get_nowait()
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
                batch = [await self.outbox.get()]
                while not self.outbox.empty():
                    batch.append(self.outbox.get_nowait())
                closing = None in batch  # `close` queues None last: nothing follows it
                texts = [text for text in batch if text is not None]
                self._pumping = True
                if texts and self._writer is not None:
                    await self._writer.send(texts)
                else:
                    for text in texts:
                        await self.websocket.send_text(text.decode("utf-8"))
                self._pumping = False
                if closing:
                    break
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

    def send_encoded(self, data: bytes) -> None:
        if not self.closed:
            self.deliver(orjson.loads(data))
