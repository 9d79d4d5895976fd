"""The ASGI application: the website, accounts, the rooms of every kind, the narrator's audio and the
web client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import redis.asyncio as aioredis
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from wolfrunde.server import (
    auth,
    client_pages,
    collector,
    game_words,
    invites,
    narration_http,
    narration_roles,
    narration_voices,
)
from wolfrunde.server.addresses import ONLINE
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.notifications import Notifications
from wolfrunde.server.online import http as online_http
from wolfrunde.server.passwords import HashSlots
from wolfrunde.server.presence import Presence
from wolfrunde.server.ratelimit import Limits
from wolfrunde.server.retention import RetentionJob
from wolfrunde.server.rooms.registry import Registry, RoomElsewhere
from wolfrunde.server.security import LOOKUPS_PER_MINUTE, MISSES_PER_MINUTE, CodeGuesses, SecurityHeaders
from wolfrunde.server.site import routes as site
from wolfrunde.server.table import http as table_http
from wolfrunde.server.texts import HTTP
from wolfrunde.server.werwoerter_app import http as werwoerter_http
from wolfrunde.store import Database
from wolfrunde.store.ownership import ownership_for

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)
online_page = client_pages.page("online")


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def online(request: Request) -> Response:
    """How many players are connected to a room now, over every server process."""
    presence: Presence = request.app.state.presence
    return JSONResponse({"online": await presence.online()})


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


async def room_elsewhere(request: Request, error: Exception) -> Response:
    """A request for a room another process runs (it moved there in a failover): try again shortly."""
    return JSONResponse(
        {"error": "room_elsewhere", "message": HTTP["room_elsewhere"]}, status_code=503, headers={"Retry-After": "1"}
    )


def set_limits(app: Starlette, config: ServerConfig, limits: Limits) -> None:
    """The limits on sign-ups, logins and code guesses: this process's own, or shared through Redis."""
    by_address, by_name = config.login_attempts_per_minute
    app.state.login_limit = limits.window("login", by_address, 60.0)
    app.state.login_backoff = limits.backoff("login", free=by_name)
    app.state.register_limit = limits.window("register", config.registrations_per_hour, 3600.0)
    app.state.invite_limit = limits.window("invites", invites.INVITES_PER_MINUTE, 60.0)
    app.state.code_guesses = CodeGuesses(
        limits.window("lookups", LOOKUPS_PER_MINUTE, 60.0), limits.window("misses", MISSES_PER_MINUTE, 60.0)
    )


def kind_routes() -> list[BaseRoute]:
    """The HTTP and WebSocket routes of every way to play."""
    return [*online_http.routes(), *table_http.routes(), *werwoerter_http.routes()]


def create_app(config: ServerConfig) -> Starlette:
    db = Database(config.database_url)
    static = Path(config.static_dir) if config.static_dir else STATIC

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        db.migrate()
        address = config.process_address or "local"
        ownership = await asyncio.to_thread(ownership_for, config.database_url, address, config.ownership_journal)
        redis_client = None
        if config.redis_url:
            redis_client = aioredis.from_url(config.redis_url)
            set_limits(app, config, Limits(redis_client))
        app.state.presence = Presence(redis_client, address)
        app.state.presence.start()
        notifications = app.state.notifications = Notifications(redis_client)
        await notifications.start()
        app.state.invites = invites.Invites(db, notifications)
        registry = Registry(db, config, all_kinds(), ownership)
        registry.on_saved = app.state.invites.room_saved
        app.state.rooms = registry
        notifications.on_process_event = partial(auth.from_other_process, app)
        registry.start_sweeper()
        retention = app.state.retention = RetentionJob(registry)
        retention.start()
        restoring = asyncio.get_running_loop().create_task(_restore(registry), name="restore-rooms")
        if config.ready_message:
            print(config.ready_message, flush=True)
        governing = collector.governed() if config.govern_collector else contextlib.nullcontext()
        try:
            async with governing:
                yield
        finally:
            restoring.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await restoring
            await retention.close()
            await registry.close()
            await app.state.invites.close()
            await notifications.close()
            await app.state.presence.close()
            if redis_client is not None:
                await redis_client.aclose()
            await asyncio.to_thread(narration_voices.settle_all)
            db.close()

    routes: list[BaseRoute] = [
        *site.routes(),  # /, /regeln, /rollen…, /sitemap.xml: the rules website
        Route("/online", online_page),  # the online client; /r/{code} is a room's link
        Route(f"{ONLINE.page}/{{code}}", online_page),
        Route("/api/health", health),
        Route("/api/online", online),
        *narration_roles.routes(),  # /api/roles, /api/roles/{id}, its Hörbeispiel
        *game_words.routes(),  # /api/words: step names, questions, winners from the engine's catalogue
        *narration_http.routes(),  # /api/voices…, /api/narration/… (the narrator's audio)
        Route("/api/register", auth.register, methods=["POST"]),
        Route("/api/login", auth.login, methods=["POST"]),
        Route("/api/logout", auth.logout, methods=["POST"]),
        Route("/api/me", auth.me),
        *invites.routes(),  # POST /api/rooms/{code}/invites, /ws/notifications
        *kind_routes(),
        Mount("/static", app=StaticFiles(directory=static), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={RoomElsewhere: room_elsewhere, 404: site.missing, 405: site.wrong_method},
    )
    app.state.db = db
    app.state.config = config
    set_limits(app, config, Limits())
    app.state.presence = Presence()
    app.state.notifications = Notifications()
    app.state.invites = invites.Invites(db, app.state.notifications)
    app.state.password_hashes = HashSlots(config.concurrent_password_hashes)
    return app
