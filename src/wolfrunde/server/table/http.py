"""HTTP and WebSocket endpoints of the table modes, and the page the devices load."""

from __future__ import annotations

from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from wolfrunde.room_codes import normalise
from wolfrunde.server import client_pages, safejson
from wolfrunde.server.addresses import TABLE
from wolfrunde.server.auth import same_origin
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.match import recommended as recommended_roles
from wolfrunde.server.narration_http import audio_format, name_clip, narrator_and_format, problem
from wolfrunde.server.rooms import lookup
from wolfrunde.server.rooms.pronunciation import kept_pronunciation
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.registry import registry_of
from wolfrunde.server.security import client_address
from wolfrunde.server.table import texts
from wolfrunde.server.table.base import TableKind
from wolfrunde.server.table.devices import new_token, token_hash
from wolfrunde.server.table.lobby import TableLobby, TableSettings, new_lobby
from wolfrunde.server.table.texts import no_cast

MAX_BODY = 4096
page = client_pages.page("table")


def _problem(refusal: Refusal, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": refusal.code, "message": refusal.message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        raw = await safejson.read_body(request, MAX_BODY)
        data = safejson.loads(raw or b"{}", max_chars=MAX_BODY)
    except safejson.BodyTooLarge:
        raise Refusal("too_big", limit=MAX_BODY) from None
    except safejson.RejectedJson as rejected:
        raise Refusal("malformed", rejected.reason) from None
    if not isinstance(data, dict):
        raise Refusal("malformed", "ein JSON-Objekt wird erwartet")
    return data


def _settings(data: dict[str, Any]) -> TableSettings:
    settings = TableSettings()
    for key in ("rules", "narrator", "night_style", "vote_style"):
        if isinstance(data.get(key), str):
            setattr(settings, key, data[key])
    style = data.get("style")
    if style is not None:
        if not isinstance(style, str):
            raise Refusal("bad_settings", texts.BAD_STYLE)
        settings.style = style  # "voll" or "knapp", checked with the others
    roles = data.get("roles")
    if roles is not None:
        if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles) or len(roles) > 42:
            raise Refusal("bad_settings", "Die Rollen müssen eine Liste von Rollen sein.")
        settings.roles = roles
    discussion = data.get("discussion")
    if discussion is not None:
        if not isinstance(discussion, int) or isinstance(discussion, bool):
            raise Refusal("bad_settings", "Die Beratungszeit ist eine Zahl von Sekunden.")
        settings.discussion = discussion
    return settings


def _pronunciations(data: dict[str, Any], lobby: TableLobby) -> None:
    """`says`: each typed name's Aussprache in seat order ("" or null: as written), checked as online checks
    a player's; a refusal names the name."""
    says = data.get("says")
    if says is None:
        return
    if not isinstance(says, list) or len(says) != len(lobby.seats):
        raise Refusal("bad_settings", texts.BAD_SAYS)
    for number, (guest, say) in enumerate(zip(lobby.seats, says, strict=True), start=1):
        if say is not None and not isinstance(say, str):
            raise Refusal("bad_settings", texts.BAD_SAYS)
        try:
            guest.say = kept_pronunciation(say)
        except Refusal as refused:
            raise Refusal("bad_pronunciation", texts.bad_say(number, guest.name, refused.detail or "")) from None


@cache
def table_kinds() -> dict[str, type[TableKind]]:
    """Every table kind by its `mode` in `POST /api/tables` ("single", "own")."""
    return {kind.mode: kind for kind in all_kinds().values() if isinstance(kind, type) and issubclass(kind, TableKind)}


@cache
def table_kind_ids() -> frozenset[str]:
    return frozenset(kind.kind_id for kind in table_kinds().values())


async def create_table(request: Request) -> Response:
    if not same_origin(request):
        return _problem(Refusal("wrong_origin"), 403)
    try:
        data = await _body(request)
        kind = table_kinds().get(data.get("mode"))  # type: ignore[arg-type]
        if kind is None:
            raise Refusal("malformed", "unbekannte Spielart")
        names = kind.names(data)
        if not isinstance(names, list):
            raise Refusal("bad_name")
        token = new_token()
        lobby = new_lobby(kind.kind_id, _settings(data), names, token_hash(token))
        _pronunciations(data, lobby)
        table = kind.open(lobby, request.app.state.config)
        status, setup = table.opening()
        actor = await registry_of(request).create(table, lobby.to_dict(), status=status, setup=setup)
    except Refusal as refusal:
        return _problem(refusal)
    link = TABLE.link(actor.code)
    return JSONResponse({"code": actor.code, "token": token, "link": link, "mode": kind.kind_id}, status_code=201)


