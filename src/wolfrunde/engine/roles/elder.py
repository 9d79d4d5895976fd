"""The Ältester survives the first wolf attack that reaches him (after guard and heal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Recommendation, Role

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="elder", name="Ältester", side=Side.VILLAGE)


def absorbs(game: Game, seat: int, cause: str) -> bool:
    """True (and the toughness is spent) if this attack is the first to reach him. He does not learn it:
    `wounded` is not in his visible card state."""
    state = game.card_state(seat)
    if state.get("wounded"):
        return False
    state["wounded"] = True
    return True


ROLE = Role(card=CARD, recommend=Recommendation(sets=(12, 13, 14, 15, 17), large=9), absorbs_attack=absorbs)
