"""Signed addresses of a cue's audio from the narrator service (None when it is not available)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from wolfrunde.server.config import ServerConfig

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
