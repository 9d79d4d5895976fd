"""When the next step may be shown, so that no seat's stream of messages varies with hidden facts.

Every called night step (and every window of the day) lasts exactly a duration drawn from one
distribution, whether its role is present, absent, alive or dead, however fast it was decided and however
long its player thought: a decision before that time does not end the step early, and the role's own timer
runs out at that moment too (`deadline_of`), so no step outlasts what an absent role's step can last (a
step that may ask again keeps room in its draw for the second questions, `follow_up_deadline`). The
narrator's parts follow the same clock: the sleep line of a step comes when the step is over, the next
step's wake line after that. So the time from one public line to the next tells nobody whether anyone
acted, or how long he took.

Pure: the room passes the clock, the parts' lengths and the draws; `plan` returns the times.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

MIN_SHARE, MAX_SHARE = 0.5, 1.0  # a night step lasts from half of the host's night timer to all of it
# a step that may ask again (the Urwolf after the pack's choice) gives its first questions this share of
# its draw, so the second ones fit into the rest of it whether or not they come
FIRST_SHARE = 2 / 3
LEAST_FOLLOW_UP = 1.0  # seconds a second question has even when the first answers came at the last moment


@dataclass(frozen=True)
class StepPlan:
    part_times: tuple[float, ...]  # when each narration part is sent (seconds since the epoch)
    boundary_times: tuple[float, ...]  # when each boundary of the night the change passed is shown
    release: float  # when the next step's requests are shown (everything before has been heard)
    not_before: float | None  # the step now open ends no earlier than this (None: not a timed night step)


def step_range(night_seconds: float, configured: tuple[float, float] | None) -> tuple[float, float]:
    """The range a night step's duration is drawn from: configured (tests), or from the timer."""
    if configured is not None:
        return configured
    return MIN_SHARE * night_seconds, MAX_SHARE * night_seconds


def deadline_of(
    release: float, timer_seconds: float, ends: float | None, configured: bool, *, asks_again: bool = False
) -> float:
    """When a step's open requests get their defaults: when the step's draw ends it (`ends`), so that
    the asked player's thinking never makes it longer, or a share of it when the step may ask again; a
    step without a draw (the day's votes), and every step where tests configured short draws to hurry the
    game on, runs to its timer."""
    if ends is None or configured:
        return release + timer_seconds
    return release + FIRST_SHARE * (ends - release) if asks_again else ends


def follow_up_deadline(release: float, ends: float) -> float:
    """The deadline of a step's second questions: the end of the step's draw, which they do not move."""
    return max(ends, release + LEAST_FOLLOW_UP)


def draws(rng: random.Random, count: int, bounds: tuple[float, float]) -> list[float]:
    low, high = bounds
    return [rng.uniform(low, high) for _ in range(count)]


def plan(
    *,
    start: float,
    heard: list[float],
    gaps: list[float],
    timed_step: float | None,
    boundaries: tuple[int, ...] = (),
    first_at_start: bool = False,
) -> StepPlan:
    """The times of one change of the game.

    `start`: the earliest moment anything of it may be told (now, the end of the narration before, and
    the earliest end of the step the change closed: its sleep line is in the first part). `heard`: how long
    each narration part takes to hear. `gaps`: a draw for each called step nobody answered; when the
    narration came in one part more than there are gaps (as it does), each gap lies between two parts,
    otherwise (the narrator failed) all of them come before the next step. `timed_step`: the draw of the
    step the change opens, if it opens one; its requests are shown once everything has been heard.
    `boundaries`: for each boundary the change passed (a step's end, a window's), how many step calls came
    before it in the change. A boundary after k calls is shown when the narrator has told the k-th part
    (the wake line of the step that follows it has been heard), as it would be at that step's release if
    someone answered it. `first_at_start`: boundaries before the first call are shown at once (the cards
    at the start of a game)."""
    at = start
    times: list[float] = []
    interleaved = len(heard) == len(gaps) + 1
    for index, seconds in enumerate(heard):
        if index and interleaved:
            at += gaps[index - 1]
        times.append(at)
        at += seconds
    if not interleaved:
        at += sum(gaps)
    shown = []
    for calls in boundaries:
        told = sum(heard[: calls + 1]) + sum(gaps[:calls])
        shown.append(start if first_at_start and calls == 0 else start + told)
    return StepPlan(tuple(times), tuple(shown), at, None if timed_step is None else at + timed_step)
