"""How long an eight-role night's waking and sleeping lines take to speak, full and "knapp", per narrator.

Each scene's length is the mean over its variants (synthesized with the bundled espeak-ng, silence
trimmed); a night is the sum over the eight steps' wake and sleep scenes. Prints a table.
"""

from __future__ import annotations

import statistics
import sys

from wolfrunde.engine.texts.catalogue import catalogue as engine_texts
from wolfrunde.narration import audio
from wolfrunde.narration.catalogue import Style, load_catalogue
from wolfrunde.narration.engines import voice_for
from wolfrunde.narration.narrators import NARRATORS

NIGHT = ("cupid", "lovers", "bodyguard", "werewolves", "seer", "fox", "witch", "piper")


def main(engine: str = "espeak", sample: int = 6) -> None:
    catalogue = load_catalogue()
    print(f"{'Erzähler':10} {'voll':>8} {'knapp':>8}   (Sekunden Sprache, {len(NIGHT)} Rollen, {engine})")
    for narrator in NARRATORS:
        voice = voice_for(narrator, engine)
        totals = {}
        for style in Style:
            seconds = 0.0
            for step in NIGHT:
                declared = engine_texts().steps[step]
                for scene_id in (declared.wake, declared.sleep):
                    assert scene_id is not None, step
                    texts = catalogue[scene_id].texts(narrator.id, style)[:sample]
                    seconds += statistics.mean(audio.prepare(voice.synthesize(t)).seconds for t in texts)
            totals[style] = seconds
        full, short = totals[Style.FULL], totals[Style.SHORT]
        print(f"{narrator.id:10} {_clock(full):>8} {_clock(short):>8}")


def _clock(seconds: float) -> str:
    return f"{int(seconds // 60)}:{round(seconds % 60):02d}"


if __name__ == "__main__":
    main(*sys.argv[1:2])
