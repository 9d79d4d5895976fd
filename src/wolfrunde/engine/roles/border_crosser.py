"""The Grenzgänger chooses village or pack in night 1, once and secretly."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.player import Player
from wolfrunde.engine.requests import value_choice
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="border_crosser", name="Grenzgänger", side=Side.VILLAGE, step="border_crosser", shows_side=True)


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, crosser: int) -> Handler[None]:
    sides = (Side.VILLAGE.value, Side.WOLVES.value)
    request = value_choice(crosser, "border_crosser", sides, default=Side.VILLAGE.value, what="Grenzgänger")
    answers = yield [request]
    side = answers[(crosser, "border_crosser")]
    game.card_state(crosser)["side"] = side
    game.emit("side_chosen", visible_to=[crosser], actor=crosser, side=side)


def side(player: Player) -> Side:
    """Choosing the pack, he is on the wolf side from that moment (and wakes with the pack in night 1)."""
    return Side.WOLVES if player.card_state.get("side") == Side.WOLVES.value else Side.VILLAGE


ROLE = Role(
    card=CARD,
    steps=(NightStep("border_crosser", Cadence.FIRST_NIGHT, step),),
    kinds=("border_crosser",),
    events=("side_chosen",),
    scenario=(ScenarioKey("border_crosser", ("border_crosser",)),),
    recommend=Recommendation(large=20),
    visible_state=("side",),
    side=side,
)
