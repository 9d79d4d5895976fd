"""The Leibwächter guards one other player against every wolf attack and the infection that night."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import INFECTION, WOLF_ATTACK, NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="bodyguard", name="Leibwächter", side=Side.VILLAGE, step="bodyguard")


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, guard: int) -> Handler[None]:
    """Never himself, never the player he guarded the last time he guarded (a night without a guard does
    not break that chain: rulings.md, "Further rulings")."""
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
        night.protect(target, CARD.id, WOLF_ATTACK, INFECTION)
        game.emit("guarded", visible_to=[guard], actor=guard, player=target)


ROLE = Role(
    card=CARD,
    steps=(NightStep("bodyguard", Cadence.EVERY_NIGHT, step),),
    kinds=("bodyguard",),
    events=("guarded",),
    scenario=(ScenarioKey("bodyguard", ("bodyguard",)),),
    recommend=Recommendation(sets=(7, 8, 9, *range(11, 19)), large=5),
    visible_state=("guarded",),
)
