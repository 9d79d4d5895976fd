"""The WebSocket of a Werwörter room: the guest token identifies the device; JSON objects go to the room."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server import safejson
from wolfrunde.server.auth import same_origin
from wolfrunde.server.codes import normalise
from wolfrunde.server.connection import Connection
from wolfrunde.server.werwoerter_app.guests import token_hash
from wolfrunde.server.werwoerter_app.registry import Registry
from wolfrunde.server.werwoerter_app.room import Attach, Detach, Incoming

MAX_MESSAGE = 4096


async def room_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    registry: Registry = websocket.app.state.werwoerter
    code = normalise(websocket.path_params.get("code", ""))
    room = await registry.get(code) if code else None
    token = websocket.query_params.get("token", "")
    if not same_origin(websocket) or room is None or not token:
        await websocket.send_json({"type": "error", "code": "no_room", "message": "Diese Runde gibt es nicht."})
        await websocket.close(code=4404)
        return
    conn = Connection(websocket=websocket, user_id=0, name="")
    writer = asyncio.get_running_loop().create_task(conn.pump())
    room.post(Attach(conn, token_hash(token)))
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text") or ""
            if not conn.bucket.take():
                if conn.should_report_throttle():
                    conn.send({"type": "error", "code": "too_frequent", "message": "Langsamer, bitte."})
                continue
            try:
                parsed = safejson.loads(raw, max_chars=MAX_MESSAGE)
            except safejson.RejectedJson as rejected:
                conn.send(
                    {"type": "error", "code": "bad_message", "message": f"Unlesbare Nachricht: {rejected.reason}."}
                )
                continue
            if not isinstance(parsed, dict):
                conn.send({"type": "error", "code": "bad_message", "message": "Unlesbare Nachricht."})
                continue
            room.post(Incoming(conn, parsed))
    except WebSocketDisconnect:
        pass
    finally:
        room.post(Detach(conn))
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)
