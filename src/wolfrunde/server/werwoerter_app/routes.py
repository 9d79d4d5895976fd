"""HTTP and WebSocket routes of Werwörter: pages, creating and joining rooms, the join QR code, the socket."""

from __future__ import annotations

import io
from typing import Any

import segno
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server import safejson
from wolfrunde.server.auth import same_origin
from wolfrunde.server.codes import normalise
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR, UNKNOWN_NARRATOR
from wolfrunde.server.werwoerter_app.guests import clean_name
from wolfrunde.server.werwoerter_app.registry import Registry
from wolfrunde.server.werwoerter_app.socket import room_socket
from wolfrunde.werwoerter import IllegalMove, Setup
from wolfrunde.werwoerter.game_setup import DAY_SECONDS, MAX_DAY_SECONDS, MIN_DAY_SECONDS

MAX_BODY = 4096


def _problem(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": "refused", "message": message}, status_code=status)


def _registry(request: Request) -> Registry:
    registry: Registry = request.app.state.werwoerter
    return registry


async def _body(request: Request) -> dict[str, Any] | None:
    try:
        raw = await safejson.read_body(request, MAX_BODY)
        data = safejson.loads(raw or b"{}", max_chars=MAX_BODY)
    except (safejson.BodyTooLarge, safejson.RejectedJson):
        return None
    return data if isinstance(data, dict) else None


async def page(request: Request) -> Response:
    return FileResponse(request.app.state.static / "werwoerter" / "index.html", headers={"Cache-Control": "no-cache"})


async def create(request: Request) -> Response:
    if not same_origin(request):
        return _problem(403, "Falscher Ursprung.")
    body = await _body(request)
    if body is None:
        return _problem(400, "Die Anfrage ist ungültig.")
    mode = body.get("mode")
    difficulty = body.get("difficulty", 1)
    day_seconds = body.get("day_seconds", DAY_SECONDS)
    narrator = body.get("narrator", DEFAULT_NARRATOR)
    if mode == "single":
        raw = body.get("names")
        names = [clean_name(n) for n in raw] if isinstance(raw, list) else []
        if not names or any(n is None for n in names):
            return _problem(400, "Jeder Spieler braucht einen Namen (bis 20 Zeichen).")
    elif mode == "devices":
        names = [clean_name(body.get("name"))]
        if names[0] is None:
            return _problem(400, "Bitte gib einen Namen ein (bis 20 Zeichen).")
    else:
        return _problem(400, "Unbekannte Spielart.")
    checked = [n for n in names if n is not None]
    if difficulty not in (1, 2, 3, 4):
        return _problem(400, "Die Schwierigkeit ist 1 bis 4.")
    if not isinstance(day_seconds, int) or not MIN_DAY_SECONDS <= day_seconds <= MAX_DAY_SECONDS:
        return _problem(400, f"Der Tag dauert {MIN_DAY_SECONDS} bis {MAX_DAY_SECONDS} Sekunden.")
    if narrator not in NARRATOR_IDS:
        return _problem(400, UNKNOWN_NARRATOR)
    if mode == "single":
        try:  # the engine's own checks: 4–10 players, no name twice
            Setup(players=tuple(checked), difficulty=difficulty, day_seconds=day_seconds)
        except IllegalMove as illegal:
            return _problem(400, str(illegal))
    room, token = _registry(request).create(mode, checked, difficulty, day_seconds, narrator)
    return JSONResponse({"code": room.code, "token": token, "link": f"/ww/{room.code}"}, status_code=201)


async def join(request: Request) -> Response:
    if not same_origin(request):
        return _problem(403, "Falscher Ursprung.")
    code = normalise(request.path_params["code"])
    room = await _registry(request).get(code) if code else None
    if room is None:
        return _problem(404, "Diese Runde gibt es nicht.")
    body = await _body(request)
    name = clean_name(None if body is None else body.get("name"))
    if name is None:
        return _problem(400, "Bitte gib einen Namen ein (bis 20 Zeichen).")
    result = await _registry(request).join(room, name)
    if isinstance(result, str):
        return _problem(409, result)
    seat, token = result
    return JSONResponse({"code": room.code, "seat": seat, "token": token}, status_code=201)


async def info(request: Request) -> Response:
    code = normalise(request.path_params["code"])
    room = await _registry(request).get(code) if code else None
    if room is None:
        return _problem(404, "Diese Runde gibt es nicht.")
    return JSONResponse({"code": room.code, "mode": room.mode, "status": room.status, "players": len(room.seats)})


def join_link(request: Request, code: str) -> str:
    return str(request.base_url).rstrip("/") + f"/ww/{code}"


async def qr(request: Request) -> Response:
    """The join link as an SVG QR code (segno)."""
    code = normalise(request.path_params["code"])
    if code is None or await _registry(request).get(code) is None:
        return _problem(404, "Diese Runde gibt es nicht.")
    out = io.BytesIO()
    segno.make(join_link(request, code), error="m").save(
        out, kind="svg", scale=6, border=2, dark="#1d1b16", light="#ffffff", title=f"Werwörter-Runde {code}"
    )
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def routes() -> list[BaseRoute]:
    return [
        Route("/ww", page),
        Route("/ww/{code}", page),
        Route("/api/ww/rooms", create, methods=["POST"]),
        Route("/api/ww/rooms/{code}", info),
        Route("/api/ww/rooms/{code}/join", join, methods=["POST"]),
        Route("/api/ww/rooms/{code}/qr.svg", qr),
        WebSocketRoute("/ws/ww/{code}", room_socket),
    ]
