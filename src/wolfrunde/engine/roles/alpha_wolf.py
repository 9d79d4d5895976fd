"""The Leitwolf: a second victim, while no wolf-side player has died."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Cause, NightStep, Recommendation, Role, ScenarioKey
from wolfrunde.engine.roles.werewolf import pack_victim, prey, why_not_prey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="alpha_wolf", name="Leitwolf", side=Side.WOLVES, step="alpha_wolf", is_wolf_card=True)


def a_wolf_has_died(game: Game) -> bool:
    """A dead player's side never changes, so the dead who are wolf-side now were wolf-side at death."""
    return any(not p.alive and game.is_wolf(p.seat) for p in game.players)


def step(game: Game, night: NightEffects) -> Handler[None]:
    alpha = game.holder(CARD.id)
    if alpha is None or not game.is_wolf(alpha) or a_wolf_has_died(game):
        return
    first = pack_victim(night)
    targets = [s for s in prey(game) if s != first]
    base = why_not_prey(game)

    def why_not(target: int) -> str | None:
        if target == first:
            return f"{game.name(target)} ist schon das Opfer des Rudels; der Leitwolf braucht ein anderes."
        return base(target)

    answers = yield [seat_choice(game, alpha, "alpha_wolf", targets, why_not=why_not, what="Zweites Opfer")]
    target = answers[(alpha, "alpha_wolf")]
    if target is not None:
        game.emit("alpha_victim", visible_to=[alpha], actor=alpha, target=target)
        night.threaten(target, "alpha_wolf")


ROLE = Role(
    card=CARD,
    steps=(NightStep("alpha_wolf", Cadence.EVERY_NIGHT, step),),
    kinds=("alpha_wolf",),
    harms=("alpha_wolf",),
    events=("alpha_victim",),
    causes=(Cause("alpha_wolf", wolf_attack=True),),
    scenario=(ScenarioKey("alpha_wolf", ("alpha_wolf",)),),
    recommend=Recommendation(sets=(14,), large=3),
)
