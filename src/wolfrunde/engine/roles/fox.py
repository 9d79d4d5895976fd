"""The Fuchs sniffs a group of three; a "no" costs him his nose."""

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
    id="fox",
    name="Fuchs",
    side=Side.VILLAGE,
    step="fox",
    cadence="jede Nacht, solange er seine Nase hat",
    description=(
        "Jede Nacht schnuppert der Fuchs an einem Spieler und dessen beiden Sitznachbarn: Ist ein Werwolf "
        "darunter, erfährt er es. Ist keiner darunter, verliert er seine Nase für den Rest der Partie."
    ),
)


def group(game: Game, centre: int) -> list[int]:
    return sorted({game.neighbour(centre, +1), centre, game.neighbour(centre, -1)})


def step(game: Game, night: NightEffects) -> Any:
    fox = game.holder("fox")
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
    game.emit("sniffed", visible_to=[fox], player=centre, group=sniffed, wolf_found=found)


STEPS = (NightStep("fox", Cadence.EVERY_NIGHT, ("fox",), step),)
