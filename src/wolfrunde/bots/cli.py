"""`wolfrunde bots`: N bot players join a room and play legal moves through the public protocol."""

from __future__ import annotations

import argparse
import asyncio

HELP = "Lässt Bots einem Raum beitreten und mitspielen"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="Adresse des Servers")
    parser.add_argument("--room", required=True, help="Raumcode")
    parser.add_argument("--count", type=int, default=1, help="Anzahl der Bots (1 bis 14)")
    parser.add_argument("--seed", type=int, default=None, help="Zufallsstartwert für die Züge der Bots")


def run(args: argparse.Namespace) -> int:
    from wolfrunde.bots.client import run_bots
    from wolfrunde.room_codes import normalise

    code = normalise(args.room)
    if code is None:
        print(f"„{args.room}“ ist kein gültiger Raumcode.")
        return 2
    if not 1 <= args.count <= 14:
        print("Es können 1 bis 14 Bots mitspielen.")
        return 2
    try:
        results = asyncio.run(run_bots(args.url.rstrip("/"), code, args.count, args.seed))
    except (OSError, RuntimeError) as problem:
        print(f"Die Bots konnten nicht spielen: {problem}")
        return 1
    for result in results:
        state = "Partie beendet" if result.finished else "nicht zu Ende gespielt"
        print(f"{result.name} (Platz {result.seat}): {state}, {len(result.errors)} Fehlermeldungen")
    return 0 if all(result.finished for result in results) else 1
