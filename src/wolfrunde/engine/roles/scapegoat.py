"""The Sündenbock dies on every tie, whether or not he was among the tied."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Cause, Recommendation, Role, Tie, TieBreaker, asks_nothing

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="scapegoat", name="Sündenbock", side=Side.VILLAGE)


def announce(game: Game, tie: Tie) -> dict[str, Any] | None:
    return {"resolution": "scapegoat"} if game.holder(CARD.id) is not None else None


@asks_nothing
def dies(game: Game, tie: Tie) -> tuple[int, str] | None:
    scapegoat = game.holder(CARD.id)
    return None if scapegoat is None else (scapegoat, "scapegoat")


ROLE = Role(
    card=CARD,
    causes=(Cause("scapegoat", public=True),),
    recommend=Recommendation(sets=(17,), large=15),
    tie_breakers=(TieBreaker("scapegoat", announce, dies),),
)
