"""HTTP of the online round: open a room, a room's public facts, its link as a QR code, its WebSocket."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from wolfrunde.server import auth
from wolfrunde.server.addresses import ONLINE
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.rooms import lookup
from wolfrunde.server.rooms.registry import registry_of

KINDS = frozenset({OnlineRoom.kind_id})
ONLINE_STATIC = Path(__file__).resolve().parents[1] / "static" / "online"
_DAY = {"Cache-Control": "max-age=86400"}


async def create_room(request: Request) -> Response:
    if not auth.same_origin(request):
        return auth.problem(403, "wrong_origin")
    user = await asyncio.to_thread(auth.current_user, request)
    if user is None:
        return auth.problem(401, "not_logged_in")
    kind = OnlineRoom.create(user.id, user.name, request.app.state.config)
    actor = await registry_of(request).create(kind, kind.lobby.to_dict(), host_id=user.id)
    return JSONResponse({"code": actor.code, "link": ONLINE.link(actor.code)}, status_code=201)


async def manifest(request: Request) -> Response:
    """The web app manifest: the online round installed on a phone's home screen."""
    return FileResponse(ONLINE_STATIC / "manifest.webmanifest", media_type="application/manifest+json", headers=_DAY)


async def favicon(request: Request) -> Response:
    return FileResponse(ONLINE_STATIC / "icons" / "favicon.ico", media_type="image/x-icon", headers=_DAY)


def routes() -> list[BaseRoute]:
    return [
        Route("/manifest.webmanifest", manifest),
        Route("/favicon.ico", favicon),
        Route(ONLINE.api, create_room, methods=["POST"]),
        *lookup.code_routes(ONLINE, KINDS, OnlineRoom.summarize),
    ]
