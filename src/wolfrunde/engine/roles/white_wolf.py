"""The Weißer Wolf: every second night he may kill another wolf; he wins only alone."""

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
    id="white_wolf",
    name="Weißer Wolf",
    side=Side.WOLVES,
    step="white_wolf",
    cadence="in der zweiten, vierten, sechsten … Nacht",
    is_wolf_card=True,
    description=(
        "Der Weiße Wolf jagt mit dem Rudel, will das Dorf aber für sich: Jede zweite Nacht darf er einen "
        "Werwolf töten. Er gewinnt nur, wenn er als Einziger übrig bleibt; ist er der letzte Wolf, gewinnt "
        "das Rudel nicht."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    white = game.holder("white_wolf")
    if white is None:
        return
    targets = [s for s in game.wolves() if s != white]

    def why_not(target: int) -> str | None:
        if target == white:
            return "Der Weiße Wolf kann sich nicht selbst wählen."
        if not game.players[target].alive:
            return f"{game.name(target)} ist schon tot."
        return f"{game.name(target)} ist kein Wolf; der Weiße Wolf jagt nur im Rudel."

    answers = yield [seat_choice(game, white, "white_wolf", targets, why_not=why_not, what="Opfer des Weißen Wolfs")]
    target = answers[(white, "white_wolf")]
    if target is not None:
        game.emit("white_wolf_victim", visible_to=[white], target=target)
        night.attacks.append((target, "white_wolf"))


STEPS = (NightStep("white_wolf", Cadence.EVEN_NIGHTS, ("white_wolf",), step),)
