"""The Ritter: killed by wolves, his rusty blade kills the first wolf to his left at the next dawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Cause, Recommendation, Role

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="knight", name="Ritter", side=Side.VILLAGE)
BLADE = "rusty_blade"


def wound(game: Game, knight: int, cause: str) -> None:
    """Killed by a wolf attack: mark the first living wolf-side player to his left (after the deaths of
    that dawn) for the next dawn. Vote, poison, shot and grief trigger nothing."""
    if not game.is_wolf_attack(cause):
        return
    seat = knight
    for _ in range(len(game.players)):
        seat = (seat + 1) % len(game.players)
        if seat == knight:
            return
        if game.players[seat].alive and game.is_wolf(seat):
            game.state(CARD.id).setdefault("blade", []).append(seat)
            game.emit("blade_wound", visible_to=[], player=seat)
            return


def due(game: Game) -> list[tuple[int, str]]:
    """The blade's victims die at this dawn (if they still live)."""
    marked: list[int] = game.state(CARD.id).pop("blade", [])
    return [(seat, BLADE) for seat in marked]


ROLE = Role(
    card=CARD,
    events=("blade_wound",),
    causes=(Cause(BLADE, public=True),),
    recommend=Recommendation(sets=(15, 18), large=11),
    on_death=wound,
    dawn_threats=due,
)
