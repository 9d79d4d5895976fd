"""A night step that only one card's living holder takes."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Handler

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

HolderStep = Callable[["Game", NightEffects, int], Handler[None]]
"""A night step's work for its card's holder, who is given as the third argument."""


def by_holder(card_id: str) -> Callable[[HolderStep], Callable[[Game, NightEffects], Handler[None]]]:
    """A night step that only the living holder of `card_id` takes: the step is still called on all its
    nights (so the call tells nothing), and it asks nothing when nobody living holds the card."""

    def step_for(act: HolderStep) -> Callable[[Game, NightEffects], Handler[None]]:
        @functools.wraps(act)
        def step(game: Game, night: NightEffects) -> Handler[None]:
            holder = game.holder(card_id)
            if holder is not None:
                yield from act(game, night, holder)

        return step

    return step_for
