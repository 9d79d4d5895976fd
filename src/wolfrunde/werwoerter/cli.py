"""`wolfrunde werwoerter …`: tools around the Werwörter word list."""

from __future__ import annotations

import argparse
import random
import sys

from wolfrunde.werwoerter.words import LEVEL_NAMES, LEVELS, words

HELP = "Werwörter: Wörter aus der Wortliste ziehen"


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="werwoerter_command", metavar="AKTION")
    sample = sub.add_parser("words", help="Zufällige Wörter einer Schwierigkeitsstufe ausgeben, eins pro Zeile")
    # Read as text and checked in run(), so that missing or bad input gets a German message.
    sample.add_argument("--level", metavar="N", help="Schwierigkeitsstufe 1 (leicht) bis 4 (sehr schwer)")
    sample.add_argument("--count", metavar="K", help="Wie viele Wörter (mindestens 1)")
    sample.add_argument("--seed", default=None, metavar="S", help="Ganze Zahl für eine wiederholbare Auswahl")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "werwoerter_command", None) != "words":
        return _fail("Bitte eine Aktion angeben, zum Beispiel: wolfrunde werwoerter words --level 1 --count 5")
    if args.level is None or args.count is None:
        return _fail("--level und --count fehlen, zum Beispiel: wolfrunde werwoerter words --level 1 --count 5")
    level = _whole_number(args.level)
    if level not in LEVELS:
        return _fail(f"--level muss 1, 2, 3 oder 4 sein, nicht {args.level!r}.")
    available = words(level)
    count = _whole_number(args.count)
    if count is None or count < 1:
        return _fail(f"--count muss eine ganze Zahl ab 1 sein, nicht {args.count!r}.")
    if count > len(available):
        return _fail(f"Stufe {level} ({LEVEL_NAMES[level]}) hat nur {len(available)} Wörter, nicht {count}.")
    seed = None
    if args.seed is not None:
        seed = _whole_number(args.seed)
        if seed is None:
            return _fail(f"--seed muss eine ganze Zahl sein, nicht {args.seed!r}.")
    for word in random.Random(seed).sample(available, count):
        print(word)
    return 0


def _whole_number(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None


def _fail(message: str) -> int:
    print(f"wolfrunde werwoerter: {message}", file=sys.stderr)
    return 2
