"""The Jäger takes someone with him when he dies, for any cause; he may let the shot go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine import deaths
from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Handler, Phase, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import POWERS_PASSED, Cause, Consequence, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="hunter", name="Jäger", side=Side.VILLAGE)


def loaded(game: Game) -> list[int]:
    """Dead Jäger whose shot has neither been fired nor passed on (to the Magd)."""
    return [
        p.seat
        for p in game.players
        if not p.alive and p.card == CARD.id and not (p.card_state.get("shot") or p.card_state.get(POWERS_PASSED))
    ]


def shoot(game: Game) -> Handler[bool]:
    """The first dead Jäger with his shot decides it (the dead man himself is asked)."""
    ready = loaded(game)
    if not ready or not game.living():
        return False
    hunter = ready[0]
    game.card_state(hunter)["shot"] = True
    answers = yield [seat_choice(game, hunter, "hunter", game.living(), what="Schuss des Jägers")]
    target = answers[(hunter, "hunter")]
    game.emit("shot", player=hunter, target=target)
    if target is not None:
        deaths.kill_all(game, {target: "hunter"})
    return True


ROLE = Role(
    card=CARD,
    kinds=("hunter",),
    harms=("hunter",),
    events=("shot",),
    causes=(Cause("hunter", public=True),),
    scenario=(ScenarioKey("hunter", ("hunter",), phases=(Phase.NIGHT, Phase.DAY), posthumous=True),),
    recommend=Recommendation(sets=(6, 7, *range(9, 19)), large=3, duesterwald_from=7),
    consequences=(Consequence("hunter_shot", shoot),),
    visible_state=("shot",),
)
