"""Every clip a Werwörter round can speak, chosen and made before the round starts.

The round's script fixes one variant of each ww_* scene for the chosen narrator (and the day's length),
so what is spoken later is exactly what was made now; the lobby shows how far the making has come, and
the night waits until it is done. A server that does not render ahead (tests) is ready at once.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR, catalogue

log = logging.getLogger(__name__)


def ww_scenes() -> list[str]:
    return sorted(scene.id for scene in catalogue() if scene.id.startswith("ww_"))


def day_values(day_seconds: int) -> dict[str, Any]:
    return {"minutes": max(1, round(day_seconds / 60))}


@dataclass
class VoiceScript:
    """One variant per scene, and the background jobs that make their clips."""

    narrator: str
    day_seconds: int
    variants: dict[str, int] = field(default_factory=dict)
    jobs: list[Future[None]] = field(default_factory=list)

    @classmethod
    def made(cls, narrator: str, day_seconds: int, config: ServerConfig, rng: random.Random) -> VoiceScript:
        script = cls(narrator, day_seconds)
        try:
            from wolfrunde.narration.narrators import NARRATOR_IDS
            from wolfrunde.server.narration_voices import CueKey, voices_for

            speaker = narrator if narrator in NARRATOR_IDS else DEFAULT_NARRATOR
            keys = []
            for scene in ww_scenes():
                variant = rng.randrange(len(catalogue()[scene].variants[speaker]))
                script.variants[scene] = variant
                values = day_values(day_seconds) if scene == "ww_day_starts" else {}
                keys.append(CueKey(speaker, scene, variant, values))
            script.jobs = voices_for(config).prepare(keys)
        except Exception:  # the narrator is optional: captions still work
            log.exception("Werwörter: the voices could not be prepared")
            script.jobs = []
        return script

    def fits(self, narrator: str, day_seconds: int) -> bool:
        return (self.narrator, self.day_seconds) == (narrator, day_seconds)

    def progress(self) -> tuple[int, int]:
        """(clips made, clips needed)."""
        return sum(1 for job in self.jobs if job.done()), len(self.jobs)

    @property
    def ready(self) -> bool:
        done, total = self.progress()
        return done == total
