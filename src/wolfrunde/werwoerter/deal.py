"""Dealing the cards, including the rule for the Bürgermeister card left in the centre."""

from __future__ import annotations

import random
from dataclasses import dataclass

from wolfrunde.werwoerter.game_setup import Setup
from wolfrunde.werwoerter.roles import MAYOR_CARD, Role, deck


@dataclass(frozen=True)
class Deal:
    roles: tuple[Role, ...]
    """The secret role of each seat (the Bürgermeister's is the card he took from the centre)."""
    mayor: int
    from_center: bool
    """True when the Bürgermeister card lay in the centre and the player left of the last one took it."""
    redeals: int
    """How often the very first game had to be dealt anew because nobody got the Bürgermeister."""


def deal(setup: Setup, rng: random.Random) -> Deal:
    """One card per seat and one in the centre; the Bürgermeister card holder takes the centre card."""
    players = len(setup.players)
    redeals = 0
    if setup.cards is not None:
        cards = list(setup.cards)
    else:
        cards = list(deck(players))
        rng.shuffle(cards)
        while cards[-1] == MAYOR_CARD and setup.last_mayor is None:
            redeals += 1
            rng.shuffle(cards)
    seats, center = cards[:-1], cards[-1]
    if center == MAYOR_CARD:
        assert setup.last_mayor is not None
        mayor = (setup.last_mayor + 1) % players  # the left neighbour is the next seat
        return Deal(tuple(Role(card) for card in seats), mayor, True, redeals)
    mayor = seats.index(MAYOR_CARD)
    seats[mayor] = center
    return Deal(tuple(Role(card) for card in seats), mayor, False, redeals)
