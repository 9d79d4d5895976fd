"""A simple bot: answers the first open request in its own view with a random legal option, by the
request's form. Where the choice harms the chosen (a vote, a shot: `registry.harmful_kinds`), it spares
itself and, as a wolf, the pack it knows from its view."""

from __future__ import annotations

import random
from typing import Any

from wolfrunde.engine.registry import harmful_kinds

Move = tuple[str, Any]


def pending_requests(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The open requests of this seat as the view lists them."""
    pending = view.get("pending") or []
    seat = view.get("seat")
    return [r for r in pending if isinstance(r, dict) and r.get("seat", seat) == seat and "kind" in r]


def answer(
    request: dict[str, Any], own_seat: int | None, rng: random.Random, spared: frozenset[int] = frozenset()
) -> Move | None:
    """A legal answer to one request, chosen from its options. `spared`: seats a harmful choice avoids."""
    kind = str(request["kind"])
    options = request.get("options") or {}
    form = options.get("type")
    choices = list(options.get("choices") or [])
    if form == "confirm":
        return kind, True
    if form == "choice":
        return (kind, rng.choice(choices)) if choices else (kind, request.get("default"))
    if form == "seat":
        avoid = {own_seat, *spared} if kind in harmful_kinds() else {own_seat}
        others = [c for c in choices if c not in avoid] or choices
        if others:
            return kind, rng.choice(others)
        return (kind, None) if options.get("optional", True) else None
    if form == "seats":
        count = int(options.get("count", 1))
        if len(choices) >= count:
            return kind, rng.sample(choices, count)
        return (kind, None) if options.get("optional", True) else None
    if form == "witch":
        heal = list(options.get("heal") or [])
        poison = [c for c in options.get("poison") or [] if c != own_seat]
        return kind, {
            "heal": rng.choice(heal) if heal and rng.random() < 0.5 else None,
            "poison": rng.choice(poison) if poison and rng.random() < 0.2 else None,
        }
    if form in ("card", "gap"):
        if choices and (not options.get("optional", True) or rng.random() < 0.7):
            return kind, rng.choice(choices)
        return kind, None
    return kind, request.get("default")


def pack(view: dict[str, Any]) -> frozenset[int]:
    """The wolves this seat knows (its view shows them on the wolf side), if it is one of them."""
    if (view.get("you") or {}).get("side") != "werewolves":
        return frozenset()
    players = view.get("players") or []
    return frozenset(p["seat"] for p in players if isinstance(p, dict) and p.get("side") == "werewolves")


def choose(view: dict[str, Any], rng: random.Random) -> Move | None:
    for request in pending_requests(view):
        move = answer(request, view.get("seat"), rng, pack(view))
        if move is not None:
            return move
    return None
