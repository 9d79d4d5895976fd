"""The order of a game: night 1, dawn, day 1, night 2 … until a side has won."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wolfrunde.engine import dawn, day
from wolfrunde.engine.model import Phase, Request
from wolfrunde.engine.night_order import steps_for

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

Flow = Generator[list[Request], dict[tuple[int, str], Any], None]


@dataclass(slots=True)
class NightEffects:
    """What the night's decisions set up for dawn to resolve."""

    guarded: int | None = None
    pack_victim: int | None = None
    attacks: list[tuple[int, str]] = field(default_factory=list)  # (target, cause) of wolf attacks
    heal: int | None = None
    poison: int | None = None
    caught: int | None = None
    accusation: int | None = None
    dog: tuple[int, int, bool] | None = None


def play(game: Game) -> Flow:
    game.emit("game_start", rules=game.rules.value, mode=game.mode.value, players=list(range(len(game.players))))
    for player in game.players:
        game.emit(
            "role", visible_to=[player.seat], reveals={player.seat: player.card}, player=player.seat, role=player.card
        )
    yield from _announce_companions(game)
    while game.result is None:
        game.round += 1
        yield from night(game)
        if game.result is not None:
            break
        yield from day.run(game)
    game.phase = Phase.OVER
    game.step = None


def _announce_companions(game: Game) -> Flow:
    """Schwestern and Brüder know each other from the start (their cards say so)."""
    for role in ("sister", "brother"):
        seats = game.holders(role)
        if len(seats) > 1:
            game.emit("companions", visible_to=seats, reveals={s: role for s in seats}, role=role, members=seats)
    return
    yield


def night(game: Game) -> Flow:
    game.phase = Phase.NIGHT
    game.night = NightEffects()
    game.emit("night", round=game.round)
    for step in steps_for(game):
        game.boundary()
        game.step = step.id
        game.emit("step", round=game.round, step=step.id)
        yield from step.run(game, game.night)
    game.boundary()
    game.step = None
    yield from dawn.resolve(game)
