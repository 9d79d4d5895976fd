"""A socket that reached a process which does not own its room is relayed to the owner.

The balancer sends a room's connections to one process by its code; after a failover, until that room's
game ends, another process may hold it. The connection is then passed through, frame by frame, to the
owner's own address, with the client's cookie, origin and address. A relayed connection is never
relayed again: if it does not find its room either, it is closed with CLOSE_ELSEWHERE and the client
reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import websockets
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection

from wolfrunde.server.rooms.connection import CLOSE_ELSEWHERE
from wolfrunde.server.security import client_address

log = logging.getLogger(__name__)
RELAYED_HEADER = "x-wolfrunde-relayed"
FORWARDED_HEADERS = ("cookie", "origin", "user-agent")
CONNECT_SECONDS = 3.0
MAX_MESSAGE = 2**22


def relayed(websocket: WebSocket) -> bool:
    """This connection came from another process already."""
    return RELAYED_HEADER in websocket.headers


async def relay(websocket: WebSocket, owner: str) -> bool:
    """Passes the accepted `websocket` through to the process at `owner` (host:port) until either side
    closes; False when the owner could not be reached (nothing was sent to the client then)."""
    headers = [(name, value) for name, value in websocket.headers.items() if name in FORWARDED_HEADERS]
    forwarded = websocket.headers.get("x-forwarded-for")
    address = client_address(websocket)
    headers.append(("x-forwarded-for", f"{forwarded}, {address}" if forwarded else address))
    headers.append((RELAYED_HEADER, "1"))
    query = websocket.url.query
    target = f"ws://{owner}{websocket.url.path}" + (f"?{query}" if query else "")
    try:
        upstream = await websockets.connect(
            target, additional_headers=headers, open_timeout=CONNECT_SECONDS, max_size=MAX_MESSAGE
        )
    except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI):
        log.warning("relaying a socket to %s failed", owner)
        return False
    async with upstream:
        await _pump(websocket, upstream)
    return True


async def _pump(websocket: WebSocket, upstream: ClientConnection) -> None:
    async def downstream() -> None:
        with contextlib.suppress(websockets.ConnectionClosed, RuntimeError, OSError):
            async for frame in upstream:
                if isinstance(frame, str):
                    await websocket.send_text(frame)
                else:
                    await websocket.send_bytes(frame)

    async def upward() -> None:
        with contextlib.suppress(WebSocketDisconnect, websockets.ConnectionClosed, RuntimeError, OSError):
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                await upstream.send(text if text is not None else (message.get("bytes") or b""))

    tasks = [asyncio.create_task(downstream()), asyncio.create_task(upward())]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
    code = upstream.close_code or 1000
    if code in (1005, 1006):  # the owner went away without a word: the client reconnects to the next one
        code = CLOSE_ELSEWHERE
    await upstream.close()
    with contextlib.suppress(Exception):
        await websocket.close(code=code)
