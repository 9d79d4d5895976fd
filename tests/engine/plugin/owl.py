"""Die Eule: a test-only role added from this file alone (and its data file `owl.json`).

Every night after the Seherin she watches over one living player other than herself: that player
cannot be killed by wolves that night, and at dawn she alone learns whether the wolves came for him.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.registry import is_wolf_attack
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import NightStep, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

TEXTS = Path(__file__).with_name("owl.json")
CARD = Card(id="owl", name="Eule", side=Side.VILLAGE, step="owl")


def watch(game: Game, night: NightEffects) -> Handler[None]:
    owl = game.holder(CARD.id)
    if owl is None:
        return
    targets = [s for s in game.living() if s != owl]
    answers = yield [seat_choice(game, owl, "owl", targets, what="Eule")]
    target = answers[(owl, "owl")]
    if target is None:
        return
    game.card_state(owl)["watched"] = target
    night.note(CARD.id)["watched"] = (owl, target)
    night.protect(target, CARD.id)


def report(game: Game, night: NightEffects) -> None:
    """At dawn, after the morning: did the wolves come for the one she watched?"""
    watched = night.note(CARD.id).get("watched")
    if watched is None:
        return
    owl, target = watched
    came = any(t.target == target and is_wolf_attack(t.cause) for t in night.threats)
    game.emit("owl_saw", visible_to=[owl], actor=owl, player=target, wolves_came=came)


ROLE = Role(
    card=CARD,
    steps=(NightStep("owl", Cadence.EVERY_NIGHT, watch, after="seer"),),
    kinds=("owl",),
    events=("owl_saw",),
    scenario=(ScenarioKey("owl", ("owl",)),),
    visible_state=("watched",),
    after_morning=report,
)
