"""The Fuchs sniffs a group of three; a "no" costs him his nose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="fox", name="Fuchs", side=Side.VILLAGE, step="fox")


def group(game: Game, centre: int) -> list[int]:
    return sorted({game.neighbour(centre, +1), centre, game.neighbour(centre, -1)})


def step(game: Game, night: NightEffects) -> Handler[None]:
    fox = game.holder(CARD.id)
    if fox is None or game.card_state(fox).get("nose_lost"):
        return
    answers = yield [seat_choice(game, fox, "fox", game.living(), what="Fuchs")]
    centre = answers[(fox, "fox")]
    if centre is None:
        return
    sniffed = group(game, centre)
    found = any(game.is_wolf(s) for s in sniffed)
    if not found:
        game.card_state(fox)["nose_lost"] = True
    game.emit("sniffed", visible_to=[fox], actor=fox, player=centre, group=sniffed, wolf_found=found)


ROLE = Role(
    card=CARD,
    steps=(NightStep("fox", Cadence.EVERY_NIGHT, step),),
    kinds=("fox",),
    events=("sniffed",),
    scenario=(ScenarioKey("fox", ("fox",)),),
    recommend=Recommendation(sets=(13, 14, 16, 18), large=10),
    visible_state=("nose_lost",),
)
