"""The room link as a QR code (SVG), so players at the same table can join by pointing a camera."""

from __future__ import annotations

import io

import segno
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from wolfrunde.server import auth
from wolfrunde.server.codes import normalise


def room_link(request: Request, code: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/r/{code}"


def qr_svg(text: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer, kind="svg", scale=5, border=2, dark="#000000", light="#ffffff", title="QR-Code des Raumlinks"
    )
    return buffer.getvalue()


async def room_qr(request: Request) -> Response:
    code = normalise(request.path_params["code"])
    if code is None or not await request.app.state.registry.exists(code):
        return auth.problem(404, "no_room")
    return Response(
        qr_svg(room_link(request, code)), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"}
    )


def routes() -> list[Route]:
    return [Route("/api/rooms/{code}/qr.svg", room_qr)]
