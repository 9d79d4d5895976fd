"""Which side a player is on right now (rulings.md, "Table and sides"), and whom he wins with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.model import Side
from wolfrunde.engine.player import Player

if TYPE_CHECKING:
    from wolfrunde.engine.role import Role


def side_of(role: Role, player: Player) -> Side:
    """An infection puts anyone on the wolf side; else his card `role` decides (its hook, or its side)."""
    if player.infected:
        return Side.WOLVES
    if role.side is not None:
        side = role.side(player)
        if side is not None:
            return side
    return role.card.side


def win_side(role: Role, player: Player) -> str:
    """The side a player wins with: his side, unless his card wins otherwise (the Weißer Wolf alone)."""
    if role.win_side is not None:
        special = role.win_side(player)
        if special is not None:
            return special
    return side_of(role, player).value
