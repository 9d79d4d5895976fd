"""Picking each narrator's voice: the first engine in the narrator's preference that is installed."""

from __future__ import annotations

import os

from wolfrunde.narration.engines.base import Voice
from wolfrunde.narration.engines.espeak import EspeakSpeaker
from wolfrunde.narration.engines.external import MbrolaSpeaker, PicoSpeaker, mbrola_installed, pico_installed
from wolfrunde.narration.narrators import Narrator

# Set to "espeak" to ignore system voices (reproducible builds, tests).
ENGINE_ENV = "WOLFRUNDE_VOICE_ENGINE"


def voice_for(narrator: Narrator, engine: str | None = None) -> Voice:
    """engine: "auto" (default), "espeak", "mbrola" or "pico"; a forced engine the narrator lacks falls back
    to espeak-ng, which is always there."""
    wanted = engine or os.environ.get(ENGINE_ENV, "auto")
    if wanted in ("auto", "mbrola"):
        for choice in narrator.mbrola:
            if mbrola_installed(choice.voice):
                return MbrolaSpeaker(choice)
    if wanted in ("auto", "pico") and narrator.pico is not None and pico_installed():
        return PicoSpeaker(narrator.pico)
    return EspeakSpeaker(narrator.espeak)
