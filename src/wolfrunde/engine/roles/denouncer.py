"""The Denunziant's letter: public in the morning, two extra votes at the next vote."""

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
    id="denouncer",
    name="Denunziant",
    side=Side.VILLAGE,
    step="denouncer",
    cadence="jede Nacht",
    description=(
        "Der Denunziant heftet jede Nacht einen anonymen Schmähbrief an eine Tür. Am Morgen kennt das ganze "
        "Dorf die Anschuldigung — und bei der nächsten Abstimmung liegen auf dem Angeschwärzten von Anfang "
        "an zwei zusätzliche Stimmen."
    ),
)

EXTRA_VOTES = 2


def step(game: Game, night: NightEffects) -> Any:
    denouncer = game.holder("denouncer")
    if denouncer is None:
        return
    targets = [s for s in game.living() if s != denouncer]

    def why_not(target: int) -> str | None:
        if target == denouncer:
            return "Der Denunziant kann sich nicht selbst anschwärzen."
        return f"{game.name(target)} ist tot."

    answers = yield [seat_choice(game, denouncer, "denouncer", targets, why_not=why_not, what="Denunziant")]
    target = answers[(denouncer, "denouncer")]
    if target is not None:
        night.accusation = target
        game.emit("letter_written", visible_to=[denouncer], accused=target)


STEPS = (NightStep("denouncer", Cadence.EVERY_NIGHT, ("denouncer",), step),)
