"""Which side a player is on right now (rulings.md, "Table and sides"), and whom he wins with."""

from __future__ import annotations

from wolfrunde.engine import registry
from wolfrunde.engine.model import Side
from wolfrunde.engine.player import Player


def side_of(player: Player) -> Side:
    """An infection puts anyone on the wolf side; else the card decides (its hook, or its printed side)."""
    if player.infected:
        return Side.WOLVES
    role = registry.role(player.card)
    if role.side is not None:
        side = role.side(player)
        if side is not None:
            return side
    return role.card.side


def win_side(player: Player) -> str:
    """The side a player wins with: his side, unless his card wins otherwise (the Weißer Wolf alone)."""
    role = registry.role(player.card)
    if role.win_side is not None:
        special = role.win_side(player)
        if special is not None:
            return special
    return side_of(player).value
