"""The Jäger takes someone with him when he dies, for any cause; he may let the shot go."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.requests import seat_choice

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(
    id="hunter",
    name="Jäger",
    side=Side.VILLAGE,
    cadence="wenn er stirbt",
    description=(
        "Der Jäger geht nicht allein: Trifft ihn der Tod — ob nachts durch die Wölfe, durch Gift oder "
        "tagsüber am Galgen — reißt sein letzter Schuss noch einen Mitspieler mit. Er darf den Schuss auch "
        "bewusst verfallen lassen."
    ),
)


def loaded(game: Game) -> list[int]:
    """Dead Jäger whose shot has neither been fired nor passed on."""
    return [
        p.seat
        for p in game.players
        if not p.alive and p.card == "hunter" and not (p.card_state.get("shot") or p.card_state.get("passed_to_maid"))
    ]


def shoot(game: Game, hunter: int) -> Any:
    """Ask the dead Jäger for his shot; returns the target or None."""
    game.card_state(hunter)["shot"] = True
    answers = yield [seat_choice(game, hunter, "hunter", game.living(), what="Schuss des Jägers")]
    return answers[(hunter, "hunter")]
