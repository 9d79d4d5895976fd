"""The Seherin learns the card a player holds now."""

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
    id="seer",
    name="Seherin",
    side=Side.VILLAGE,
    step="seer",
    cadence="jede Nacht",
    description=(
        "Die Seherin erfährt jede Nacht die wahre Rolle eines Mitspielers. Sie weiß am meisten und ist "
        "deshalb das gefährlichste Ziel der Wölfe: Verrät sie ihr Wissen zu offen, lebt sie nicht mehr lange."
    ),
)

SHOWS_SIDE = ("border_crosser", "foundling")


def step(game: Game, night: NightEffects) -> Any:
    seer = game.holder("seer")
    if seer is None:
        return
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
    data: dict[str, Any] = {"player": target, "role": role}
    if role in SHOWS_SIDE:
        data["side"] = game.side(target).value
    game.memory(seer).setdefault("seen", {})[target] = game.side(target).value
    game.emit("seen", visible_to=[seer], reveals={target: role}, **data)


STEPS = (NightStep("seer", Cadence.EVERY_NIGHT, ("seer",), step),)
