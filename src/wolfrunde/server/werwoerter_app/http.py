"""HTTP and WebSocket routes of Werwörter: the page, opening and joining rounds, a round's public facts,
its join link as a QR code, and its WebSocket (the one socket loop of every room kind)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from wolfrunde.room_codes import normalise
from wolfrunde.server import auth, client_pages, safejson
from wolfrunde.server.addresses import WERWOERTER
from wolfrunde.server.kinds.werwoerter import WerwoerterRoom
from wolfrunde.server.rooms import lookup
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.registry import registry_of
from wolfrunde.server.security import lookup_allowed, lookup_missed
from wolfrunde.server.texts import error_text
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR
from wolfrunde.server.werwoerter_app.guests import clean_name, name_problem
from wolfrunde.server.werwoerter_app.rounds import join_round, open_round, round_of
from wolfrunde.server.werwoerter_app.state import Mode, Settings, settings_problem
from wolfrunde.werwoerter import IllegalMove, Setup
from wolfrunde.werwoerter.game_setup import DAY_SECONDS

KINDS = frozenset({WerwoerterRoom.kind_id})
MAX_BODY = 4096
page = client_pages.page("werwoerter")


def _problem(status: int, code: str, detail: str | None = None, **values: object) -> JSONResponse:
    return JSONResponse({"error": code, "message": error_text(code, detail, **values)}, status_code=status)


async def _body(request: Request) -> dict[str, Any] | None:
    try:
        raw = await safejson.read_body(request, MAX_BODY)
        data = safejson.loads(raw or b"{}", max_chars=MAX_BODY)
    except (safejson.BodyTooLarge, safejson.RejectedJson):
        return None
    return data if isinstance(data, dict) else None


async def create(request: Request) -> Response:
    if not auth.same_origin(request):
        return auth.problem(403, "wrong_origin")
    body = await _body(request)
    if body is None:
        return auth.problem(400, "bad_request")
    mode = body.get("mode")
    if mode == Mode.SINGLE:
        raw = body.get("names")
        typed: list[object] = raw if isinstance(raw, list) else []
        if not typed:
            return _problem(400, "ww_bad_names")
        for number, name in enumerate(typed, 1):
            problem = name_problem(name)
            if problem is not None:
                return _problem(400, "ww_bad_names", f"Spieler {number}: {problem}")
        names = [clean_name(name) for name in typed]
    elif mode == Mode.DEVICES:
        names = [clean_name(body.get("name"))]
        if names[0] is None:
            return _problem(400, "ww_bad_name", name_problem(body.get("name")))
    else:
        return _problem(400, "ww_bad_mode")
    checked = [name for name in names if name is not None]
    difficulty = body.get("difficulty", 1)
    day_seconds = body.get("day_seconds", DAY_SECONDS)
    narrator = body.get("narrator", DEFAULT_NARRATOR)
    problem = settings_problem(difficulty, day_seconds, narrator)
    if problem is not None:
        return _problem(400, "bad_settings", problem)
    if mode == Mode.SINGLE:
        try:  # the engine's own checks: 4–10 players, no name twice
            Setup(players=tuple(checked), difficulty=difficulty, day_seconds=day_seconds)
        except IllegalMove as illegal:
            return _problem(400, "cannot_start", str(illegal))
    settings = Settings(difficulty=difficulty, day_seconds=day_seconds, narrator=narrator)
    actor, token = await open_round(registry_of(request), Mode(mode), checked, settings)
    return JSONResponse({"code": actor.code, "token": token, "link": WERWOERTER.link(actor.code)}, status_code=201)


async def join(request: Request) -> Response:
    """A guest takes a seat (own devices, while the round waits): `{"name"}` → `{code, seat, token}`."""
    if not auth.same_origin(request):
        return auth.problem(403, "wrong_origin")
    if not await lookup_allowed(request):
        return auth.problem(429, "too_many_lookups")
    code = normalise(request.path_params["code"])
    actor = await registry_of(request).get(code) if code else None
    if actor is None or round_of(actor) is None:
        await lookup_missed(request)
        return _problem(404, "no_round")
    body = await _body(request)
    raw = None if body is None else body.get("name")
    name = clean_name(raw)
    if name is None:
        return _problem(400, "ww_bad_name", name_problem(raw))
    try:
        seat, token = await join_round(actor, name)
    except Refusal as refusal:
        return _problem(409, refusal.code, refusal.detail, **refusal.values)
    return JSONResponse({"code": actor.code, "seat": seat, "token": token}, status_code=201)


def routes() -> list[BaseRoute]:
    return [
        Route("/ww", page),
        Route(f"{WERWOERTER.page}/{{code}}", page),
        Route(WERWOERTER.api, create, methods=["POST"]),
        Route(f"{WERWOERTER.api}/{{code}}/join", join, methods=["POST"]),
        Route(f"{WERWOERTER.api}/{{code}}/guests", join, methods=["POST"]),  # the table modes' name for joining
        *lookup.code_routes(WERWOERTER, KINDS, WerwoerterRoom.summarize),
    ]
