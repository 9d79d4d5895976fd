"""The order of a game: night 1, dawn, day 1, night 2 … until a side has won."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine import dawn, day
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Handler, Phase
from wolfrunde.engine.night_order import steps_for

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game


def play(game: Game) -> Handler[None]:
    game.emit("game_start", rules=game.rules.value, mode=game.mode.value, players=list(range(len(game.players))))
    for player in game.players:
        game.emit(
            "role", visible_to=[player.seat], reveals={player.seat: player.card}, player=player.seat, role=player.card
        )
    for role in game.table.roles:
        if role.on_game_start is not None:
            role.on_game_start(game)
    while game.result is None:
        game.round += 1
        yield from night(game)
        if game.result is not None:
            break
        yield from day.run(game)
    game.phase = Phase.OVER
    game.step = None


def night(game: Game) -> Handler[None]:
    game.phase = Phase.NIGHT
    effects = game.night = NightEffects()
    game.emit("night", round=game.round)
    for step in steps_for(game):
        game.boundary()
        game.step = step.id
        game.emit("step", round=game.round, step=step.id)
        yield from step.run(game, effects)
    game.boundary()
    game.step = None
    yield from dawn.resolve(game, effects)
