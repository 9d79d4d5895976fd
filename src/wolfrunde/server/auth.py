"""Accounts over HTTP: register, log in, log out, who am I. Session cookie: HttpOnly, SameSite=Lax.

Every database call and every password hash runs off the event loop. Failed logins slow down per name
and address (the owner of a name is never locked out by someone guessing elsewhere); a login for an
unknown name takes as long as one for a known name.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import unicodedata
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictStr, ValidationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server import safejson
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.passwords import HashSlots, needs_rehash
from wolfrunde.server.player_names import account_name_problem
from wolfrunde.server.ratelimit import LoginBackoff, Window
from wolfrunde.server.rooms.registry import Registry, registry_of
from wolfrunde.server.security import client_address, same_origin
from wolfrunde.server.texts import HTTP
from wolfrunde.store import Database, User
from wolfrunde.store import accounts as store
from wolfrunde.store.account_deletion import DeletedAccount
from wolfrunde.store.account_deletion import delete_account as delete_stored_account
from wolfrunde.store.accounts import SESSION_SECONDS

__all__ = [
    "COOKIE",
    "PasswordCheck",
    "check_password",
    "current_user",
    "delete_account",
    "forget_cookie",
    "login",
    "logout",
    "me",
    "problem",
    "register",
    "same_origin",
]

log = logging.getLogger(__name__)
COOKIE = "wolfrunde_session"
NAME_PATTERN = re.compile(r"^[\wÄÖÜäöüß][\w ÄÖÜäöüß\-]{1,22}[\wÄÖÜäöüß]$")
MAX_BODY = 2048
MAX_PASSWORD = 200


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr
    password: StrictStr


def problem(status: int, code: str, **values: object) -> JSONResponse:
    return JSONResponse({"error": code, "message": HTTP[code].format(**values)}, status_code=status)


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


def session_of(connection: HTTPConnection) -> str | None:
    """The key of the login session this request or socket came with (None without a cookie)."""
    token = connection.cookies.get(COOKIE)
    return store.session_key(token) if token and len(token) <= 100 else None


def current_user(connection: HTTPConnection) -> User | None:
    """The logged-in user of this request (a database call: run it in a thread from async code)."""
    token = connection.cookies.get(COOKIE)
    if not token or len(token) > 100:
        return None
    db: Database = connection.app.state.db
    return store.session_user(db, token)


async def _with_session(connection: HTTPConnection, response: Response, user: User) -> Response:
    token = await asyncio.to_thread(store.open_session, connection.app.state.db, user.id)
    secure = connection.app.state.config.secure_cookies
    if secure is None:
        secure = connection.url.scheme in ("https", "wss")
    response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, httponly=True, samesite="lax", secure=secure, path="/")
    return response


def _user_json(user: User) -> dict[str, Any]:
    return {"user": {"id": user.id, "name": user.name}}


def _hashes(request: Request) -> HashSlots:
    slots: HashSlots = request.app.state.password_hashes
    return slots


async def register(request: Request) -> Response:
    parsed = await read_json(request, Credentials)
    if isinstance(parsed, Response):
        return parsed
    name = unicodedata.normalize("NFC", parsed.name.strip())
    if (spelling := account_name_problem(name)) is not None:  # before the pattern: it says which character
        return problem(400, "bad_name_spelling", detail=spelling)
    if not NAME_PATTERN.match(name) or "  " in name:
        return problem(400, "bad_name")
    if not 8 <= len(parsed.password) <= MAX_PASSWORD:
        return problem(400, "bad_password")
    limiter: Window = request.app.state.register_limit
    if not await limiter.allow(client_address(request)):
        return problem(429, "too_many_signups")
    password_hash = await _hashes(request).hash(parsed.password)
    user = await asyncio.to_thread(store.create_user, request.app.state.db, name, password_hash)
    if user is None:
        return problem(409, "name_taken")
    return await _with_session(request, JSONResponse(_user_json(user), status_code=201), user)


async def login(request: Request) -> Response:
    parsed = await read_json(request, Credentials)
    if isinstance(parsed, Response):
        return parsed
    address = client_address(request)
    by_address: Window = request.app.state.login_limit
    backoff: LoginBackoff = request.app.state.login_backoff
    key = f"{store.name_key(parsed.name)}|{address}"
    wait = await backoff.wait(key)
    if wait > 0:
        return problem(429, "too_many_logins", seconds=math.ceil(wait))
    if not await by_address.allow(address):
        return problem(429, "too_many_logins", seconds=60)
    db: Database = request.app.state.db
    user = await asyncio.to_thread(store.find_user, db, parsed.name)
    password = parsed.password[: MAX_PASSWORD + 1]
    valid = await _hashes(request).verify(None if user is None else user.password_hash, password)
    if user is None or not valid or len(parsed.password) > MAX_PASSWORD:
        await backoff.failed(key)
        return problem(401, "bad_login")
    await backoff.succeeded(key)
    if needs_rehash(user.password_hash):
        rehashed = await _hashes(request).hash(parsed.password)
        await asyncio.to_thread(store.update_password_hash, db, user.id, rehashed)
    return await _with_session(request, JSONResponse(_user_json(user)), user)


async def logout(request: Request) -> Response:
    if not same_origin(request):
        return problem(403, "wrong_origin")
    token = request.cookies.get(COOKIE)
    if token:
        await asyncio.to_thread(store.close_session, request.app.state.db, token)
        key = store.session_key(token)
        await session_closed(request.app, key)
        await request.app.state.notifications.tell_other_processes({"type": SESSION_CLOSED, "session": key})
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    return response


async def me(request: Request) -> Response:
    user = await asyncio.to_thread(current_user, request)
    if user is None:
        return problem(401, "not_logged_in")
    return JSONResponse(_user_json(user))


# --- deleting an account ------------------------------------------------------------------------------


class PasswordCheck(Enum):
    RIGHT = "right"
    WRONG = "wrong"
    WAIT = "wait"  # too many wrong passwords for this name from this address: try again later


async def check_password(request: Request, user: User, password: str) -> tuple[PasswordCheck, int]:
    """The logged-in user's password entered again; wrong guesses slow down like failed logins (the same
    counters). With WAIT, the seconds to wait."""
    backoff: LoginBackoff = request.app.state.login_backoff
    key = f"{store.name_key(user.name)}|{client_address(request)}"
    wait = await backoff.wait(key)
    if wait > 0:
        return PasswordCheck.WAIT, math.ceil(wait)
    valid = len(password) <= MAX_PASSWORD and await _hashes(request).verify(user.password_hash, password)
    if not valid:
        await backoff.failed(key)
        return PasswordCheck.WRONG, 0
    await backoff.succeeded(key)
    return PasswordCheck.RIGHT, 0


ACCOUNT_DELETED = "account_deleted"  # the events the other processes of a cluster are told
SESSION_CLOSED = "session_closed"


async def session_closed(app: Any, session: str) -> None:
    """A login session ended (its logout): the sockets it opened in this process close, so nothing goes
    on in its name."""
    await app.state.rooms.close_session(session)
    app.state.notifications.close_session(session)


async def from_other_process(app: Any, event: dict[str, Any]) -> None:
    """What another process of the cluster told this one: an account deleted, a session logged out."""
    if event.get("type") == ACCOUNT_DELETED:
        await account_deleted_elsewhere(app.state.rooms, event)
    elif event.get("type") == SESSION_CLOSED and isinstance(event.get("session"), str):
        await session_closed(app, event["session"])


async def delete_account(connection: HTTPConnection, user: User) -> DeletedAccount:
    """Deletes the account with its sessions and its traces in stored rooms, then in the rooms in memory
    of this process and of every other (their state follows, the account's connections leave)."""
    deleted = await asyncio.to_thread(delete_stored_account, connection.app.state.db, user.id)
    await registry_of(connection).forget_account(user.id, deleted.removed_rooms)
    event = {"type": ACCOUNT_DELETED, "user": user.id, "removed_rooms": deleted.removed_rooms}
    await connection.app.state.notifications.tell_other_processes(event)
    await asyncio.to_thread(_forget_spoken_name, connection.app.state.config, user.name)
    return deleted


async def account_deleted_elsewhere(registry: Registry, event: dict[str, Any]) -> None:
    """Another process deleted an account (`delete_account`): the rooms this process holds forget it too."""
    if event.get("type") != ACCOUNT_DELETED:
        return
    user_id, removed = event.get("user"), event.get("removed_rooms")
    if isinstance(user_id, int) and isinstance(removed, list) and all(isinstance(code, str) for code in removed):
        await registry.forget_account(user_id, removed)


def _forget_spoken_name(config: ServerConfig, name: str) -> None:
    """The account's name as every narrator spoke it, in every format, leaves the audio cache (texts
    filled with the name go with the retention of unused clips)."""
    try:
        narration = voices_for(config).narration
        for narrator_id in NARRATOR_IDS:
            for fmt in AudioFormat:
                narration.name_path(name, narrator_id, fmt).unlink(missing_ok=True)
    except Exception:  # the account is gone already; a cache problem must not turn that into an error
        log.exception("the deleted account's spoken name could not be removed from the audio cache")


def forget_cookie(response: Response) -> Response:
    response.delete_cookie(COOKIE, path="/")
    return response
