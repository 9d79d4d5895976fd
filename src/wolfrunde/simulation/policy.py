"""Simple players for simulated games. Each decides from its own request and what its seat knows:
its own side, and for wolves the pack. Wolves never vote against each other. A living Seherin tells the
village what she found (as players do): villagers then vote for a wolf she saw, most of the time."""

from __future__ import annotations

import random
from typing import Any

from wolfrunde.engine import Game, Request

VOTE_KINDS = frozenset({"vote", "revote", "second_vote"})


def choose(game: Game, request: Request, rng: random.Random) -> Any:
    options = request.options
    kind = options["type"]
    seat = request.seat
    if kind == "confirm":
        return True
    if kind == "seat":
        choices = options["choices"]
        if request.kind in VOTE_KINDS or request.kind == "hunter":
            choices = _suspects(game, seat, choices, rng)
        if not choices:
            return None
        if options["optional"] and request.kind not in VOTE_KINDS and rng.random() < 0.1:
            return None
        return rng.choice(choices)
    if kind == "seats":
        choices = options["choices"]
        return rng.sample(choices, options["count"])
    if kind == "gap":
        return rng.choice(options["choices"])
    if kind == "card":
        return rng.choice(options["choices"])
    if kind == "number":
        return rng.randint(options["min"], options["max"])
    if kind == "witch":
        heal = rng.choice(options["heal"]) if options["heal"] and rng.random() < 0.5 else None
        poisonable = [s for s in options["poison"] if s != seat]
        poison = rng.choice(poisonable) if poisonable and rng.random() < 0.2 else None
        return {"heal": heal, "poison": poison}
    if kind == "choice":
        values = options["choices"]
        if values == [False, True]:
            return rng.random() < 0.3
        return rng.choice(values)
    raise ValueError(f"no policy for {kind}")


FOLLOW_SEER = 0.7


def _suspects(game: Game, seat: int, choices: list[int], rng: random.Random) -> list[int]:
    """Anyone but oneself; a wolf spares the pack; the village follows the Seherin's word."""
    if game.is_wolf(seat):
        spared = [s for s in choices if s != seat and not game.is_wolf(s)]
        return spared or choices
    seer = game.holder("seer")
    if seer is not None and rng.random() < FOLLOW_SEER:
        seen = game.memory(seer).get("seen", {})
        named = [s for s, side in seen.items() if side == "werewolves" and s in choices and s != seat]
        if named:
            return named
    spared = [s for s in choices if s != seat]
    return spared or choices
