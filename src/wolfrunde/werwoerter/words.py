"""The German word list: four difficulty levels, each ordered from the most to the least common word."""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources

LEVELS = (1, 2, 3, 4)
LEVEL_NAMES = {1: "Leicht", 2: "Mittel", 3: "Schwer", 4: "Sehr schwer"}
WORDS_FILE = "words_de.json"


@cache
def all_levels() -> dict[int, tuple[str, ...]]:
    source = resources.files("wolfrunde.werwoerter").joinpath(WORDS_FILE)
    data = json.loads(source.read_text(encoding="utf-8"))
    return {int(level): tuple(entry["words"]) for level, entry in data["levels"].items()}


def words(level: int) -> tuple[str, ...]:
    """All words of `level` (1 = most common, 4 = rarest), most common first."""
    return all_levels()[level]


def offer(rng: random.Random, level: int, count: int) -> tuple[str, ...]:
    """`count` different words of `level`, drawn with the game's seeded generator."""
    return tuple(rng.sample(words(level), count))
