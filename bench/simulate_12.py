"""Benchmark: complete random 12-player games per second on one core (median of several runs).

Run: .venv/bin/python bench/simulate_12.py [--games 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics

from wolfrunde.simulation.runner import simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for run in range(args.runs):
        stats = simulate(12, args.games, seed=run)
        rates.append(stats.games_per_second)
        print(f"run {run + 1}: {stats.games} games in {stats.seconds:.2f} s = {stats.games_per_second:.0f} games/s")
    print(f"median: {statistics.median(rates):.0f} complete 12-player games per second")


if __name__ == "__main__":
    main()
