"""The game's German words for the web client, from the engine's one catalogue: `GET /api/words`.

The client keeps no copy of them: a step's name (every value of `view.step`), each request kind's
question, hint and "nobody" answer, and each winner's line."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from wolfrunde.engine.texts.catalogue import catalogue

_CACHE = {"Cache-Control": "max-age=3600"}


def game_words() -> dict[str, Any]:
    texts = catalogue()
    return {
        "steps": {step: step_texts.call for step, step_texts in texts.steps.items()},
        "kinds": {
            kind: {"prompt": kind_texts.prompt, "hint": kind_texts.hint, "nobody": kind_texts.nobody}
            for kind, kind_texts in texts.kinds.items()
        },
        "winners": {winner: winner_texts.line for winner, winner_texts in texts.winners.items()},
    }


async def words(request: Request) -> Response:
    return JSONResponse(game_words(), headers=_CACHE)


def routes() -> list[Route]:
    return [Route("/api/words", words)]
