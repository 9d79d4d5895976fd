"""The HTTP side every room kind shares: the stored room a path's code names, its public facts, its link
as a QR code. Guesses at codes are rate-limited alike for every kind, and nothing here loads or replays a
game."""

from __future__ import annotations

import io
from collections.abc import Callable, Collection
from typing import Any

import segno
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from wolfrunde.room_codes import normalise
from wolfrunde.server.addresses import Addresses
from wolfrunde.server.rooms.registry import registry_of
from wolfrunde.server.rooms.socket import serve_socket
from wolfrunde.server.security import lookup_allowed, lookup_missed
from wolfrunde.server.texts import QR_TITLE, error_text
from wolfrunde.store.rooms import StoredRoom

QR_COLOURS = {"dark": "#1d1b2e", "light": "#ffffff"}


def problem(status: int, code: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": error_text(code)}, status_code=status)


async def stored_room(request: Request, kinds: Collection[str], missing: str) -> StoredRoom | Response:
    """The stored room of one of `kinds` the path's `code` names; else the answer: 429 after too many
    guesses, 404 with the error `missing` (a room of another kind is not found either)."""
    if not await lookup_allowed(request):
        return problem(429, "too_many_lookups")
    code = normalise(request.path_params["code"])
    record = None if code is None else await registry_of(request).record(code)
    if record is None or record.kind not in kinds:
        await lookup_missed(request)
        return problem(404, missing)
    return record


async def room_info(
    request: Request, kinds: Collection[str], missing: str, summarize: Callable[[StoredRoom], dict[str, Any]]
) -> Response:
    """A room's public facts (code, status and what its kind summarises), read from the store."""
    record = await stored_room(request, kinds, missing)
    if isinstance(record, Response):
        return record
    return JSONResponse({"code": record.code, "status": record.status, **summarize(record)})


def link(request: Request, path: str) -> str:
    return f"{str(request.base_url).rstrip('/')}{path}"


def qr_svg(text: str, code: str) -> bytes:
    """`text` as a standalone SVG QR code (with its namespace, so an <img> can show it)."""
    buffer = io.BytesIO()
    title = QR_TITLE.format(code=code)
    segno.make(text, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False, title=title, **QR_COLOURS)
    return buffer.getvalue()


async def room_qr(request: Request, kinds: Collection[str], missing: str, path: Callable[[str], str]) -> Response:
    """The link to the room (`path` of its code) as a QR code."""
    record = await stored_room(request, kinds, missing)
    if isinstance(record, Response):
        return record
    svg = qr_svg(link(request, path(record.code)), record.code)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def code_routes(
    addresses: Addresses, kinds: frozenset[str], summarize: Callable[[StoredRoom], dict[str, Any]]
) -> list[BaseRoute]:
    """What every kind serves by a room's code (see `Addresses`): its public facts, its link as a QR code
    and its WebSocket. They go after any route of the kind's own that a code could be mistaken for
    (`/api/tables/recommended`)."""
    missing = addresses.missing

    async def info(request: Request) -> Response:
        return await room_info(request, kinds, missing, summarize)

    async def qr(request: Request) -> Response:
        return await room_qr(request, kinds, missing, addresses.link)

    async def serve(websocket: WebSocket) -> None:
        await serve_socket(websocket, kinds, missing)

    return [
        Route(f"{addresses.api}/{{code}}", info),
        Route(f"{addresses.api}/{{code}}/qr.svg", qr),
        WebSocketRoute(f"{addresses.socket}/{{code}}", serve),
    ]
