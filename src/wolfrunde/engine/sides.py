"""Which side a player is on right now (rulings.md, "Table and sides")."""

from __future__ import annotations

from wolfrunde.engine.cards import card
from wolfrunde.engine.model import Side
from wolfrunde.engine.player import Player


def side_of(player: Player) -> Side:
    if player.infected:
        return Side.WOLVES
    if player.card == "border_crosser":
        return Side.WOLVES if player.card_state.get("side") == "werewolves" else Side.VILLAGE
    if player.card == "foundling":
        return Side.WOLVES if player.card_state.get("turned") else Side.VILLAGE
    return card(player.card).side


def win_side(player: Player) -> str:
    """The side a player wins with: the Weißer Wolf wins alone even though he hunts with the pack."""
    if player.card == "white_wolf" and not player.infected:
        return "white_wolf"
    return side_of(player).value
