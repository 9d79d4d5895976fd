"""The Flötenspieler enchants two a night and wins when every other living player is enchanted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import confirm, seats_choice

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="piper",
    name="Flötenspieler",
    side=Side.PIPER,
    step="piper",
    cadence="jede Nacht",
    min_players=8,
    description=(
        "Der Flötenspieler gehört weder zum Dorf noch zu den Wölfen. Jede Nacht verzaubert er zwei "
        "Mitspieler; die Verzauberten erkennen einander, wissen aber nicht, wer spielt. Sind alle anderen "
        "Lebenden verzaubert, gewinnt er allein. Ab acht Spielern."
    ),
)

PER_NIGHT = 2


def step(game: Game, night: NightEffects) -> Any:
    piper = game.holder("piper")
    if piper is None:
        return
    targets = [s for s in game.living() if s != piper and s not in game.enchanted]
    if not targets:
        return

    def why_not(target: int) -> str | None:
        if target == piper:
            return "Der Flötenspieler kann sich nicht selbst verzaubern."
        if target in game.enchanted:
            return f"{game.name(target)} ist schon verzaubert."
        return f"{game.name(target)} ist tot."

    count = min(PER_NIGHT, len(targets))
    answers = yield [seats_choice(game, piper, "piper", targets, count, why_not=why_not, what="Flötenspieler")]
    chosen = answers[(piper, "piper")]
    if not chosen:
        return
    game.enchanted.update(chosen)
    game.emit("enchanting", visible_to=[piper], players=sorted(chosen))
    for seat in chosen:
        game.emit("enchanted", visible_to=[seat], player=seat)


def enchanted_step(game: Game, night: NightEffects) -> Any:
    awake = [s for s in sorted(game.enchanted) if game.players[s].alive]
    if not awake:
        return
    game.emit("enchanted_list", visible_to=awake, enchanted=awake)
    yield [confirm(s) for s in awake]


STEPS = (
    NightStep("piper", Cadence.EVERY_NIGHT, ("piper",), step),
    NightStep("enchanted", Cadence.EVERY_NIGHT, ("piper",), enchanted_step),
)
