"""The ASGI application: the website, accounts, the rooms of every kind, the narrator's audio and the
web client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from wolfrunde.server import auth, narration_http, narration_roles
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.online import http as online_http
from wolfrunde.server.passwords import HashSlots
from wolfrunde.server.ratelimit import Backoff, SlidingWindow
from wolfrunde.server.retention import RetentionJob
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.security import CodeGuesses, SecurityHeaders
from wolfrunde.server.site import routes as site
from wolfrunde.server.table import http as table_http
from wolfrunde.server.werwoerter_app import http as werwoerter_http
from wolfrunde.store import Database

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)


async def index(request: Request) -> Response:
    static: Path = request.app.state.static
    return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def _restore(registry: Registry) -> None:
    """Brings back every running game of every kind in the background: the server answers meanwhile,
    and a player who connects to a room not back yet waits for that room alone."""
    try:
        restored = await registry.restore()
    except Exception:
        log.exception("restoring rooms failed")
        return
    if restored:
        log.info("%d laufende Spiele wiederhergestellt", restored)


def kind_routes() -> list[BaseRoute]:
    """The HTTP and WebSocket routes of every way to play."""
    return [*online_http.routes(), *table_http.routes(), *werwoerter_http.routes()]


def create_app(config: ServerConfig) -> Starlette:
    db = Database(config.database_url)
    static = Path(config.static_dir) if config.static_dir else STATIC

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        db.migrate()
        registry = Registry(db, config, all_kinds())
        app.state.rooms = registry
        registry.start_sweeper()
        retention = app.state.retention = RetentionJob(registry)
        retention.start()
        restoring = asyncio.get_running_loop().create_task(_restore(registry), name="restore-rooms")
        if config.ready_message:
            print(config.ready_message, flush=True)
        try:
            yield
        finally:
            restoring.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await restoring
            await retention.close()
            await registry.close()
            db.close()

    routes: list[BaseRoute] = [
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
        *kind_routes(),
        Mount("/static", app=StaticFiles(directory=static), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.db = db
    app.state.config = config
    app.state.static = static
    by_address, by_name = config.login_attempts_per_minute
    app.state.login_limit = SlidingWindow(by_address, 60.0)
    app.state.login_backoff = Backoff(free=by_name)
    app.state.register_limit = SlidingWindow(config.registrations_per_hour, 3600.0)
    app.state.code_guesses = CodeGuesses()
    app.state.password_hashes = HashSlots(config.concurrent_password_hashes)
    return app
