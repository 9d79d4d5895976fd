"""Simulated win rates of the recommended role sets, for the page "Rollen nach Spielerzahl".

The rates are simulated once with the project's own simulation (`wolfrunde.simulation`) and kept in
`data/winrates.json`; the page reads that file. Refresh it after changing a recommended set:

    python -m wolfrunde.server.site.winrates            # 1000 games per player count and rule set
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from wolfrunde.server.site import catalogue
from wolfrunde.simulation import policy, runner

DATA_FILE = Path(__file__).with_name("data") / "winrates.json"
GAMES = 1000
SEED = 0
COMMAND = "python -m wolfrunde.server.site.winrates"


@dataclass(frozen=True)
class Row:
    players: int
    mode: str
    roles: tuple[str, ...]
    wins: dict[str, int]
    rounds: float  # nights per game, on average

    def share(self, *winners: str) -> float:
        total = sum(self.wins.values())
        return sum(self.wins.get(w, 0) for w in winners) / total if total else 0.0


@dataclass(frozen=True)
class WinRates:
    games: int
    seed: int
    follow_informant: float  # how often a villager votes for a wolf the Seherin found
    simulation: str  # sha256 of the simulation's source (players' policy and runner) the rates came from
    rows: dict[str, tuple[Row, ...]]  # rule set -> one row per player count


def measure(games: int = GAMES, seed: int = SEED, progress: bool = False, jobs: int = 1) -> dict[str, Any]:
    """Plays `games` games for every player count and rule set; the JSON the page reads. With `jobs` > 1
    the counts are played in that many processes; the result is the same (each count has its own seed)."""
    tasks = [
        (rules, players, games, seed) for rules in catalogue.RULE_SETS for players in catalogue.all_player_counts()
    ]
    tasks.sort(key=lambda task: -task[1])  # the big tables first, so the processes finish together
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            done = list(pool.map(_row, tasks))
    else:
        done = [_row(task) for task in tasks]
    rows: dict[str, list[dict[str, Any]]] = {rules: [] for rules in catalogue.RULE_SETS}
    for (rules, players, _, _), (row, seconds) in sorted(zip(tasks, done, strict=True), key=lambda d: d[0][:2]):
        if progress:
            print(f"{rules} {players:2}: {seconds:5.1f} s", file=sys.stderr)
        rows[rules].append(row)
    rows = {rules: rows[rules] for rules in catalogue.RULE_SETS}
    return {
        "about": f"Simulierte Siegquoten der empfohlenen Besetzungen. Erzeugt mit: {COMMAND}",
        "games": games,
        "seed": seed,
        "follow_informant": policy.FOLLOW_INFORMANT,
        "simulation": simulation_fingerprint(),
        "rules": rows,
    }


def _row(task: tuple[str, int, int, int]) -> tuple[dict[str, Any], float]:
    """One player count of one rule set: its row, and how long it took."""
    rules, players, games, seed = task
    started = time.perf_counter()
    mode = runner.random_setup(players, seed, rules).mode  # the mode the simulation plays this count in
    roles = catalogue.recommended(players, mode, rules)
    stats = runner.simulate(players, games, seed, rules, roles)
    row = {
        "players": players,
        "mode": mode,
        "roles": roles,
        "wins": dict(sorted(stats.wins.items())),
        "rounds": round(stats.rounds / stats.games, 2),
    }
    return row, time.perf_counter() - started


@cache
def load(path: Path = DATA_FILE) -> WinRates:
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = {
        rules: tuple(
            Row(r["players"], r["mode"], tuple(r["roles"]), {k: int(v) for k, v in r["wins"].items()}, r["rounds"])
            for r in entries
        )
        for rules, entries in data["rules"].items()
    }
    return WinRates(data["games"], data["seed"], data["follow_informant"], data["simulation"], rows)


def simulation_fingerprint() -> str:
    """Changes whenever the simulated players' policy or the runner changes (the page describes both)."""
    source = inspect.getsource(policy) + inspect.getsource(runner)
    return hashlib.sha256(source.encode()).hexdigest()


def stale(rates: WinRates) -> list[str]:
    """Where the stored simulation no longer matches today's recommended sets and simulation (empty: none)."""
    problems = []
    if rates.simulation != simulation_fingerprint():
        problems.append("wolfrunde/simulation hat sich geändert: neu simulieren und die Beschreibung prüfen")
    for rules in catalogue.RULE_SETS:
        stored = {row.players: row for row in rates.rows.get(rules, ())}
        for players in catalogue.all_player_counts():
            row = stored.get(players)
            if row is None:
                problems.append(f"{rules}, {players} Spieler: nicht simuliert")
                continue
            current = catalogue.recommended(players, row.mode, rules)
            if list(row.roles) != current:
                problems.append(f"{rules}, {players} Spieler: simuliert {list(row.roles)}, empfohlen {current}")
            if sum(row.wins.values()) != rates.games:
                problems.append(f"{rules}, {players} Spieler: {sum(row.wins.values())} statt {rates.games} Partien")
    return problems


def to_text(data: dict[str, Any]) -> str:
    """The data file's text: one line per player count, so a change shows as a small diff."""
    head = {key: value for key, value in data.items() if key != "rules"}
    lines = ["{", *(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()), ' "rules": {']
    for index, (rules, rows) in enumerate(data["rules"].items()):
        lines.append(f"  {json.dumps(rules)}: [")
        lines += [f"   {json.dumps(row, ensure_ascii=False)}," for row in rows]
        lines[-1] = lines[-1].rstrip(",")
        lines.append("  ]," if index < len(data["rules"]) - 1 else "  ]")
    return "\n".join([*lines, " }", "}"]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Siegquoten der empfohlenen Besetzungen simulieren")
    parser.add_argument("--games", type=int, default=GAMES, help="Partien je Spielerzahl und Regelwerk")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=1, help="so viele Prozesse gleichzeitig (Standard: 1)")
    parser.add_argument("--out", type=Path, default=DATA_FILE)
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        print("--games und --jobs müssen positiv sein.", file=sys.stderr)
        return 2
    data = measure(args.games, args.seed, progress=True, jobs=args.jobs)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(to_text(data), encoding="utf-8")
    print(f"geschrieben: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
