"""Die Schwestern: two cards that know each other and wake together every second night."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Side
from wolfrunde.engine.requests import confirm
from wolfrunde.engine.role import NightStep, Recommendation, Role

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def wake_together(role_id: str) -> Callable[[Game, NightEffects], Handler[None]]:
    def step(game: Game, night: NightEffects) -> Handler[None]:
        awake = game.holders(role_id)
        if awake:
            yield [confirm(s) for s in awake]

    return step


def know_each_other(role_id: str) -> Callable[[Game], None]:
    """From the start the holders of these cards know each other (their cards say so)."""

    def announce(game: Game) -> None:
        seats = game.holders(role_id)
        if len(seats) > 1:
            game.emit("companions", visible_to=seats, reveals={s: role_id for s in seats}, role=role_id, members=seats)

    return announce


def siblings(
    card_id: str, name: str, alias: str, step: str, cards: int, min_players: int, recommend: Recommendation
) -> Role:
    """The role of a set of `cards` village cards that know each other from the start and wake together
    on the odd nights (`alias`: the singular, one card's name, which a scenario may use too)."""
    card = Card(
        card_id, name, Side.VILLAGE, step, min_players=min_players, cards_per_set=cards, aliases=(alias,), one=alias
    )
    return Role(
        card=card,
        steps=(NightStep(step, Cadence.ODD_NIGHTS, wake_together(card_id)),),
        recommend=recommend,
        on_game_start=know_each_other(card_id),
    )


RECOMMEND = Recommendation(sets=(8, 9, 12, 14, 16, 18), large=6)
ROLE = siblings("sister", "Schwestern", "Schwester", "sisters", cards=2, min_players=8, recommend=RECOMMEND)
CARD = ROLE.card
