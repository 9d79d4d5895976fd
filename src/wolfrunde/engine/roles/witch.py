"""The Hexe: one heal for an attacked player, one poison for anyone, each once per game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Cadence, Request, Side
from wolfrunde.engine.night_order import NightStep

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="witch",
    name="Hexe",
    side=Side.VILLAGE,
    step="witch",
    cadence="jede Nacht",
    description=(
        "Die Hexe besitzt zwei Tränke, jeden nur ein einziges Mal im Spiel: Mit dem Heiltrank rettet sie "
        "das Opfer der Wölfe, mit dem Gifttrank tötet sie einen beliebigen Spieler."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    witch = game.holder("witch")
    if witch is None:
        return
    potions = game.card_state(witch)
    attacked = sorted({target for target, _ in night.attacks})
    game.emit("attacked", visible_to=[witch], attacked=attacked)
    can_heal = not potions.get("heal_used") and bool(attacked)
    can_poison = not potions.get("poison_used")
    if not (can_heal or can_poison):
        return
    heal_choices = attacked if can_heal else []
    poison_choices = game.living() if can_poison else []

    def check(value: Any) -> dict[str, int | None]:
        if value is None:
            return {"heal": None, "poison": None}
        if not isinstance(value, dict) or set(value) - {"heal", "poison"}:
            raise IllegalMove('Hexe: erwartet wird {"heal": Spieler, "poison": Spieler}.')
        heal, poison = value.get("heal"), value.get("poison")
        if heal is not None:
            if potions.get("heal_used"):
                raise IllegalMove("Hexe: der Heiltrank ist schon verbraucht.")
            if heal not in heal_choices:
                raise IllegalMove(f"Hexe: {_name(game, heal)} wurde heute Nacht nicht angegriffen.")
        if poison is not None:
            if potions.get("poison_used"):
                raise IllegalMove("Hexe: der Gifttrank ist schon verbraucht.")
            if poison not in poison_choices:
                raise IllegalMove(f"Hexe: {_name(game, poison)} lebt nicht mehr.")
        return {"heal": heal, "poison": poison}

    options = {"type": "witch", "heal": heal_choices, "poison": poison_choices}
    answers = yield [Request(witch, "witch", options, {"heal": None, "poison": None}, check)]
    choice = answers[(witch, "witch")]
    if choice["heal"] is not None:
        potions["heal_used"] = True
        night.heal = choice["heal"]
        game.emit("healed", visible_to=[witch], player=choice["heal"])
    if choice["poison"] is not None:
        potions["poison_used"] = True
        night.poison = choice["poison"]
        game.emit("poisoned", visible_to=[witch], player=choice["poison"])


def _name(game: Game, seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(game.players):
        return game.name(seat)
    return repr(seat)


STEPS = (NightStep("witch", Cadence.EVERY_NIGHT, ("witch",), step),)
