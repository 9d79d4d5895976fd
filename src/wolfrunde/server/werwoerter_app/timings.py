"""How long each stage of a Werwörter room lasts, in seconds (None: no server deadline)."""

from __future__ import annotations

from dataclasses import dataclass

from wolfrunde.server.config import ServerConfig
from wolfrunde.werwoerter.endings import POINT_SECONDS, TALK_SECONDS


@dataclass(frozen=True)
class Timings:
    night_start: float = 6.0  # "alle Augen zu"
    mayor: float = 180.0  # choosing the word; then the first offered word is taken
    wake: float = 4.0  # a role opens its eyes (cover screen)
    show_word: float = 6.0  # the word on screen for whoever is awake
    meet: float = 4.0  # two Werwölfe see each other first
    sleep: float = 3.0  # a role closes its eyes (cover screen)
    point: float = float(POINT_SECONDS)
    point_grace: float = 5.0  # after "zeigt jetzt!" own devices still have these seconds to tap
    talk: float = float(TALK_SECONDS)
    vote: float = 90.0  # own devices only; on one device the Bürgermeister enters the votes
    speech_gap: float | None = 1.0  # a timed night stage lasts at least its cue's speech plus this; None: no wait

    @classmethod
    def for_config(cls, config: ServerConfig) -> Timings:
        """A `--testing` server (near-zero pauses) runs the night and the pointing quickly."""
        if config.pause_seconds is not None and config.pause_seconds[1] < 0.5:
            return cls(
                night_start=0.4,
                wake=0.4,
                show_word=1.5,
                meet=0.4,
                sleep=0.4,
                point=2.0,
                point_grace=2.0,
                vote=30.0,
                speech_gap=None,
            )
        return cls()
