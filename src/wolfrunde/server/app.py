"""The ASGI application: accounts, rooms, the room WebSocket and the web client's static files."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from wolfrunde.server import auth
from wolfrunde.server.codes import normalise
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.ratelimit import SlidingWindow
from wolfrunde.server.registry import Registry
from wolfrunde.server.sockets import room_socket
from wolfrunde.store import Database

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)


async def create_room(request: Request) -> Response:
    if not auth.same_origin(request):
        return auth.problem(403, "wrong_origin")
    user = auth.current_user(request)
    if user is None:
        return auth.problem(401, "not_logged_in")
    room = request.app.state.registry.create(user)
    return JSONResponse({"code": room.code, "link": f"/r/{room.code}"}, status_code=201)


async def room_info(request: Request) -> Response:
    code = normalise(request.path_params["code"])
    room = request.app.state.registry.get(code) if code else None
    if room is None:
        return auth.problem(404, "no_room")
    return JSONResponse({"code": room.code, "status": room.status, "players": len(room.lobby.seats)})


def _index(request: Request) -> Response:
    static: Path = request.app.state.static
    return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})


async def index(request: Request) -> Response:
    return _index(request)


async def roles(request: Request) -> Response:
    """Public card data for the client: German name, side and description of every role."""
    from wolfrunde.engine import all_cards

    cards = {
        card.id: {"name": card.name, "side": card.side.value, "description": card.description}
        for card in all_cards().values()
    }
    return JSONResponse(cards, headers={"Cache-Control": "max-age=3600"})


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})


def create_app(config: ServerConfig) -> Starlette:
    db = Database(config.database_url)
    static = Path(config.static_dir) if config.static_dir else STATIC

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        db.migrate()
        registry = Registry(db, config)
        app.state.registry = registry
        restored = registry.restore()
        if restored:
            log.info("%d laufende Spiele wiederhergestellt", restored)
        try:
            yield
        finally:
            await registry.close()
            db.close()

    routes = [
        Route("/", index),
        Route("/r/{code}", index),
        Route("/api/health", health),
        Route("/api/roles", roles),
        Route("/api/register", auth.register, methods=["POST"]),
        Route("/api/login", auth.login, methods=["POST"]),
        Route("/api/logout", auth.logout, methods=["POST"]),
        Route("/api/me", auth.me),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}", room_info),
        WebSocketRoute("/ws/rooms/{code}", room_socket),
        Mount("/static", app=StaticFiles(directory=static), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.db = db
    app.state.config = config
    app.state.static = static
    by_address, by_name = config.login_attempts_per_minute
    app.state.login_limits = (SlidingWindow(by_address, 60.0), SlidingWindow(by_name, 60.0))
    app.state.register_limit = SlidingWindow(config.registrations_per_hour, 3600.0)
    return app