async def join_table(request: Request) -> Response:
    if not same_origin(request):
        return _problem(Refusal("wrong_origin"), 403)
    code = normalise(request.path_params["code"])
    actor = await registry_of(request).get(code) if code else None
    if actor is None or not isinstance(actor.kind, TableKind):
        return _problem(Refusal("no_table"), 404)
    table = actor.kind
    try:
        data = await _body(request)
        if unknown := sorted(set(data) - {"name"}):
            raise Refusal("malformed", f"unbekanntes Feld „{unknown[0][:32]}“")
        token = new_token()
        seat = await actor.call(lambda: table.join(data.get("name"), token_hash(token)))
    except Refusal as refusal:
        return _problem(refusal)
    return JSONResponse({"code": actor.code, "token": token, "seat": seat}, status_code=201)


async def recommended(request: Request) -> Response:
    given = request.query_params.get("players", "0")
    if not given.isdigit() or len(given) > 4:
        return JSONResponse({"error": "bad_settings", "message": texts.NOT_A_COUNT}, status_code=400)
    players = int(given)
    kind = table_kinds().get(request.query_params.get("mode", "single"))
    rules = request.query_params.get("rules", "wolfrunde")
    if kind is None or rules not in ("wolfrunde", "duesterwald"):
        return JSONResponse({"error": "bad_settings", "message": texts.UNKNOWN_MODE_OR_RULES}, status_code=400)
    mode = kind.kind_id  # a table kind's id is the engine's mode
    roles = recommended_roles(players, rules, mode)
    if roles is None:  # shown while the names are typed in: the reason alone
        return JSONResponse({"error": "bad_settings", "message": no_cast(players)}, status_code=400)
    return JSONResponse({"roles": roles})


async def spoken_name(request: Request) -> Response:
    """GET /api/tables/{code}/name?say=Schohn with the device's token in `X-Table-Token`: the seat's own
    name in the table's narrator's voice, read as the Aussprache `say` (the lobby's "Anhören"). A table's
    guests have no accounts: the whole table counts as one client of the narrator's name limits."""
    code = normalise(request.path_params["code"])
    actor = await registry_of(request).get(code) if code else None
    if actor is None or not isinstance(actor.kind, TableKind):
        return _problem(Refusal("no_table"), 404)
    lobby = actor.kind.lobby
    seat = lobby.seat_of(token_hash(request.headers.get("x-table-token", "")))
    if seat is None:
        return _problem(Refusal("bad_token"), 401)
    fmt = audio_format(request)
    if fmt is None:
        return problem("bad_format")
    return await name_clip(request, (lobby.settings.narrator, fmt), lobby.seats[seat].name, f"table:{actor.code}")


async def setup_name(request: Request) -> Response:
    """GET /api/tables/names/{narrator}?text=Jean&say=Schohn: a name in that narrator's voice, read as the
    Aussprache `say`, for the one-device setup ("Anhören") before the table exists. There is no account
    and no table token yet, so each address is one client of the narrator's name limits."""
    voice = narrator_and_format(request)
    if isinstance(voice, Response):
        return voice
    text = request.query_params.get("text", "")
    return await name_clip(request, voice, text, f"address:{client_address(request)}")


def routes() -> list[BaseRoute]:
    return [
        Route("/tisch", page),
        Route(f"{TABLE.page}/{{code}}", page),
        Route(TABLE.api, create_table, methods=["POST"]),
        Route("/api/tables/recommended", recommended),
        Route("/api/tables/names/{narrator}", setup_name),
        Route("/api/tables/{code}/guests", join_table, methods=["POST"]),
        Route("/api/tables/{code}/name", spoken_name),
        *lookup.code_routes(TABLE, table_kind_ids(), TableKind.summarize),
    ]
