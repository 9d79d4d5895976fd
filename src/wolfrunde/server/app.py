"""The ASGI application: the website, accounts, rooms, the room WebSocket and the web client's static files."""

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

from wolfrunde.server import auth, narration_http, narration_roles, room_qr, werwoerter_app
from wolfrunde.server.codes import normalise
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.ratelimit import SlidingWindow
from wolfrunde.server.registry import Registry
from wolfrunde.server.site import routes as site
from wolfrunde.server.sockets import room_socket
from wolfrunde.server.table import http as table_http
from wolfrunde.server.table.registry import TableRegistry
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
        registry.start_sweeper()
        restored = registry.restore()
        if restored:
            log.info("%d laufende Spiele wiederhergestellt", restored)
        app.state.werwoerter = werwoerter_app.Registry(db, config)
        app.state.werwoerter.restore()
        app.state.tables = TableRegistry(db, config)
        app.state.tables.restore()
        try:
            yield
        finally:
            await app.state.werwoerter.close()
            await app.state.tables.close()
            await registry.close()
            db.close()

    routes = [
        *site.routes(),  # /, /regeln, /rollen…, /sitemap.xml: the rules website
        Route("/online", index),  # the online client; /r/{code} is a room's link
        Route("/r/{code}", index),
        Route("/api/health", health),
        *narration_roles.routes(),  # /api/roles, /api/roles/{id}, its Hörbeispiel
        *narration_http.routes(),  # /api/voices…, /api/narration/… (the narrator's audio)
        Route("/api/register", auth.register, methods=["POST"]),
        Route("/api/login", auth.login, methods=["POST"]),
        Route("/api/logout", auth.logout, methods=["POST"]),
        Route("/api/me", auth.me),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}", room_info),
        *room_qr.routes(),  # /api/rooms/{code}/qr.svg: the room link as a QR code
        WebSocketRoute("/ws/rooms/{code}", room_socket),
        *werwoerter_app.routes(),  # /ww, /api/ww/…, /ws/ww/{code}: Werwörter for guests
        *table_http.routes(),  # /tisch, /t/{code}, /api/tables…, /ws/tables/{code}: the table modes
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
