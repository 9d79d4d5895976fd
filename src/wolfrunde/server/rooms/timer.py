"""A running step's timer: when its questions are shown and when its defaults apply."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Timer:
    """Seconds since the epoch. `release`: the step's state is shown (after the pause that hides absent
    roles and once the narrator has told it); `deadline`: its open requests get their defaults.
    `night`/`night_started`: which night runs and when it began (the lovers' whispering window).
    `not_before`: the step ends no earlier than this, even when everyone decided (rooms.pacing)."""

    release: float
    deadline: float
    night: int | None = None
    night_started: float | None = None
    not_before: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "deadline": self.deadline,
            "night": self.night,
            "night_started": self.night_started,
            "not_before": self.not_before,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Timer | None:
        if data is None:
            return None
        night, started, not_before = data.get("night"), data.get("night_started"), data.get("not_before")
        return cls(
            release=float(data["release"]),
            deadline=float(data["deadline"]),
            night=None if night is None else int(night),
            night_started=None if started is None else float(started),
            not_before=None if not_before is None else float(not_before),
        )

    def after_restart(self, now: float, grace: float) -> Timer:
        """A restarted room gives an open step at least `grace` seconds from now, so that a deadline that
        passed while the server was down does not end the step before anyone is back."""
        return replace(self, deadline=max(self.deadline, now + grace))
