"""The Seherin learns the card a player holds now (and, for some cards, its side)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import NightStep, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="seer", name="Seherin", side=Side.VILLAGE, step="seer")


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, seer: int) -> Handler[None]:
    targets = [s for s in game.living() if s != seer]

    def why_not(target: int) -> str | None:
        if target == seer:
            return "Die Seherin kennt ihre eigene Karte schon."
        return f"{game.name(target)} ist tot."

    answers = yield [seat_choice(game, seer, "seer", targets, why_not=why_not, what="Seherin")]
    target = answers[(seer, "seer")]
    if target is None:
        return
    role = game.players[target].card
    data: dict[str, Any] = {"actor": seer, "player": target, "role": role}
    if game.card_of(target).shows_side:
        data["side"] = game.side(target).value
    game.memory(seer).setdefault("seen", {})[target] = game.side(target).value
    game.emit("seen", visible_to=[seer], reveals={target: role}, **data)


def findings(game: Game, seat: int) -> dict[int, str]:
    """The sides she has seen (what she would tell the village)."""
    seen: dict[int, str] = game.memory(seat).get("seen", {})
    return dict(seen)


ROLE = Role(
    card=CARD,
    steps=(NightStep("seer", Cadence.EVERY_NIGHT, step),),
    kinds=("seer",),
    events=("seen",),
    scenario=(ScenarioKey("seer", ("seer",)),),
    recommend=Recommendation(sets=tuple(range(3, 19)), large=1, duesterwald_from=3),
    findings=findings,
)
