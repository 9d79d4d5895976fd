"""The Hexe: one heal for an attacked player, one poison for anyone, each once per game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Request, Side
from wolfrunde.engine.role import Cause, NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="witch", name="Hexe", side=Side.VILLAGE, step="witch")


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, witch: int) -> Handler[None]:
    potions = game.card_state(witch)
    attacked = sorted({t.target for t in night.threats if game.is_wolf_attack(t.cause)})
    game.emit("attacked", visible_to=[witch], actor=witch, attacked=attacked)
    can_heal = not potions.get("heal_used") and bool(attacked)
    can_poison = not potions.get("poison_used")
    if not (can_heal or can_poison):
        return
    heal_choices = attacked if can_heal else []
    poison_choices = game.living() if can_poison else []

    def check(value: Any) -> dict[str, int | None]:
        if value is None:
            return {"heal": None, "poison": None}
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
        night.protect(choice["heal"], CARD.id)
        game.emit("healed", visible_to=[witch], actor=witch, player=choice["heal"])
    if choice["poison"] is not None:
        potions["poison_used"] = True
        night.threaten(choice["poison"], "poison")
        game.emit("poisoned", visible_to=[witch], actor=witch, player=choice["poison"])


def _name(game: Game, seat: int) -> str:
    return game.name(seat) if 0 <= seat < len(game.players) else repr(seat)


ROLE = Role(
    card=CARD,
    steps=(NightStep("witch", Cadence.EVERY_NIGHT, step),),
    kinds=("witch",),
    events=("attacked", "healed", "poisoned"),
    causes=(Cause("poison"),),
    scenario=(ScenarioKey("witch", ("witch",)),),
    recommend=Recommendation(sets=tuple(range(4, 19)), large=2, duesterwald_from=5),
    visible_state=("heal_used", "poison_used"),
)
