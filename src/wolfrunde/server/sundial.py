"""When the narrator speaks during the discussion: the Sonnenuhr's warnings, by the length of the day.

Online rooms and own-device tables plan them with a `SundialPlanner` when a discussion gets its timer;
each warning comes back to the room's task as a `SundialMark` and is spoken if that timer still runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from wolfrunde.server.rooms.kind import Handle
from wolfrunde.server.rooms.timer import Timer

HALF = "sundial_half"
LAST_MINUTE = "sundial_last_minute"
END = "sundial_end"  # spoken when the time runs out (not when everyone is ready before)


def sundial_marks(seconds: float) -> list[tuple[float, str]]:
    """(seconds after the discussion began, scene) for the warnings during a discussion this long. The
    last-minute warning needs a discussion of at least two minutes, or it would crowd the half."""
    marks = [(seconds / 2, HALF)]
    if seconds >= 120:
        marks.append((seconds - 60, LAST_MINUTE))
    return marks


@dataclass(frozen=True)
class SundialMark:
    """A warning of the Sonnenuhr, for the discussion whose timer ends at `deadline`."""

    deadline: float
    scene: str

    def due(self, timer: Timer | None) -> bool:
        """Whether this discussion's timer still runs (it did not end or give way to another)."""
        return timer is not None and timer.deadline == self.deadline


@dataclass
class SundialPlanner:
    planned: float | None = None  # the deadline whose warnings are planned
    handles: list[Handle] = field(default_factory=list)

    def plan(self, timer: Timer, later: Callable[[float, object], Handle]) -> None:
        """Plans the warnings of the discussion with this timer, once per timer; each comes back to the
        room's task as a SundialMark."""
        if self.planned == timer.deadline:
            return
        self.planned = timer.deadline
        for offset, scene in sundial_marks(timer.deadline - timer.release):
            delay = timer.release + offset - time.time()
            if delay > 0:
                self.handles.append(later(delay, SundialMark(timer.deadline, scene)))

    def cancel(self) -> None:
        for handle in self.handles:
            handle.cancel()
        self.handles = []
