"""The Grenzgänger chooses village or pack in night 1, once and secretly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import value_choice

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="border_crosser",
    name="Grenzgänger",
    side=Side.VILLAGE,
    step="border_crosser",
    cadence="nur in der ersten Nacht",
    description=(
        "In der ersten Nacht entscheidet sich der Grenzgänger einmalig und geheim: Dorfbewohner oder "
        "Werwolf. Wählt er das Rudel, erwacht er noch in derselben Nacht mit den Wölfen und zählt fortan "
        "als Wolf."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    crosser = game.holder("border_crosser")
    if crosser is None:
        return
    request = value_choice(crosser, "border_crosser", ("village", "werewolves"), default="village", what="Grenzgänger")
    answers = yield [request]
    side = answers[(crosser, "border_crosser")]
    game.card_state(crosser)["side"] = side
    game.emit("side_chosen", visible_to=[crosser], side=side)


STEPS = (NightStep("border_crosser", Cadence.FIRST_NIGHT, ("border_crosser",), step),)
