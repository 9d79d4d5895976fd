"""The Dorfnarr: his first verdict reveals and pardons him; from then on he may not vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Recommendation, Role, Verdict

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="fool", name="Dorfnarr", side=Side.VILLAGE)


def spares(game: Game, seat: int, verdict: Verdict) -> bool:
    return verdict.cause == "vote" and not game.card_state(seat).get("pardoned")


def on_verdict(game: Game, seat: int, verdict: Verdict) -> None:
    if verdict.spared:
        game.card_state(seat)["pardoned"] = True
        game.card_state(seat)["silenced"] = seat
        game.emit("fool_pardoned", reveals={seat: CARD.id}, player=seat, role=CARD.id)


def may_vote(game: Game, seat: int) -> bool:
    """The pardoned Dorfnarr himself loses his vote; a Magd who takes his card later keeps hers (the card's
    pardon is spent, the penalty was his)."""
    return game.card_state(seat).get("silenced") != seat


ROLE = Role(
    card=CARD,
    events=("fool_pardoned",),
    recommend=Recommendation(sets=(15,), large=13),
    visible_state=("pardoned",),
    spares=spares,
    on_verdict=on_verdict,
    may_vote=may_vote,
)
