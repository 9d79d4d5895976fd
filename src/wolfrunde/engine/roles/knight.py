"""The Ritter: killed by wolves, his rusty blade kills the first wolf to his left at the next dawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(
    id="knight",
    name="Ritter",
    side=Side.VILLAGE,
    description=(
        "Reißen die Wölfe den Ritter, verletzt er im Todeskampf den ersten Wolf zu seiner Linken, und der "
        "stirbt in der nächsten Nacht an der rostigen Klinge. Galgen und Gift lösen nichts aus."
    ),
)

WOLF_ATTACKS = ("werewolves", "alpha_wolf", "white_wolf")


def wound(game: Game, knight: int) -> None:
    """Mark the first living wolf-side player to the Ritter's left for the next dawn."""
    seat = knight
    for _ in range(len(game.players)):
        seat = (seat + 1) % len(game.players)
        if seat == knight:
            return
        if game.players[seat].alive and game.is_wolf(seat):
            game.blade_next_dawn.append(seat)
            game.emit("blade_wound", visible_to=[], player=seat)
            return
