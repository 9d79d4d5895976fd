"""When the narrator speaks during the discussion: the Sonnenuhr's warnings, by the length of the day."""

from __future__ import annotations

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
