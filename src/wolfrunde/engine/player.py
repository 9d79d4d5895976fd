"""A seat at the table and what it holds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    card: str
    alive: bool = True
    infected: bool = False
    # what is written on the card (potions used, the model, the chosen side …): travels with the card
    card_state: dict[str, Any] = field(default_factory=dict)
    # what the seat itself remembers across nights, independent of its card
    memory: dict[str, Any] = field(default_factory=dict)
