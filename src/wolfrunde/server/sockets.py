"""The WebSocket endpoint of a room: authenticate, validate, rate-limit, hand messages to the room."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server import payloads
from wolfrunde.server.auth import current_user, same_origin
from wolfrunde.server.codes import normalise
from wolfrunde.server.connection import Connection
from wolfrunde.server.protocol import ProtocolError, parse
from wolfrunde.server.registry import Registry
from wolfrunde.server.room import Attach, Detach, Incoming

CLOSE_POLICY = 4403
CLOSE_AUTH = 4401
CLOSE_NO_ROOM = 4404


async def room_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    if not same_origin(websocket):
        await _refuse(websocket, "wrong_origin", CLOSE_POLICY)
        return
    user = current_user(websocket)
    if user is None:
        await _refuse(websocket, "not_logged_in", CLOSE_AUTH)
        return
    registry: Registry = websocket.app.state.registry
    code = normalise(websocket.path_params.get("code", ""))
    room = await registry.get(code) if code else None
    if room is None:
        await _refuse(websocket, "no_room", CLOSE_NO_ROOM)
        return
    conn = Connection(websocket=websocket, user_id=user.id, name=user.name)
    writer = asyncio.get_running_loop().create_task(conn.pump())
    room.post(Attach(conn))
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if not conn.bucket.take():
                if conn.should_report_throttle():
                    conn.send(payloads.error("too_frequent"))
                continue
            try:
                parsed = parse(raw)
            except ProtocolError as bad:
                conn.send(payloads.error(bad.code, bad.ref, **bad.details))
                continue
            room.post(Incoming(conn, parsed))
    except WebSocketDisconnect:
        pass
    finally:
        room.post(Detach(conn))
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)


async def _refuse(websocket: WebSocket, code: str, close_code: int) -> None:
    await websocket.send_json(payloads.error(code))
    await websocket.close(code=close_code)
