"""What every speech engine offers: a voice that turns German text into audio."""

from __future__ import annotations

from typing import Protocol

from wolfrunde.narration.audio import Pcm
from wolfrunde.narration.speech import Speakable


class SpeechError(RuntimeError):
    """The engine could not speak the text."""


class Voice(Protocol):
    @property
    def identity(self) -> str:
        """Names engine and settings; part of every cache key, so a changed voice never serves old audio."""
        ...

    def synthesize(self, text: Speakable) -> Pcm:
        """German text, or an utterance with players' names in it, as audio."""
        ...
