"""Die Schwestern: two cards that know each other and wake together every second night."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import confirm

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="sister",
    name="Schwestern",
    side=Side.VILLAGE,
    step="sisters",
    cadence="in der ersten, dritten, fünften … Nacht",
    min_players=8,
    cards_per_set=2,
    aliases=("Schwester",),
    description=(
        "Zwei Karten, die einander von der ersten Nacht an kennen: Die andere ist sicher keine Wölfin. Jede "
        "zweite Nacht erwachen die Schwestern gemeinsam und dürfen sich beraten. Ab acht Spielern."
    ),
)


def wake_together(role: str) -> Any:
    def step(game: Game, night: NightEffects) -> Any:
        awake = game.holders(role)
        if awake:
            yield [confirm(s) for s in awake]

    return step


STEPS = (NightStep("sisters", Cadence.ODD_NIGHTS, ("sister",), wake_together("sister")),)
