"""The five narrators: who they are and how each one sounds on every speech engine (`narrators.json`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class EspeakVoice:
    """Settings for the bundled espeak-ng: a German voice variant plus prosody."""

    variant: str  # espeak-ng voice name, e.g. "de+f2"
    rate: int  # words per minute (espeak default 175)
    pitch: int  # 0..100 (default 50)
    pitch_range: int  # 0..100 (default 50); low = monotone
    word_gap: int = 0  # extra pause between words, in units of 10 ms


@dataclass(frozen=True)
class MbrolaVoice:
    """A Debian mbrola German voice (mbrola-deN) driven through espeak-ng."""

    voice: str  # "de1" … "de8"
    rate: int  # words per minute
    pitch: int  # 0..100


@dataclass(frozen=True)
class PicoVoice:
    """SVOX pico's single de-DE voice, shaped with its pitch and speed levels (100 = neutral)."""

    pitch: int
    speed: int


@dataclass(frozen=True)
class Narrator:
    id: str
    name: str
    character: str  # German, shown to players choosing a narrator
    espeak: EspeakVoice
    mbrola: tuple[MbrolaVoice, ...] = ()  # preferred first
    # at most one narrator: pico has a single voice, and on it Hedda and Jutta differed only by 3.5
    # semitones, with the same timbre (MFCC distance 2 against 10 or more between any two other voices)
    pico: PicoVoice | None = None


def _load() -> tuple[Narrator, ...]:
    """The narrators as `narrators.json` describes them (the order is the order players see)."""
    raw: list[dict[str, Any]] = json.loads(Path(__file__).with_name("narrators.json").read_text(encoding="utf-8"))
    return tuple(
        Narrator(
            id=entry["id"],
            name=entry["name"],
            character=entry["character"],
            espeak=EspeakVoice(**entry["espeak"]),
            mbrola=tuple(MbrolaVoice(**voice) for voice in entry["mbrola"]),
            pico=PicoVoice(**entry["pico"]) if "pico" in entry else None,
        )
        for entry in raw
    )


NARRATORS = _load()
NARRATOR_IDS: tuple[str, ...] = tuple(narrator.id for narrator in NARRATORS)

_BY_ID = {narrator.id: narrator for narrator in NARRATORS}


def narrator(narrator_id: str) -> Narrator:
    """The narrator with this id; raises KeyError naming the known ids."""
    try:
        return _BY_ID[narrator_id]
    except KeyError:
        raise KeyError(f"Unbekannter Erzähler {narrator_id!r}; bekannt sind: {', '.join(NARRATOR_IDS)}") from None
