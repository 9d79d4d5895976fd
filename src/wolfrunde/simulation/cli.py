"""`wolfrunde simulate`: random legal games, win rates per side, games per second."""

from __future__ import annotations

import argparse
import json
import sys

from wolfrunde.engine import SetupError
from wolfrunde.engine.recommend import recommended_roles
from wolfrunde.scenario.names import role_id
from wolfrunde.simulation.runner import simulate

HELP = "Zufällige Partien simulieren: Siegquoten und Geschwindigkeit"
SOLO = ("lovers", "angel", "pied_piper", "white_wolf")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="wolfrunde", choices=["wolfrunde", "duesterwald"])
    parser.add_argument("--roles", help="Rollen, durch Komma getrennt (Standard: die empfohlene Besetzung)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--table", action="store_true", help="Siegquoten der empfohlenen Besetzungen für 5 bis 18 Spieler"
    )


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.players < 1:
        print("--games und --players müssen positiv sein.", file=sys.stderr)
        return 2
    if args.table:
        return _table(args)
    roles = None
    if args.roles:
        roles = []
        for text in args.roles.split(","):
            role = role_id(text.strip())
            if role is None:
                print(f"Unbekannte Rolle „{text.strip()}“.", file=sys.stderr)
                return 2
            roles.append(role)
        if len(roles) != args.players:
            print(f"{args.players} Spieler brauchen {args.players} Rollen, nicht {len(roles)}.", file=sys.stderr)
            return 2
    try:
        stats = simulate(args.players, args.games, args.seed, args.rules, roles)
    except SetupError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(
            json.dumps(
                {
                    "games": stats.games,
                    "games_per_second": round(stats.games_per_second, 1),
                    "wins": dict(stats.wins),
                    "players": args.players,
                    "rules": args.rules,
                }
            )
        )
        return 0
    print(
        f"{stats.games} Partien mit {args.players} Spielern ({args.rules}), "
        f"{stats.games_per_second:.0f} Partien/s, im Mittel {stats.rounds / stats.games:.1f} Runden"
    )
    for winner, count in stats.wins.most_common():
        print(f"  {winner:12} {count / stats.games:6.1%}")
    return 0


def _table(args: argparse.Namespace) -> int:
    rows = []
    for players in range(5, 19):
        mode = "online" if players <= 14 else "table_own_devices"
        roles = recommended_roles(players, mode=mode, rules=args.rules)
        stats = simulate(players, args.games, args.seed, args.rules, roles)
        solo = sum(stats.wins[w] for w in SOLO)
        rows.append(
            {
                "players": players,
                "village": stats.wins["village"] / stats.games,
                "werewolves": stats.wins["werewolves"] / stats.games,
                "solo": solo / stats.games,
                "draw": stats.wins["draw"] / stats.games,
                "roles": roles,
            }
        )
    if args.json:
        print(json.dumps(rows))
        return 0
    print("Spieler  Dorf   Wölfe  Solo   Remis")
    for row in rows:
        print(
            f"{row['players']:7}  {row['village']:5.0%}  {row['werewolves']:5.0%}  {row['solo']:5.0%}  "
            f"{row['draw']:5.0%}"
        )
    return 0
