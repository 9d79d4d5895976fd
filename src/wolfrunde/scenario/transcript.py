"""The omniscient transcript of a game, with names instead of seat numbers."""

from __future__ import annotations

from typing import Any

from wolfrunde.engine import Game
from wolfrunde.engine.model import SEAT_KEYS


def _named(game: Game, value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return game.name(value)
    if isinstance(value, list | tuple):
        return [_named(game, v) for v in value]
    return value


def event(game: Game, type_: str, data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type_}
    for key, value in data.items():
        if key in SEAT_KEYS:
            out[key] = _named(game, value)
        elif key == "ballots":
            out[key] = {game.name(v): _named(game, t) for v, t in value.items()}
        elif key == "counts":
            out[key] = {game.name(s): n for s, n in value.items()}
        else:
            out[key] = value
    return out


def transcript(game: Game) -> dict[str, Any]:
    result = None
    if game.result is not None:
        result = {"winner": game.result["winner"], "winners": [game.name(s) for s in game.result["winners"]]}
    return {
        "events": [event(game, e.type, e.data) for e in game.events],
        "alive": [game.name(s) for s in game.living()],
        "roles": {p.name: p.card for p in game.players},
        "result": result,
    }
