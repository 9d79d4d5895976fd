"""How much the German lexicon fixes: suspicious words in the scene catalogue before and after it.

Run: .venv/bin/python bench/pronunciation.py
"""

from __future__ import annotations

from collections import Counter

from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.engines.espeak import espeak_phonemes
from wolfrunde.narration.pronounce import (
    ACCEPTED,
    LEXICON,
    SUSPICIONS,
    apply_lexicon,
    suspicions,
    words_outside_phonemes,
)
from wolfrunde.narration.template import Literal, parse


def main() -> None:
    texts = [
        part.text
        for scene in load_catalogue()
        for variants in scene.variants.values()
        for text in variants
        for part in parse(text)
        if isinstance(part, Literal)
    ]
    before = {word for text in texts for word in words_outside_phonemes(text)}
    after = {word for text in texts for word in words_outside_phonemes(apply_lexicon(text))}
    found = {word: suspicions(word, espeak_phonemes(word)) for word in before}

    print(f"scene text pieces:          {len(texts)}")
    print(f"distinct words:             {len(before)}")
    print(f"lexicon entries:            {len(LEXICON)} ({len(set(LEXICON) & before)} occur in the catalogue)")
    print(f"reviewed, espeak accepted:  {len(ACCEPTED)}")
    print(f"{'heuristic':<24} {'before':>7} {'after':>7} {'accepted':>9} {'unreviewed':>11}")
    for kind in SUSPICIONS:
        flagged = {word for word, kinds in found.items() if kind in kinds}
        left = flagged & after
        accepted = left & set(ACCEPTED)
        print(f"{kind:<24} {len(flagged):>7} {len(left):>7} {len(accepted):>9} {len(left - accepted):>11}")
    switches_before = sum(1 for text in texts for word in words_outside_phonemes(text) if "english" in found[word])
    counts = Counter(
        word for text in texts for word in words_outside_phonemes(apply_lexicon(text)) if "english" in found[word]
    )
    print(f"English switches before:    {switches_before} in the texts")
    print(f"English switches left:      {sum(counts.values())} in the texts {dict(counts)}")


if __name__ == "__main__":
    main()
