"""Build words_de.json from the hand-curated words_source.txt (a build-time tool, not used at run time).

    .venv/bin/pip install wordfreq
    .venv/bin/python -m wolfrunde.werwoerter.build_words

Each curated noun is ranked by wordfreq's `zipf_frequency(word, "de")` (how often it occurs in German
text, on a log scale); nouns wordfreq does not know (zipf below MIN_ZIPF) are dropped as too obscure.
The ranked list, most common first, is cut into four levels of equal size: level 1 holds the most
common quarter ("Leicht"), level 4 the rarest ("Sehr schwer").
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from wolfrunde.werwoerter.words import LEVEL_NAMES, LEVELS, WORDS_FILE

HERE = Path(__file__).parent
SOURCE = HERE / "words_source.txt"
MIN_ZIPF = 1.0
NOUN = re.compile(r"[A-ZÄÖÜ][a-zäöüßé]+")


def read_source(path: Path = SOURCE) -> list[str]:
    """The curated nouns in file order, without duplicates."""
    seen: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        for word in line.split():
            if not NOUN.fullmatch(word):
                raise SystemExit(f"{path.name}: kein einfaches, großgeschriebenes Nomen: {word!r}")
            seen.setdefault(word, None)
    return list(seen)


def build(words: list[str], zipf: dict[str, float]) -> dict[str, object]:
    known = [w for w in words if zipf[w] >= MIN_ZIPF]
    ranked = sorted(known, key=lambda w: (-zipf[w], w))
    size = len(ranked) // len(LEVELS)
    levels: dict[str, object] = {}
    for index, level in enumerate(LEVELS):
        chunk = ranked[index * size : (index + 1) * size] if level != LEVELS[-1] else ranked[index * size :]
        levels[str(level)] = {
            "name": LEVEL_NAMES[level],
            "zipf_range": [zipf[chunk[-1]], zipf[chunk[0]]],
            "words": chunk,
        }
    return {
        "language": "de",
        "about": "Handverlesene Nomen, nach wordfreq zipf_frequency(wort, 'de') sortiert und in vier "
        "gleich große Stufen geteilt (1 = am häufigsten). Erzeugt von build_words.py.",
        "levels": levels,
    }


def main() -> int:
    from wordfreq import zipf_frequency  # build-time only

    words = read_source()
    zipf = {w: zipf_frequency(w, "de") for w in words}
    dropped = sorted(w for w in words if zipf[w] < MIN_ZIPF)
    data = build(words, zipf)
    (HERE / WORDS_FILE).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    counts = {level: len(entry["words"]) for level, entry in data["levels"].items()}  # type: ignore[attr-defined]
    print(f"{sum(counts.values())} Wörter, Stufen: {counts}; zu selten ({len(dropped)}): {' '.join(dropped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
