"""The engine's cost of one seat's view: `view.for_seat` for every seat of `--games` random games of
`--players` players, each played `--steps` rounds of requests into the game (`--steps 0`: to its end).
Prints the time per view in µs (medians of `--runs`); the server builds one for every seat whose view
changed, so this is the engine's part of what a decision costs the server.

    .venv/bin/python bench/views.py --games 20 --players 10 --steps 8 --runs 7
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from wolfrunde.engine import Game
from wolfrunde.engine.view import for_seat
from wolfrunde.simulation.policy import choose
from wolfrunde.simulation.runner import play_out, random_setup


def played(seed: int, players: int, steps: int) -> Game:
    """A random game of `players`, its open requests answered `steps` times (0: until it ends)."""
    game = Game(random_setup(players, seed))
    rng = random.Random(seed)
    if steps == 0:
        return play_out(game, rng)
    for _ in range(steps):
        if game.result is not None:
            break
        for request in game.pending():
            game.decide(request.seat, request.kind, choose(game, request, rng))
    return game


def microseconds_per_view(games: list[Game], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for game in games:
            for seat in range(len(game.players)):
                for_seat(game, seat)
    return (time.perf_counter() - start) / views_per_run(games, repeat) * 1e6


def views_per_run(games: list[Game], repeat: int) -> int:
    return repeat * sum(len(game.players) for game in games)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    games = [played(seed, args.players, args.steps) for seed in range(args.games)]
    runs = [microseconds_per_view(games, args.repeat) for _ in range(args.runs)]
    return {
        "games": len(games),
        "ended": sum(game.result is not None for game in games),
        "players": args.players,
        "views_per_run": views_per_run(games, args.repeat),
        "us_per_view": round(statistics.median(runs), 2),
        "runs_us": [round(run, 2) for run in runs],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--steps", type=int, default=8, help="rounds of requests answered (0: to the end)")
    parser.add_argument("--repeat", type=int, default=30, help="times every view is built in one run")
    parser.add_argument("--runs", type=int, default=7)
    print(json.dumps(measure(parser.parse_args())))


if __name__ == "__main__":
    main()
