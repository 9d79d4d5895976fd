"""The Dieb may swap his card for one of the two in the centre in night 1."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card, card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Cadence, Handler, Request, Side
from wolfrunde.engine.role import Absent, NightStep, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="thief", name="Dieb", side=Side.VILLAGE, step="thief", centre_cards=2)


def step(game: Game, night: NightEffects) -> Handler[None]:
    thief = game.holder(CARD.id)
    if thief is None or len(game.center) != CARD.centre_cards:
        return
    centre = list(game.center)
    game.emit("centre_cards", visible_to=[thief], reveals={}, actor=thief, cards=centre)
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

    default = game.chance.secret.choice(centre) if must_take else None
    options = {"type": "card", "choices": centre, "optional": not must_take}
    answers = yield [Request(thief, "thief", options, default, check)]
    taken = answers[(thief, "thief")]
    if taken is None:
        return
    game.center[centre.index(taken)] = CARD.id
    game.players[thief].card = taken
    game.emit("thief_took", visible_to=[thief], reveals={thief: taken}, actor=thief, role=taken)


ROLE = Role(
    card=CARD,
    steps=(NightStep("thief", Cadence.FIRST_NIGHT, step),),
    kinds=("thief",),
    events=("centre_cards", "thief_took"),
    scenario=(ScenarioKey("thief", ("thief",), absent=Absent.NOTHING),),
)
