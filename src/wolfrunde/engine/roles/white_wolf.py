"""The Weißer Wolf: every second night he may kill another wolf; he wins only alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.holder_step import by_holder
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.player import Player
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Cause, NightStep, Outcome, Recommendation, Role, ScenarioKey, VictoryCondition

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="white_wolf", name="Weißer Wolf", side=Side.WOLVES, step="white_wolf", is_wolf_card=True)
ALONE = "white_wolf"


@by_holder(CARD.id)
def step(game: Game, night: NightEffects, white: int) -> Handler[None]:
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
        game.emit("white_wolf_victim", visible_to=[white], actor=white, target=target)
        night.threaten(target, "white_wolf")


def wins_alone(player: Player) -> str | None:
    """He hunts with the pack but never shares its win (nor does a couple he is part of)."""
    return None if player.infected else ALONE


def last_one(game: Game) -> Outcome | None:
    white = game.holder(CARD.id)
    return (ALONE, [white]) if white is not None and game.living() == [white] else None


ROLE = Role(
    card=CARD,
    steps=(NightStep("white_wolf", Cadence.EVEN_NIGHTS, step),),
    kinds=("white_wolf",),
    harms=("white_wolf",),
    events=("white_wolf_victim",),
    causes=(Cause("white_wolf", wolf_attack=True),),
    scenario=(ScenarioKey("white_wolf", ("white_wolf",)),),
    recommend=Recommendation(sets=(16, 17, 18), large=2),
    win_side=wins_alone,
    victory=(VictoryCondition(ALONE, last_one),),
)
