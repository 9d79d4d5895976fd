"""The Werwolf rules engine: pure, deterministic, replayable. See docs/engine-api.md."""

from wolfrunde.engine.cards import Card, all_cards, card
from wolfrunde.engine.errors import EngineFault, IllegalMove, SetupError
from wolfrunde.engine.game import Game
from wolfrunde.engine.model import Event, Mode, Request, Rules, Side
from wolfrunde.engine.recommend import recommended_roles
from wolfrunde.engine.setup import Setup

__all__ = [
    "Card",
    "EngineFault",
    "Event",
    "Game",
    "IllegalMove",
    "Mode",
    "Request",
    "Rules",
    "Setup",
    "SetupError",
    "Side",
    "all_cards",
    "card",
    "recommended_roles",
]
