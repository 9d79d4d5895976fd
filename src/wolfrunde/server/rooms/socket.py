"""The one WebSocket loop of every room kind: check the origin, find the room, let the kind identify the
device, then validate, rate-limit and hand every message to the room's task."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.room_codes import normalise
from wolfrunde.server.presence import Presence
from wolfrunde.server.ratelimit import TokenBucket
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.actor import Detach, Incoming
from wolfrunde.server.rooms.connection import CLOSE_AUTH, CLOSE_ELSEWHERE, SocketConnection
from wolfrunde.server.rooms.deltas import Subscription
from wolfrunde.server.rooms.kind import Peer
from wolfrunde.server.rooms.registry import RoomElsewhere, registry_of
from wolfrunde.server.rooms.relay import relay, relayed
from wolfrunde.server.security import lookup_allowed, lookup_missed, same_origin

CLOSE_POLICY = 4403
CLOSE_NO_ROOM = 4404
CLOSE_CODES = {
    "not_logged_in": CLOSE_AUTH,
    "bad_token": CLOSE_AUTH,
    "unknown_guest": CLOSE_AUTH,
    "hello_first": CLOSE_AUTH,
    "wrong_origin": CLOSE_POLICY,
    "room_elsewhere": CLOSE_ELSEWHERE,
}


async def serve_socket(websocket: WebSocket, kinds: frozenset[str], missing: str) -> None:
    """Serves one connection to a room of one of `kinds`; `missing` is the error code for no such room."""
    await websocket.accept()
    if not same_origin(websocket):
        await _refuse(websocket, protocol.Refusal("wrong_origin"))
        return
    if not await lookup_allowed(websocket):
        await _refuse(websocket, protocol.Refusal("too_many_lookups"), CLOSE_POLICY)
        return
    registry = registry_of(websocket)
    code = normalise(websocket.path_params.get("code", ""))
    try:
        actor = await registry.get(code) if code else None
    except RoomElsewhere as elsewhere:
        await _send_on(websocket, elsewhere)
        return
    if actor is None or actor.kind.kind_id not in kinds:
        await lookup_missed(websocket)
        await _refuse(websocket, protocol.Refusal(missing), CLOSE_NO_ROOM)
        return
    identity = await actor.kind.identify(websocket)
    if isinstance(identity, protocol.Refusal):  # whatever went wrong, the device is not identified
        await _refuse(websocket, identity, CLOSE_CODES.get(identity.code, CLOSE_AUTH))
        return
    rate, burst = getattr(actor.kind, "message_rate", (8.0, 30.0))
    conn = SocketConnection(websocket, TokenBucket(rate=rate, burst=burst))
    peer = Peer(conn, identity, patches=Subscription.requested(websocket.query_params))
    refusal = await actor.attach(peer)
    if refusal is not None:
        await _refuse(websocket, refusal)
        return
    writer = asyncio.get_running_loop().create_task(conn.pump())
    presence: Presence = websocket.app.state.presence
    user = identity.user_id
    if user is not None:
        await presence.joined(user)
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
                    conn.send(protocol.error("too_frequent"))
                continue
            try:
                parsed = actor.kind.schema.parse(raw)
            except protocol.RefusalWithRef as bad:
                conn.send(bad.payload(bad.ref))
                continue
            except protocol.Refusal as bad_message:
                conn.send(bad_message.payload())
                continue
            actor.post(Incoming(peer, parsed))
    except WebSocketDisconnect:
        pass
    finally:
        actor.post(Detach(peer))
        conn.close()
        if user is not None:
            await presence.left(user)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)


async def _send_on(websocket: WebSocket, elsewhere: RoomElsewhere) -> None:
    """Another process owns the room: the socket is relayed there, or closed so that the client
    reconnects (by then the balancer or the store knows the owner)."""
    if elsewhere.owner is not None and not relayed(websocket) and await relay(websocket, elsewhere.owner):
        return
    await _refuse(websocket, protocol.Refusal("room_elsewhere"), CLOSE_ELSEWHERE)


async def _refuse(websocket: WebSocket, refusal: protocol.Refusal, close_code: int | None = None) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(refusal.payload())
        await websocket.close(code=close_code or CLOSE_CODES.get(refusal.code, CLOSE_POLICY))
