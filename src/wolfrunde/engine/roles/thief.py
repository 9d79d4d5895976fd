"""The Dieb may swap his card for one of the two in the centre in night 1."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card, card
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Cadence, Request, Side
from wolfrunde.engine.night_order import NightStep

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="thief",
    name="Dieb",
    side=Side.VILLAGE,
    step="thief",
    cadence="nur in der ersten Nacht",
    description=(
        "Beim Austeilen bleiben zwei Karten übrig. Der Dieb sieht sie in der ersten Nacht und darf eine "
        "davon gegen seine eigene tauschen — oder seine behalten und als Dorfbewohner weiterspielen. Sind "
        "beide Karten Werwölfe, muss er tauschen."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    thief = game.holder("thief")
    if thief is None or len(game.center) != 2:
        return
    centre = list(game.center)
    game.emit("centre_cards", visible_to=[thief], reveals={}, cards=centre)
    must_take = all(card(role).is_wolf_card for role in centre)

    def check(value: Any) -> str | None:
        if value is None:
            if must_take:
                raise IllegalMove("Dieb: beide Karten in der Mitte sind Wölfe, er muss eine nehmen.")
            return None
        if value not in centre:
            shown = " und ".join(card(r).name for r in centre)
            raise IllegalMove(f"Dieb: in der Mitte liegen {shown}, nicht „{value}“.")
        return str(value)

    default = game.rng.choice(centre) if must_take else None
    options = {"type": "card", "choices": centre, "optional": not must_take}
    answers = yield [Request(thief, "thief", options, default, check)]
    taken = answers[(thief, "thief")]
    if taken is None:
        return
    game.center[centre.index(taken)] = "thief"
    game.players[thief].card = taken
    game.emit("thief_took", visible_to=[thief], reveals={thief: taken}, role=taken)


STEPS = (NightStep("thief", Cadence.FIRST_NIGHT, ("thief",), step),)
