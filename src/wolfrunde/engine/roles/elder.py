"""The Ältester survives the first wolf attack that reaches him."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(
    id="elder",
    name="Ältester",
    side=Side.VILLAGE,
    description=(
        "Der Älteste ist zäh: Den ersten Angriff der Werwölfe überlebt er, erst der zweite bringt ihn zur "
        "Strecke. Nach außen sieht es aus, als hätte es in dieser Nacht kein Opfer gegeben."
    ),
)


def absorbs(game: Game, seat: int) -> bool:
    """True (and the toughness is spent) if this wolf attack on `seat` is absorbed."""
    player = game.players[seat]
    if player.card != "elder" or player.card_state.get("wounded"):
        return False
    player.card_state["wounded"] = True
    return True
