"""The Engel wins alone when the village's first verdict of day 1 condemns him."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Outcome, Recommendation, Role, Verdict

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="angel", name="Engel", side=Side.VILLAGE)


def verdict_win(game: Game, seat: int, verdict: Verdict) -> Outcome | None:
    """Condemned by the first vote of day 1 (a Hauptmann's pick on its tie, a `duesterwald` re-vote
    belong to it); the Richter's second vote is not that verdict (rulings.md, "Engel")."""
    if verdict.cause == "vote" and verdict.first and game.round == 1:
        return "angel", [seat]
    return None


ROLE = Role(
    card=CARD,
    recommend=Recommendation(sets=(18,), large=19),
    verdict_win=verdict_win,
)
