"""How a device at a table proves who it is: a random token it keeps, of which the store holds only the
SHA-256; over the WebSocket it says `hello` with it first."""

from __future__ import annotations

import asyncio
import hashlib
import secrets

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server.rooms.kind import Identity
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table.messages import HELLO, Hello

HELLO_SECONDS = 10.0


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def identify(websocket: WebSocket) -> Identity | Refusal:
    """The device's token from its first message, which must be a `hello` within HELLO_SECONDS; which
    seat it belongs to the table decides when the device attaches."""
    try:
        frame = await asyncio.wait_for(websocket.receive(), HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect):
        return Refusal("hello_first")
    if frame["type"] == "websocket.disconnect":
        return Refusal("hello_first")
    raw = frame.get("text")
    try:
        hello = HELLO.parse(raw if raw is not None else frame.get("bytes") or b"")
    except Refusal as refusal:
        return refusal
    if not isinstance(hello, Hello):
        return Refusal("hello_first")
    return Identity(token_hash=token_hash(hello.token))
