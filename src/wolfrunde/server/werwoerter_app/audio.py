"""Signed addresses of a cue's audio from the narrator service (None when it is not available)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_voices import CUE_GAP

log = logging.getLogger(__name__)

AudioUrl = Callable[[str, str, int, dict[str, Any]], str | None]


def audio_urls(config: ServerConfig) -> AudioUrl:
    def url(narrator: str, scene: str, variant: int, values: dict[str, Any]) -> str | None:
        try:
            from wolfrunde.server.narration_voices import CueKey, voices_for

            return voices_for(config).url(CueKey(narrator, scene, variant, values))
        except Exception:  # the narrator is optional: captions still work
            log.debug("no audio address for %s", scene, exc_info=True)
            return None

    return url


def speech_seconds(text: str, narrator: str) -> float:
    """About how long the narrator speaks a text (the narrator service's estimate when available)."""
    try:
        from wolfrunde.server.narration_voices import estimate_seconds

        return float(estimate_seconds(text, narrator))
    except Exception:
        return len(text) / 13.0 + 0.3


@dataclass
class SpokenQueue:
    """The speaking device's narrator: it says the lines one after another as they come, each followed by
    the player's pause (a `fresh` line drops what it has not said yet); `until`: when it will have said
    every line so far. A stage that follows by the clock waits for it (`left`)."""

    until: float = 0.0

    def say(self, message: dict[str, Any], now: float, *, fresh: bool) -> None:
        start = now if fresh else max(self.until, now)
        self.until = start + speech_seconds(message["text"], message["narrator"]) + CUE_GAP

    def left(self, now: float) -> float:
        """Seconds until the device has said every line so far."""
        return max(0.0, self.until - now)
