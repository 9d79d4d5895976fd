"""The Denunziant's letter: public in the morning, two extra votes at the next day's first vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="denouncer", name="Denunziant", side=Side.VILLAGE, step="denouncer")
EXTRA_VOTES = 2


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, denouncer: int) -> Handler[None]:
    targets = [s for s in game.living() if s != denouncer]

    def why_not(target: int) -> str | None:
        if target == denouncer:
            return "Der Denunziant kann sich nicht selbst anschwärzen."
        return f"{game.name(target)} ist tot."

    answers = yield [seat_choice(game, denouncer, "denouncer", targets, why_not=why_not, what="Denunziant")]
    target = answers[(denouncer, "denouncer")]
    if target is not None:
        night.note(CARD.id)["accused"] = target
        game.emit("letter_written", visible_to=[denouncer], actor=denouncer, accused=target)


def publish(game: Game, night: NightEffects) -> None:
    """In the morning everyone reads the letter (not who wrote it)."""
    accused = night.note(CARD.id).get("accused")
    if accused is not None:
        game.emit("accusation", accused=accused)
        game.state(CARD.id).update(accused=accused, day=game.round)


def extra_votes(game: Game) -> dict[int, int]:
    """The first vote of the letter's day starts with two votes on the accused (if he still lives); on a
    later day it counts no more. The letter counts even if the Denunziant died since. Reading it changes
    nothing, so the live tally of the open vote (`votes.live`) shows the same two votes."""
    state = game.state(CARD.id)
    accused = state.get("accused")
    if accused is None or state.get("day") != game.round or not game.players[accused].alive:
        return {}
    return {accused: EXTRA_VOTES}


ROLE = Role(
    card=CARD,
    steps=(NightStep("denouncer", Cadence.EVERY_NIGHT, step),),
    kinds=("denouncer",),
    events=("letter_written", "accusation"),
    scenario=(ScenarioKey("denouncer", ("denouncer",)),),
    recommend=Recommendation(sets=(17,), large=16),
    after_morning=publish,
    extra_votes=extra_votes,
)
