"""HTTP for the narrator: the narrators, a preview of each voice, spoken names and the audio of a cue.

Audio is made in a worker thread (`asyncio.to_thread`) and cached on disk; Ogg Opus unless the client
asks for MP3 (`?format=mp3`, or an `Accept` header with audio/mpeg but without Ogg). A clip is made once
however many clients ask for it at the same moment, and only complete files are served (`AudioCache`).

Names (`/api/voices/{narrator}/name?text=…&say=…`, logged in) let a lobby preview a name and its
Aussprache at once; each account may ask `NAME_REQUESTS` times a minute and make at most
`NEW_NAME_CLIPS` clips that were not in the cache yet per `NEW_NAME_WINDOW`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.names import MAX_PRONUNCIATION, check_pronunciation
from wolfrunde.narration.narrators import NARRATORS
from wolfrunde.server import auth
from wolfrunde.server.narration_voices import (
    DEFAULT_NARRATOR,
    CueKey,
    ServerVoices,
    choose_format,
    known_narrator,
    voices_for,
)
from wolfrunde.server.ratelimit import SlidingWindow

PREVIEW_SCENE = "welcome"  # what "Probehören" plays: the narrator greeting the village
MAX_NAME = 24
AUDIO_CACHE = "private, max-age=86400"
NAME_REQUESTS = 30  # name requests per client and minute, cached or not
NEW_NAME_CLIPS = 20  # names (or Aussprachen) not heard before, per client and window
NEW_NAME_WINDOW = 600.0

PROBLEMS: dict[str, tuple[int, str]] = {
    "no_narrator": (404, "Diesen Erzähler gibt es nicht."),
    "no_role": (404, "Diese Rolle gibt es nicht."),
    "bad_format": (400, "Unbekanntes Audioformat; möglich sind opus und mp3."),
    "bad_cue": (403, "Diese Erzähler-Adresse ist ungültig."),
    "bad_name": (400, "Der Name muss 1 bis 24 Zeichen lang sein und Buchstaben oder Ziffern enthalten."),
    "bad_pronunciation": (400, f"Die Aussprache darf höchstens {MAX_PRONUNCIATION} Zeichen haben."),
    "too_fast": (429, "Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment."),
    "too_many_names": (429, "Zu viele neue Namen in kurzer Zeit. Bitte warte ein paar Minuten."),
}


def problem_with(code: str, message: str) -> JSONResponse:
    status, _ = PROBLEMS[code]
    return JSONResponse({"error": code, "message": message}, status_code=status)


class NameLimits:
    """Per client: how often it may ask for names, and how many new name clips it may have made."""

    def __init__(self) -> None:
        self.requests = SlidingWindow(NAME_REQUESTS, 60.0)
        self.new_clips = SlidingWindow(NEW_NAME_CLIPS, NEW_NAME_WINDOW)


def name_limits(request: Request) -> NameLimits:
    state = request.app.state
    if not hasattr(state, "narration_name_limits"):
        state.narration_name_limits = NameLimits()
    limits: NameLimits = state.narration_name_limits
    return limits


def problem(code: str) -> JSONResponse:
    status, message = PROBLEMS[code]
    return JSONResponse({"error": code, "message": message}, status_code=status)


def voices(request: Request) -> ServerVoices:
    return voices_for(request.app.state.config)


def audio_format(request: Request) -> AudioFormat | None:
    try:
        return choose_format(request.query_params.get("format"), request.headers.get("accept"))
    except ValueError:
        return None


def narrator_and_format(request: Request) -> tuple[str, AudioFormat] | Response:
    """The path's narrator and the audio format asked for; or the refusal naming which one is unknown."""
    narrator_id = request.path_params["narrator"]
    if not known_narrator(narrator_id):
        return problem("no_narrator")
    fmt = audio_format(request)
    if fmt is None:
        return problem("bad_format")
    return narrator_id, fmt


def audio_response(path: Path, fmt: AudioFormat) -> Response:
    return FileResponse(path, media_type=fmt.mime, headers={"Cache-Control": AUDIO_CACHE})


