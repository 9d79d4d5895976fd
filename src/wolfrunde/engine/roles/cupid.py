"""Amor makes two players lovers in night 1; the lovers then recognise each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import confirm, seats_choice

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="cupid",
    name="Amor",
    side=Side.VILLAGE,
    step="cupid",
    cadence="nur in der ersten Nacht",
    description=(
        "In der ersten Nacht verbindet Amor zwei Spieler zum Liebespaar. Stirbt einer der beiden, folgt ihm "
        "der andere aus Kummer. Die Verliebten erfahren, wer der andere ist — aber nicht dessen Rolle. "
        "Online dürfen sie sich ab der zweiten Nacht jede Nacht dreißig Sekunden lang flüsternd absprechen; "
        "am Tisch öffnen sie nach Amors Wahl kurz die Augen und erkennen sich."
    ),
)


def step(game: Game, night: NightEffects) -> Any:
    cupid = game.holder("cupid")
    if cupid is None:
        return
    answers = yield [seats_choice(game, cupid, "cupid", game.living(), 2, what="Amor")]
    pair = answers[(cupid, "cupid")]
    if pair is None:
        return
    first, second = sorted(pair)
    game.lovers = (first, second)
    game.emit("lovers", visible_to={cupid, first, second}, lovers=[first, second])


def lovers_step(game: Game, night: NightEffects) -> Any:
    if game.lovers is None:
        return
    awake = [s for s in game.lovers if game.players[s].alive]
    if awake:
        yield [confirm(s) for s in awake]


def partner(game: Game, seat: int) -> int | None:
    if game.lovers is None or seat not in game.lovers:
        return None
    first, second = game.lovers
    return second if seat == first else first


STEPS = (
    NightStep("cupid", Cadence.FIRST_NIGHT, ("cupid",), step),
    NightStep("lovers", Cadence.FIRST_NIGHT, ("cupid",), lovers_step),
)
