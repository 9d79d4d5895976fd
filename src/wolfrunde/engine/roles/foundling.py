"""The Findelkind chooses a model; when the model dies, it joins the wolves at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.player import Player
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Absent, Consequence, NightStep, Recommendation, Role, ScenarioKey, asks_nothing

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="foundling", name="Findelkind", side=Side.VILLAGE, step="foundling", shows_side=True)


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, child: int) -> Handler[None]:
    others = [s for s in game.living() if s != child]

    def why_not(target: int) -> str | None:
        return "Das Findelkind kann nicht sein eigenes Vorbild sein." if target == child else None

    default = game.chance.secret.choice(others)
    request = seat_choice(game, child, "foundling", others, default=default, why_not=why_not, what="Vorbild")
    answers = yield [request]
    model = answers[(child, "foundling")]
    if model is not None:
        game.card_state(child)["model"] = model
        game.emit("model_chosen", visible_to=[child], actor=child, model=model)


@asks_nothing
def turn_orphans(game: Game) -> bool:
    """The last consequence of deaths: a Findelkind whose model has died turns, if it still lives (one that
    died with its model, or of grief for it, stays with the village)."""
    turned = False
    for child in game.holders(CARD.id):
        state = game.card_state(child)
        model = state.get("model")
        if model is None or state.get("turned") or game.players[model].alive:
            continue
        state["turned"] = True
        game.emit("foundling_turned", visible_to=[child], player=child, model=model)
        turned = True
    return turned


def side(player: Player) -> Side:
    return Side.WOLVES if player.card_state.get("turned") else Side.VILLAGE


ROLE = Role(
    card=CARD,
    steps=(NightStep("foundling", Cadence.FIRST_NIGHT, step),),
    kinds=("foundling",),
    events=("model_chosen", "foundling_turned"),
    scenario=(ScenarioKey("foundling", ("foundling",), absent=Absent.NOTHING),),
    recommend=Recommendation(large=21),
    consequences=(Consequence("foundling_turns", turn_orphans),),
    visible_state=("model", "turned"),
    side=side,
)
