"""`wolfrunde roles --players N`: the recommended role set for a player count."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from wolfrunde.engine.cards import card
from wolfrunde.engine.errors import SetupError
from wolfrunde.engine.recommend import recommended_roles

HELP = "Empfohlene Rollen für eine Spielerzahl anzeigen"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, required=True, help="Anzahl der Spieler (3–40)")
    parser.add_argument("--mode", default="online", choices=["online", "table_single_device", "table_own_devices"])
    parser.add_argument("--rules", default="wolfrunde", choices=["wolfrunde", "duesterwald"])
    parser.add_argument("--json", action="store_true", help="als JSON-Liste von Rollen-IDs ausgeben")


def run(args: argparse.Namespace) -> int:
    mode = args.mode
    if mode == "online" and not 5 <= args.players <= 14:
        print("Online spielen 5 bis 14 Personen; gezeigt wird die Besetzung für den Tisch.", file=sys.stderr)
        mode = "table_own_devices"
    try:
        roles = recommended_roles(args.players, mode=mode, rules=args.rules)
    except SetupError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(roles))
        return 0
    print(f"Rollen für {args.players} Spieler ({args.rules}):")
    for role, count in Counter(roles).items():
        print(f"  {count} × {card(role).name}")
    return 0
