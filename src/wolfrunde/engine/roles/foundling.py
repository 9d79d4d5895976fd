"""The Findelkind chooses a model; when the model dies, it joins the wolves at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import seat_choice

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="foundling",
    name="Findelkind",
    side=Side.VILLAGE,
    step="foundling",
    cadence="nur in der ersten Nacht",
    description=(
        "Das Findelkind wählt in der ersten Nacht ein Vorbild. Solange es lebt, ist das Kind ein "
        "Dorfbewohner. Stirbt das Vorbild, gleich wodurch, wird das Findelkind sofort zum Werwolf und "
        "erwacht in der nächsten Nacht mit dem Rudel."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    child = game.holder("foundling")
    if child is None:
        return
    others = [s for s in game.living() if s != child]

    def why_not(target: int) -> str | None:
        return "Das Findelkind kann nicht sein eigenes Vorbild sein." if target == child else None

    request = seat_choice(
        game, child, "foundling", others, default=game.rng.choice(others), why_not=why_not, what="Vorbild"
    )
    answers = yield [request]
    model = answers[(child, "foundling")]
    if model is not None:
        game.card_state(child)["model"] = model
        game.emit("model_chosen", visible_to=[child], model=model)


def turn_orphans(game: Game) -> None:
    """The last consequence of deaths: a Findelkind whose model has died turns, if it still lives (one that
    died with its model, or of grief for it, stays with the village)."""
    for child in game.holders("foundling"):
        state = game.card_state(child)
        model = state.get("model")
        if model is None or state.get("turned") or not game.players[child].alive or game.players[model].alive:
            continue
        state["turned"] = True
        game.emit("foundling_turned", visible_to=[child], player=child, model=model)


STEPS = (NightStep("foundling", Cadence.FIRST_NIGHT, ("foundling",), step),)
