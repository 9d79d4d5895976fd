"""The Urwolf: once per game, the pack's victim is infected instead of killed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.requests import yes_no

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="primal_wolf",
    name="Urwolf",
    side=Side.WOLVES,
    step="werewolves",
    cadence="jede Nacht mit dem Rudel",
    is_wolf_card=True,
    description=(
        "Einmal im Spiel darf der Urwolf das Opfer des Rudels infizieren statt töten: Es überlebt, behält "
        "Rolle und Fähigkeiten und gehört von nun an heimlich zu den Wölfen. Am Morgen heißt es, niemand "
        "sei gestorben."
    ),
)


def offer_infection(game: Game, night: NightEffects, victim: int) -> Any:
    """Ask the Urwolf; returns True when the victim is not attacked (infected, or the try was blocked)."""
    urwolf = game.holder("primal_wolf")
    if urwolf is None or not game.is_wolf(urwolf) or game.card_state(urwolf).get("used"):
        return False
    answers = yield [yes_no(urwolf, "infect", what="Infizieren")]
    if not answers[(urwolf, "infect")]:
        return False
    if night.guarded == victim:
        game.emit("infection_blocked", visible_to=[urwolf], target=victim)
        return True
    game.card_state(urwolf)["used"] = True
    game.players[victim].infected = True
    game.emit("infected", visible_to=[*game.wolves()], player=victim)
    return True