async def narrators(request: Request) -> Response:
    """GET /api/voices: every narrator with the German description shown in the lobby."""
    listing = [
        {"id": n.id, "name": n.name, "description": n.character, "preview": f"/api/voices/{n.id}/preview"}
        for n in NARRATORS
    ]
    return JSONResponse({"narrators": listing, "default": DEFAULT_NARRATOR}, headers={"Cache-Control": "max-age=3600"})


async def preview(request: Request) -> Response:
    """GET /api/voices/{narrator}/preview: the narrator greeting the village (a short sample)."""
    voice = narrator_and_format(request)
    if isinstance(voice, Response):
        return voice
    narrator_id, fmt = voice
    key = CueKey(narrator_id, PREVIEW_SCENE, 0, {})
    path = await asyncio.to_thread(voices(request).render, key, fmt)
    return audio_response(path, fmt)


async def spoken_name(request: Request) -> Response:
    """GET /api/voices/{narrator}/name?text=Jean&say=Schohn: a player's name in the narrator's voice, read
    as the optional Aussprache `say` (a respelling) when given: the instant preview of a lobby."""
    user = auth.current_user(request)
    if user is None:
        return auth.problem(401, "not_logged_in")
    voice = narrator_and_format(request)
    if isinstance(voice, Response):
        return voice
    return await name_clip(request, voice, request.query_params.get("text", ""), str(user.id))


async def name_clip(request: Request, voice: tuple[str, AudioFormat], text: str, client: str) -> Response:
    """A name read as the query's Aussprache `say`, with the checks and the limits per `client` that every
    name preview shares (the online lobby's accounts, a table's devices)."""
    narrator_id, fmt = voice
    text = text.strip()
    if not 1 <= len(text) <= MAX_NAME or not any(char.isalnum() for char in text):
        return problem("bad_name")
    raw_say = request.query_params.get("say", "")
    if len(raw_say) > 4 * MAX_PRONUNCIATION:
        return problem("bad_pronunciation")
    try:
        say = check_pronunciation(raw_say) if raw_say.strip() else None
    except ValueError as error:
        return problem_with("bad_pronunciation", str(error))
    limits = name_limits(request)
    if not limits.requests.allow(client):
        return _slow_down("too_fast", 60)
    service = voices(request)
    if not service.name_is_ready(text, narrator_id, fmt, say) and not limits.new_clips.allow(client):
        return _slow_down("too_many_names", int(NEW_NAME_WINDOW))
    path = await asyncio.to_thread(service.speak_name, text, narrator_id, fmt, say)
    return audio_response(path, fmt)


def _slow_down(code: str, seconds: int) -> JSONResponse:
    response = problem(code)
    response.headers["Retry-After"] = str(seconds)
    return response


async def cue_audio(request: Request) -> Response:
    """GET /api/narration/{narrator}/{scene}/{variant}?values=…&sig=…: the audio of one sent cue.

    Only addresses the server handed out in a `narration` message are valid (they are signed)."""
    params = request.path_params
    try:
        variant = int(params["variant"])
    except ValueError:
        return problem("bad_cue")
    service = voices(request)
    key = service.verify(
        params["narrator"],
        params["scene"],
        variant,
        request.query_params.get("values", ""),
        request.query_params.get("sig", ""),
        request.query_params.get("say", ""),
        request.query_params.get("style", ""),
    )
    if key is None:
        return problem("bad_cue")
    fmt = audio_format(request)
    if fmt is None:
        return problem("bad_format")
    try:
        path = await asyncio.to_thread(service.render, key, fmt)
    except (KeyError, IndexError, ValueError):
        return problem("bad_cue")
    return audio_response(path, fmt)


def routes() -> list[Route]:
    return [
        Route("/api/voices", narrators),
        Route("/api/voices/{narrator}/preview", preview),
        Route("/api/voices/{narrator}/name", spoken_name),
        Route("/api/narration/{narrator}/{scene}/{variant}", cue_audio),
    ]
