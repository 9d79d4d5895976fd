"""Speech engines. Each narrator gets the best one present: mbrola, then pico, then the bundled espeak-ng."""

from wolfrunde.narration.engines.base import SpeechError, Voice
from wolfrunde.narration.engines.choice import voice_for

__all__ = ["SpeechError", "Voice", "voice_for"]
