"""HTTP for the role pages: card data, the German page texts and each role's Hörbeispiel."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from wolfrunde.engine import all_cards
from wolfrunde.engine.cards import Card
from wolfrunde.engine.texts import role_pages
from wolfrunde.narration.samples import role_sample
from wolfrunde.server.narration_http import audio_format, audio_response, problem, voices
from wolfrunde.server.narration_voices import DEFAULT_NARRATOR, known_narrator

_CACHE = {"Cache-Control": "max-age=3600"}


def role_entry(card: Card) -> dict[str, Any]:
    """One role: the card (name, side, description, night step …) and its page texts."""
    return {
        "id": card.id,
        "name": card.name,
        "one_name": card.one_name,
        "side": card.side.value,
        "description": card.description,
        "step": card.step,
        "cadence": card.cadence,
        "min_players": card.min_players,
        "modes": [mode.value for mode in card.modes],
        "cards_per_set": card.cards_per_set,
        "is_wolf_card": card.is_wolf_card,
        "page": role_pages().get(card.id),
        "sample": f"/api/roles/{card.id}/sample",
    }


async def roles(request: Request) -> Response:
    """GET /api/roles: every role by id (card data and page texts)."""
    return JSONResponse({card.id: role_entry(card) for card in all_cards().values()}, headers=_CACHE)


async def role(request: Request) -> Response:
    """GET /api/roles/{role_id}: one role."""
    card = all_cards().get(request.path_params["role_id"])
    if card is None:
        return problem("no_role")
    return JSONResponse(role_entry(card), headers=_CACHE)


async def sample(request: Request) -> Response:
    """GET /api/roles/{role_id}/sample?narrator=hedda: the role's Hörbeispiel (default narrator Jutta)."""
    role_id = request.path_params["role_id"]
    if role_id not in all_cards():
        return problem("no_role")
    narrator_id = request.query_params.get("narrator", DEFAULT_NARRATOR)
    if not known_narrator(narrator_id):
        return problem("no_narrator")
    fmt = audio_format(request)
    if fmt is None:
        return problem("bad_format")
    narration = voices(request).narration
    path = await asyncio.to_thread(role_sample, narration, role_id, narrator_id, 0, fmt)
    return audio_response(path, fmt)


def routes() -> list[Route]:
    return [
        Route("/api/roles", roles),
        Route("/api/roles/{role_id}", role),
        Route("/api/roles/{role_id}/sample", sample),
    ]
