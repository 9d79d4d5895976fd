"""HTTP and WebSocket endpoints of the table modes, and the page the devices load."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path
from typing import Any

import segno
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.engine import SetupError, recommended_roles
from wolfrunde.server import safejson
from wolfrunde.server.auth import same_origin
from wolfrunde.server.codes import normalise
from wolfrunde.server.connection import Connection
from wolfrunde.server.ratelimit import TokenBucket
from wolfrunde.server.table import messages as m
from wolfrunde.server.table import store
from wolfrunde.server.table.errors import TableError
from wolfrunde.server.table.lobby import OWN, SINGLE, TableSettings
from wolfrunde.server.table.registry import TableRegistry, new_token
from wolfrunde.server.table.room import Attach, Call, Detach, Incoming, Member, TableRoom

PAGE = Path(__file__).resolve().parents[1] / "static" / "table" / "index.html"
MAX_BODY = 4096
HELLO_SECONDS = 10.0


def _problem(error: TableError, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": error.code, "message": error.message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        raw = await safejson.read_body(request, MAX_BODY)
        data = safejson.loads(raw or b"{}", max_chars=MAX_BODY)
    except safejson.BodyTooLarge:
        raise TableError("malformed", "Die Anfrage ist zu groß.") from None
    except safejson.RejectedJson as rejected:
        raise TableError("malformed", f"Die Anfrage ist ungültig: {rejected.reason}.") from None
    if not isinstance(data, dict):
        raise TableError("malformed")
    return data


def _settings(data: dict[str, Any]) -> TableSettings:
    settings = TableSettings()
    for key in ("rules", "narrator", "night_style", "vote_style"):
        if isinstance(data.get(key), str):
            setattr(settings, key, data[key])
    roles = data.get("roles")
    if roles is not None:
        if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles) or len(roles) > 42:
            raise TableError("bad_settings", "Die Rollen müssen eine Liste von Rollen sein.")
        settings.roles = roles
    discussion = data.get("discussion")
    if discussion is not None:
        if not isinstance(discussion, int) or isinstance(discussion, bool):
            raise TableError("bad_settings", "Die Beratungszeit ist eine Zahl von Sekunden.")
        settings.discussion = discussion
    return settings


def _registry(request: Request | WebSocket) -> TableRegistry:
    return request.app.state.tables  # type: ignore[no-any-return]


async def create_table(request: Request) -> Response:
    if not same_origin(request):
        return _problem(TableError("not_now", "Die Anfrage kommt nicht von dieser Seite."), 403)
    try:
        data = await _body(request)
        mode = {"single": SINGLE, "own": OWN}.get(data.get("mode"))  # type: ignore[arg-type]
        if mode is None:
            raise TableError("malformed", "Unbekannte Spielart.")
        names = data.get("names") if mode == SINGLE else [data.get("name")]
        if not isinstance(names, list):
            raise TableError("bad_name")
        token = new_token()
        room = _registry(request).create(mode, _settings(data), names, token)
    except TableError as error:
        return _problem(error)
    return JSONResponse({"code": room.code, "token": token, "link": f"/t/{room.code}", "mode": mode}, status_code=201)


async def join_table(request: Request) -> Response:
    if not same_origin(request):
        return _problem(TableError("not_now", "Die Anfrage kommt nicht von dieser Seite."), 403)
    room = await _room(request)
    if room is None:
        return _problem(TableError("no_table"), 404)
    try:
        data = await _body(request)
        if room.mode != OWN or room.status != "lobby":
            raise TableError("lobby_closed")
        token = new_token()
        seat = await _ask(room, lambda: room.join(data.get("name"), store.token_hash(token)))
    except TableError as error:
        return _problem(error)
    return JSONResponse({"code": room.code, "token": token, "seat": seat}, status_code=201)


async def _ask(room: TableRoom, job: Any) -> Any:
    """Runs `job` inside the table's own task (commands stay in order) and returns its result."""
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    room.post(Call(job, future))
    return await future


async def _room(request: Request | WebSocket) -> TableRoom | None:
    code = normalise(request.path_params.get("code", ""))
    return await _registry(request).get(code) if code else None


async def table_info(request: Request) -> Response:
    room = await _room(request)
    if room is None:
        return _problem(TableError("no_table"), 404)
    return JSONResponse({"code": room.code, "mode": room.mode, "status": room.status, "players": len(room.lobby.seats)})


async def table_qr(request: Request) -> Response:
    room = await _room(request)
    if room is None:
        return _problem(TableError("no_table"), 404)
    link = str(request.base_url).rstrip("/") + f"/t/{room.code}"
    return Response(qr_svg(link), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


def qr_svg(link: str) -> bytes:
    """The join link as a standalone SVG QR code (with its namespace, so an <img> can show it)."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(
        buffer, kind="svg", scale=6, border=2, dark="#1d1b2e", light="#ffffff", xmldecl=False
    )
    return buffer.getvalue()


async def recommended(request: Request) -> Response:
    try:
        players = int(request.query_params.get("players", "0"))
        mode = {"single": SINGLE, "own": OWN}.get(request.query_params.get("mode", "single"), SINGLE)
        roles = recommended_roles(players, mode=mode, rules=request.query_params.get("rules", "wolfrunde"))
    except (SetupError, ValueError) as error:
        return JSONResponse({"error": "bad_settings", "message": str(error)}, status_code=400)
    return JSONResponse({"roles": list(roles)})


async def page(request: Request) -> Response:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})


async def table_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    room = await _room(websocket) if same_origin(websocket) else None
    if room is None:
        await websocket.send_json(TableError("no_table").payload())
        await websocket.close(code=4404)
        return
    member = await _hello(websocket, room)
    if not isinstance(member, Member):
        await websocket.send_json((member or TableError("bad_token")).payload())
        await websocket.close(code=4401)
        return
    seat_id = -1 if member.seat is None else member.seat
    # the one device is tapped by a whole table in turn: a little more headroom than a player's phone
    conn = Connection(websocket=websocket, user_id=seat_id, name="", bucket=TokenBucket(rate=12.0, burst=40.0))
    writer = asyncio.get_running_loop().create_task(conn.pump())
    room.post(Attach(conn, member))
    try:
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text") or message.get("bytes") or b""
            if not conn.bucket.take():
                if conn.should_report_throttle():
                    conn.send(TableError("too_frequent").payload())
                continue
            try:
                room.post(Incoming(conn, m.parse(raw)))
            except TableError as error:
                conn.send(error.payload())
    except WebSocketDisconnect:
        pass
    finally:
        room.post(Detach(conn))
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, timeout=5)


async def _hello(websocket: WebSocket, room: TableRoom) -> Member | TableError | None:
    try:
        raw = await asyncio.wait_for(websocket.receive_text(), HELLO_SECONDS)
        hello = m.parse(raw)
    except TableError as error:
        return error
    except (TimeoutError, WebSocketDisconnect, KeyError):
        return None
    if not isinstance(hello, m.Hello):
        return None
    digest = store.token_hash(hello.token)
    seat = room.lobby.seat_of(digest)
    host = digest == room.lobby.host
    if room.mode == SINGLE:
        return Member(None, True) if host else None
    return Member(seat, host) if seat is not None else None


def routes() -> list[BaseRoute]:
    return [
        Route("/tisch", page),
        Route("/t/{code}", page),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/recommended", recommended),
        Route("/api/tables/{code}", table_info),
        Route("/api/tables/{code}/guests", join_table, methods=["POST"]),
        Route("/api/tables/{code}/qr.svg", table_qr),
        WebSocketRoute("/ws/tables/{code}", table_socket),
    ]
