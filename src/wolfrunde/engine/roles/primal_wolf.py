"""The Urwolf: once per game, the pack's victim is infected instead of killed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import INFECTION, NightEffects
from wolfrunde.engine.model import Handler, Side
from wolfrunde.engine.requests import yes_no
from wolfrunde.engine.role import Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="primal_wolf", name="Urwolf", side=Side.WOLVES, step="werewolves", is_wolf_card=True)


def offer_infection(game: Game, night: NightEffects, victim: int) -> Handler[bool]:
    """Asked after the pack chose; returns True when the victim is not attacked (infected, or the try was
    blocked by a guard: then the power is kept). Only the pack sees anything of it."""
    urwolf = game.holder(CARD.id)
    if urwolf is None or not game.is_wolf(urwolf) or game.card_state(urwolf).get("used"):
        return False
    answers = yield [yes_no(urwolf, "infect", what="Infizieren")]
    if not answers[(urwolf, "infect")]:
        return False
    if night.protector(victim, INFECTION) is not None:
        game.emit("infection_blocked", visible_to=[urwolf], actor=urwolf, target=victim)
        return True
    game.card_state(urwolf)["used"] = True
    game.players[victim].infected = True
    game.emit("infected", visible_to=[*game.wolves()], player=victim)
    return True


ROLE = Role(
    card=CARD,
    kinds=("infect",),
    events=("infected", "infection_blocked"),
    scenario=(ScenarioKey("infect", ("infect",)),),
    recommend=Recommendation(sets=(17, 18), large=1),
    visible_state=("used",),
    on_pack_victim=offer_infection,
)
