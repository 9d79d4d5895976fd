"""What a watcher adds to each change of an online room: `OnlineGame.spectator_message` (the events every
seat was shown, and their lines) after every decision of `--games` random games of `--players`, every seat
shown its view after each decision. A room makes that message at every change while someone watches it.
Prints the time per change in µs over the whole games and over their last quarter (where each seat holds
the most events), medians of `--runs`.

    .venv/bin/python bench/spectators.py --games 10 --players 10 --runs 5
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.paced_game import Shown
from wolfrunde.simulation.policy import choose
from wolfrunde.simulation.runner import random_setup
from wolfrunde.store import default_url

MAX_DECISIONS = 3000


def watched_game(seed: int, players: int, folder: Path) -> OnlineGame:
    setup = dataclasses.asdict(random_setup(players, seed, mode="online"))
    match = Match({**setup, "names": list(setup["names"]), "roles": list(setup["roles"])})
    lobby = Lobby(host_id=1)
    for seat, name in enumerate(setup["names"]):
        lobby.join(seat + 1, name)
    return OnlineGame(match, lobby, ServerConfig(database_url=default_url(folder)))


def one_run(games: int, players: int) -> tuple[list[float], list[float]]:
    """The seconds of each change's spectator message, and those of the last quarter of each game."""
    every: list[float] = []
    late: list[float] = []
    with tempfile.TemporaryDirectory(prefix="wolfrunde-spectators-") as folder:
        for seed in range(games):
            game = watched_game(seed, players, Path(folder))
            match, rng = game.match, random.Random(seed)
            timings = []
            for _ in range(MAX_DECISIONS):
                for seat in range(match.seats):
                    game.published[seat] = Shown(match.view(seat), match.private_events(seat), None)
                started = time.perf_counter()
                game.spectator_message()
                timings.append(time.perf_counter() - started)
                requests = match.game.pending()
                if not requests:
                    break
                request = rng.choice(requests)
                match.game.decide(request.seat, request.kind, choose(match.game, request, rng))
            every += timings
            late += timings[len(timings) * 3 // 4 :]
    return every, late


def measure(args: argparse.Namespace) -> dict[str, Any]:
    runs = [one_run(args.games, args.players) for _ in range(args.runs)]
    per_change = [1e6 * statistics.fmean(every) for every, _ in runs]
    late = [1e6 * statistics.fmean(last) for _, last in runs]
    return {
        "games": args.games,
        "players": args.players,
        "changes_per_run": len(runs[0][0]),
        "us_per_change": round(statistics.median(per_change), 1),
        "us_per_late_change": round(statistics.median(late), 1),
        "runs_us": [round(value, 1) for value in per_change],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    print(json.dumps(measure(parser.parse_args())))


if __name__ == "__main__":
    main()
