"""Werwörter: the word-guessing werewolf game, as a pure rules engine (no I/O, no clock)."""

from wolfrunde.werwoerter.decisions import Decision, Kind, Request
from wolfrunde.werwoerter.errors import IllegalMove
from wolfrunde.werwoerter.game import Game
from wolfrunde.werwoerter.game_setup import Setup
from wolfrunde.werwoerter.hints import Hint
from wolfrunde.werwoerter.markers import Marker
from wolfrunde.werwoerter.roles import Role, Side
from wolfrunde.werwoerter.state import Ending, Phase

__all__ = [
    "Decision",
    "Ending",
    "Game",
    "Hint",
    "IllegalMove",
    "Kind",
    "Marker",
    "Phase",
    "Request",
    "Role",
    "Setup",
    "Side",
]
