"""Small builders for engine tests: a game from role ids, a driver that answers by kind, and one that plays
a game out decision by decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from wolfrunde.engine import Game, Setup
from wolfrunde.simulation.runner import play_out

NAMES = (
    "Anna",
    "Ben",
    "Carl",
    "Dora",
    "Emil",
    "Frieda",
    "Gustav",
    "Hanna",
    "Ida",
    "Jonas",
    "Karl",
    "Lena",
    "Mia",
    "Nils",
    "Olga",
    "Paul",
    "Quirin",
    "Rosa",
    "Sven",
    "Tina",
    "Uwe",
    "Vera",
    "Willi",
    "Xenia",
    "Yusuf",
    "Zora",
)


def new_game(
    *roles: str,
    rules: str = "wolfrunde",
    mode: str = "online",
    center: tuple[str, ...] = (),
    seed: int = 0,
    meldeliste: bool = False,
) -> Game:
    return Game(
        Setup(
            names=NAMES[: len(roles)],
            roles=roles,
            center=center,
            rules=rules,
            mode=mode,
            seed=seed,
            meldeliste=meldeliste,
        )
    )


def seat(game: Game, name: str) -> int:
    return next(p.seat for p in game.players if p.name == name)


def answer(game: Game, **choices: Any) -> None:
    """Answer all open requests once: by kind from `choices` (names become seats), else the default."""
    for request in game.pending():
        if request.kind in choices:
            value = choices[request.kind]
            if callable(value):
                value = value(request)
            game.decide(request.seat, request.kind, _seats(game, value))
        else:
            game.decide(request.seat, request.kind, request.default)


def _seats(game: Game, value: Any) -> Any:
    if isinstance(value, str) and value in NAMES:
        return seat(game, value)
    if isinstance(value, list):
        return [_seats(game, v) for v in value]
    if isinstance(value, dict):
        return {k: _seats(game, v) for k, v in value.items()}
    return value


def run_until(game: Game, stop: Any, **choices: Any) -> None:
    """Answer requests (see `answer`) until `stop(game)` holds or the game ends."""
    for _ in range(500):
        if stop(game) or game.result is not None:
            return
        answer(game, **choices)
    raise AssertionError("run_until did not stop")


def kinds(game: Game) -> set[str]:
    return {r.kind for r in game.pending()}


def play_out_checking(game: Game, rng: random.Random, after: Callable[[], None]) -> None:
    """`simulation.runner.play_out` (the simulation's policy until the game is over), calling `after` after
    every decision it makes (where a test checks the game)."""
    decide = game.decide

    def decide_and_check(seat: int, kind: str, choice: Any) -> None:
        decide(seat, kind, choice)
        after()

    game.decide = decide_and_check  # type: ignore[method-assign]
    try:
        play_out(game, rng)
    finally:
        del game.decide
