"""Role cards as data, and the registry that collects one card per role module."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache

from wolfrunde.engine.model import Mode, Side

ALL_MODES: tuple[Mode, ...] = (Mode.ONLINE, Mode.TABLE_SINGLE_DEVICE, Mode.TABLE_OWN_DEVICES)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    side: Side
    description: str
    step: str | None = None  # the night step in which the role acts, if any
    cadence: str = "never"  # German: when it wakes
    min_players: int = 0
    modes: tuple[Mode, ...] = ALL_MODES
    cards_per_set: int = 1  # how many cards of this role a game has: 0 = any number
    is_wolf_card: bool = False
    aliases: tuple[str, ...] = ()


@cache
def all_cards() -> dict[str, Card]:
    """Every role card, found by scanning `wolfrunde.engine.roles` (adding a role is adding a file)."""
    from wolfrunde.engine import roles

    cards: dict[str, Card] = {}
    for info in pkgutil.iter_modules(roles.__path__):
        module = importlib.import_module(f"{roles.__name__}.{info.name}")
        card = getattr(module, "CARD", None)
        if isinstance(card, Card):
            cards[card.id] = card
    return cards


def card(role_id: str) -> Card:
    return all_cards()[role_id]
