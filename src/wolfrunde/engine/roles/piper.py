"""The Flötenspieler enchants two a night and wins when every other living player is enchanted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import confirm, seats_choice
from wolfrunde.engine.role import NightStep, Outcome, Recommendation, Role, ScenarioKey, VictoryCondition

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="piper", name="Flötenspieler", side=Side.PIPER, step="piper", min_players=8)
PER_NIGHT = 2
WINNER = "pied_piper"


def enchanted(game: Game) -> list[int]:
    seats: list[int] = game.state(CARD.id).setdefault("enchanted", [])
    return seats


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, piper: int) -> Handler[None]:
    """Exactly two when two or more un-enchanted others live, otherwise all that remain; or nobody."""
    spell = enchanted(game)
    targets = [s for s in game.living() if s != piper and s not in spell]
    if not targets:
        return

    def why_not(target: int) -> str | None:
        if target == piper:
            return "Der Flötenspieler kann sich nicht selbst verzaubern."
        if target in spell:
            return f"{game.name(target)} ist schon verzaubert."
        return f"{game.name(target)} ist tot."

    count = min(PER_NIGHT, len(targets))
    answers = yield [seats_choice(game, piper, "piper", targets, count, why_not=why_not, what="Flötenspieler")]
    chosen = answers[(piper, "piper")]
    if not chosen:
        return
    spell[:] = sorted({*spell, *chosen})
    game.emit("enchanting", visible_to=[piper], actor=piper, players=sorted(chosen))
    for seat in chosen:
        game.emit("enchanted", visible_to=[seat], player=seat)


def enchanted_step(game: Game, night: NightEffects) -> Handler[None]:
    awake = [s for s in enchanted(game) if game.players[s].alive]
    if not awake:
        return
    game.emit("enchanted_list", visible_to=awake, enchanted=awake)
    yield [confirm(s) for s in awake]


def all_enchanted(game: Game) -> Outcome | None:
    piper = game.holder(CARD.id)
    if piper is None:
        return None
    spell = enchanted(game)
    if all(s in spell for s in game.living() if s != piper):
        return WINNER, [piper]
    return None


ROLE = Role(
    card=CARD,
    steps=(
        NightStep("piper", Cadence.EVERY_NIGHT, step),
        NightStep("enchanted", Cadence.EVERY_NIGHT, enchanted_step),
    ),
    kinds=("piper",),
    events=("enchanting", "enchanted", "enchanted_list"),
    scenario=(ScenarioKey("piper", ("piper",)),),
    recommend=Recommendation(sets=(14,), large=8),
    victory=(VictoryCondition(WINNER, all_enchanted),),
)
