"""The Leitwolf: a second victim, while no wolf-side player has died."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.roles.werewolf import prey, why_not_prey

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="alpha_wolf",
    name="Leitwolf",
    side=Side.WOLVES,
    step="alpha_wolf",
    cadence="jede Nacht nach dem Rudel, solange kein Wolf gestorben ist",
    is_wolf_card=True,
    description=(
        "Nach der Jagd mit dem Rudel erwacht der Leitwolf noch einmal allein und reißt ein zweites Opfer, "
        "solange noch kein Wolf gestorben ist. Leibwächter, Heiltrank und Ältester wirken gegen jeden "
        "Angriff einzeln; die Hexe erfährt beide Opfer und rettet eines."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    alpha = game.holder("alpha_wolf")
    if alpha is None or not game.is_wolf(alpha) or game.wolf_has_died:
        return
    targets = [s for s in prey(game) if s != night.pack_victim]
    base = why_not_prey(game)

    def why_not(target: int) -> str | None:
        if target == night.pack_victim:
            return f"{game.name(target)} ist schon das Opfer des Rudels; der Leitwolf braucht ein anderes."
        return base(target)

    answers = yield [seat_choice(game, alpha, "alpha_wolf", targets, why_not=why_not, what="Zweites Opfer")]
    target = answers[(alpha, "alpha_wolf")]
    if target is not None:
        game.emit("alpha_victim", visible_to=[alpha], target=target)
        night.attacks.append((target, "alpha_wolf"))


STEPS = (NightStep("alpha_wolf", Cadence.EVERY_NIGHT, ("alpha_wolf",), step),)
