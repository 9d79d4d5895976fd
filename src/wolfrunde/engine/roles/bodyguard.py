"""The Leibwächter guards one other player against every wolf attack that night."""

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
    id="bodyguard",
    name="Leibwächter",
    side=Side.VILLAGE,
    step="bodyguard",
    cadence="jede Nacht",
    description=(
        "Der Leibwächter stellt sich jede Nacht schützend vor einen Mitspieler. Wen er bewacht, den können "
        "die Werwölfe in dieser Nacht nicht töten — gegen Gift hilft er nicht. Nie sich selbst, und nicht "
        "zweimal hintereinander denselben."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    guard = game.holder("bodyguard")
    if guard is None:
        return
    state = game.card_state(guard)
    last = state.get("guarded")
    targets = [s for s in game.living() if s not in (guard, last)]

    def why_not(target: int) -> str | None:
        if target == guard:
            return "Der Leibwächter kann sich nicht selbst bewachen."
        if target == last:
            return f"Der Leibwächter darf {game.name(target)} nicht zwei Nächte hintereinander bewachen."
        return f"{game.name(target)} ist tot."

    answers = yield [seat_choice(game, guard, "bodyguard", targets, why_not=why_not, what="Leibwächter")]
    target = answers[(guard, "bodyguard")]
    if target is not None:
        state["guarded"] = target
        night.guarded = target
        game.emit("guarded", visible_to=[guard], player=target)


STEPS = (NightStep("bodyguard", Cadence.EVERY_NIGHT, ("bodyguard",), step),)
