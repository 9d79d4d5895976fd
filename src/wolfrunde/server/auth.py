"""Accounts over HTTP: register, log in, log out, who am I. Session cookie: HttpOnly, SameSite=Lax."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictStr, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from wolfrunde.server import safejson
from wolfrunde.server.passwords import hash_password, needs_rehash, verify_password
from wolfrunde.server.ratelimit import SlidingWindow
from wolfrunde.server.texts import HTTP
from wolfrunde.store import Database, User
from wolfrunde.store import accounts as store
from wolfrunde.store.accounts import SESSION_SECONDS

COOKIE = "wolfrunde_session"
NAME_PATTERN = re.compile(r"^[\wÄÖÜäöüß][\w ÄÖÜäöüß\-]{1,22}[\wÄÖÜäöüß]$")
MAX_BODY = 2048


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr
    password: StrictStr


def problem(status: int, code: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": HTTP[code]}, status_code=status)


def same_origin(connection: HTTPConnection) -> bool:
    """Browsers send Origin on cross-site requests; when present it must name this host."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = connection.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


async def read_json(request: Request, model: type[BaseModel]) -> Any | Response:
    if not same_origin(request):
        return problem(403, "wrong_origin")
    if not request.headers.get("content-type", "").startswith("application/json"):
        return problem(415, "bad_request")
    try:
        body = await safejson.read_body(request, MAX_BODY)
        data = safejson.loads(body, max_chars=MAX_BODY)
        return model.model_validate(data)
    except safejson.BodyTooLarge:
        return problem(413, "bad_request")
    except (safejson.RejectedJson, ValidationError):
        return problem(400, "bad_request")


def current_user(connection: HTTPConnection) -> User | None:
    token = connection.cookies.get(COOKIE)
    if not token or len(token) > 100:
        return None
    db: Database = connection.app.state.db
    return store.session_user(db, token)


def _with_session(connection: HTTPConnection, response: Response, user: User) -> Response:
    token = store.open_session(connection.app.state.db, user.id)
    secure = connection.app.state.config.secure_cookies
    if secure is None:
        secure = connection.url.scheme in ("https", "wss")
    response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, httponly=True, samesite="lax", secure=secure, path="/")
    return response


def _user_json(user: User) -> dict[str, Any]:
    return {"user": {"id": user.id, "name": user.name}}


def _client_ip(request: Request) -> str:
    return request.client.host if request.client else "?"


async def register(request: Request) -> Response:
    parsed = await read_json(request, Credentials)
    if isinstance(parsed, Response):
        return parsed
    name = parsed.name.strip()
    if not NAME_PATTERN.match(name) or "  " in name:
        return problem(400, "bad_name")
    if not 8 <= len(parsed.password) <= 200:
        return problem(400, "bad_password")
    limiter: SlidingWindow = request.app.state.register_limit
    if not limiter.allow(_client_ip(request)):
        return problem(429, "too_many_logins")
    password_hash = await run_in_threadpool(hash_password, parsed.password)
    user = store.create_user(request.app.state.db, name, password_hash)
    if user is None:
        return problem(409, "name_taken")
    return _with_session(request, JSONResponse(_user_json(user), status_code=201), user)


async def login(request: Request) -> Response:
    parsed = await read_json(request, Credentials)
    if isinstance(parsed, Response):
        return parsed
    limits: tuple[SlidingWindow, SlidingWindow] = request.app.state.login_limits
    by_ip, by_name = limits
    if not by_ip.allow(_client_ip(request)) or not by_name.allow(store.name_key(parsed.name)):
        return problem(429, "too_many_logins")
    db: Database = request.app.state.db
    user = store.find_user(db, parsed.name)
    if user is None or len(parsed.password) > 200:
        return problem(401, "bad_login")
    if not await run_in_threadpool(verify_password, user.password_hash, parsed.password):
        return problem(401, "bad_login")
    if needs_rehash(user.password_hash):
        store.update_password_hash(db, user.id, await run_in_threadpool(hash_password, parsed.password))
    return _with_session(request, JSONResponse(_user_json(user)), user)


async def logout(request: Request) -> Response:
    if not same_origin(request):
        return problem(403, "wrong_origin")
    token = request.cookies.get(COOKIE)
    if token:
        store.close_session(request.app.state.db, token)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    return response


async def me(request: Request) -> Response:
    user = current_user(request)
    if user is None:
        return problem(401, "not_logged_in")
    return JSONResponse(_user_json(user))
