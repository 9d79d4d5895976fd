"""Simple players for simulated games. Each decides from its own request, answering by the request's form,
and from what its seat knows: its own side, and for wolves the pack. Where a choice harms the chosen
(a vote, a shot, an attack: `registry.harmful_kinds`), it picks a suspect and never lets it go; wolves
spare each other. A living informant (a role that declares `findings`, the Seherin) tells the village
what it found, as players do: villagers then vote for a wolf it saw, most of the time."""

from __future__ import annotations

import random
from typing import Any

from wolfrunde.engine import Game, Request
from wolfrunde.engine.model import Side
from wolfrunde.engine.registry import harmful_kinds

FOLLOW_INFORMANT = 0.7
SKIP = 0.1  # an optional choice that harms nobody is left out this often


def choose(game: Game, request: Request, rng: random.Random) -> Any:
    options = request.options
    form = options["type"]
    seat = request.seat
    if form == "confirm":
        return True
    if form == "seat":
        choices = options["choices"]
        harmful = request.kind in harmful_kinds()
        if harmful:
            choices = _suspects(game, seat, choices, rng)
        if not choices:
            return None
        if options["optional"] and not harmful and rng.random() < SKIP:
            return None
        return rng.choice(choices)
    if form == "seats":
        return rng.sample(options["choices"], options["count"])
    if form in ("gap", "card"):
        return rng.choice(options["choices"])
    if form == "number":
        return rng.randint(options["min"], options["max"])
    if form == "witch":
        heal = rng.choice(options["heal"]) if options["heal"] and rng.random() < 0.5 else None
        poisonable = [s for s in options["poison"] if s != seat]
        poison = rng.choice(poisonable) if poisonable and rng.random() < 0.2 else None
        return {"heal": heal, "poison": poison}
    if form == "choice":
        values = options["choices"]
        if values == [False, True]:
            return rng.random() < 0.3
        return rng.choice(values)
    raise ValueError(f"no policy for {form}")


def _suspects(game: Game, seat: int, choices: list[int], rng: random.Random) -> list[int]:
    """Anyone but oneself; a wolf spares the pack; the village follows a living informant's word."""
    if game.is_wolf(seat):
        spared = [s for s in choices if s != seat and not game.is_wolf(s)]
        return spared or choices
    informant = next((s for s in game.living() if game.role_of(s).findings is not None), None)
    if informant is not None and rng.random() < FOLLOW_INFORMANT:
        findings = game.role_of(informant).findings
        assert findings is not None
        named = [s for s, side in findings(game, informant).items() if side == Side.WOLVES.value]
        named = [s for s in named if s in choices and s != seat]
        if named:
            return named
    spared = [s for s in choices if s != seat]
    return spared or choices
