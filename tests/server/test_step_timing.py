"""How long a night step lasts tells nobody whether its role is in play: over many simulated nights, the
time from a step's wake line to its sleep line has the same distribution whether the Seherin sits at the
table and decides (after a random time, within the step's least duration) or her card lies in the centre.
A two-sample Kolmogorov–Smirnov test must not tell the two apart; as a check of the test itself, the old
pacing (a present step ends when the player decides) is told apart at once."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from tests.server.sim_room import play
from tests.server.test_message_streams import choose, setup

GAMES = 40
NIGHT_TIMER = 60  # a step lasts a draw from 50 % to 100 % of it: 30 to 60 s


def ks_p_value(a: list[float], b: list[float]) -> float:
    """The two-sample Kolmogorov–Smirnov test's p-value (asymptotic)."""
    x, y = np.sort(a), np.sort(b)
    grid = np.concatenate([x, y])
    d = float(np.max(np.abs(np.searchsorted(x, grid, "right") / len(x) - np.searchsorted(y, grid, "right") / len(y))))
    n = len(x) * len(y) / (len(x) + len(y))
    lam = (math.sqrt(n) + 0.12 + 0.11 / math.sqrt(n)) * d
    return max(0.0, min(1.0, 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))))


def seer_step_lengths(received: list[tuple[float, dict[str, Any]]]) -> list[float]:
    """From one seat's messages: for each night, the seconds from the Seherin's wake line to her sleep line."""
    woke: float | None = None
    lengths = []
    for at, message in received:
        if message["type"] != "narration":
            continue
        scenes = [cue["scene"] for cue in message["cues"]]
        if "seer_sleeps" in scenes and woke is not None:
            lengths.append(at - woke)
            woke = None
        if "seer_wakes" in scenes:
            woke = at
    return lengths


def lengths(at_seat: bool, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    found: list[float] = []
    for game in range(GAMES):
        rng = random.Random(game * 2 + at_seat)
        think = rng.uniform(0.5, 15.0)
        received = play(
            setup("seer", at_seat, game),
            choose,
            lambda seat, kind, think=think: think,
            monkeypatch,
            night_timer=NIGHT_TIMER,
            room_seed=rng.randrange(2**32),
        )
        found += seer_step_lengths(received[4])
    return found


def test_a_step_lasts_as_long_whether_its_role_is_present_or_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    present, absent = lengths(True, monkeypatch), lengths(False, monkeypatch)
    assert len(present) >= GAMES and len(absent) >= GAMES
    assert ks_p_value(present, absent) > 0.01, (sorted(present)[:5], sorted(absent)[:5])


@pytest.mark.parametrize("game", range(4))
def test_how_long_the_player_thinks_changes_nothing_even_past_his_timer(
    game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the room's draws the same, the first night's Seherin step lasts to the same moment whether she
    answers at once, lets her timer run out, or her card lies in the centre: a step never outlasts what an
    absent role's step lasts, however long its player thinks."""

    def first_seer_step(at_seat: bool, think: float) -> float:
        received = play(
            setup("seer", at_seat, game),
            choose,
            lambda seat, kind: think,
            monkeypatch,
            night_timer=NIGHT_TIMER,
            room_seed=game,
        )
        return seer_step_lengths(received[4])[0]

    absent = first_seer_step(False, 1.0)
    assert first_seer_step(True, 1.0) == pytest.approx(absent, abs=0.01)
    assert first_seer_step(True, 1.5 * NIGHT_TIMER) == pytest.approx(absent, abs=0.01)


def test_the_test_tells_apart_steps_that_end_when_the_player_decides() -> None:
    rng = random.Random(1)
    draws = [rng.uniform(30, 60) for _ in range(80)]
    decided = [rng.uniform(0.5, 15) for _ in range(80)]  # the old pacing: a present step ends at the answer
    assert ks_p_value(draws, decided) < 1e-6
    assert ks_p_value(draws[:40], draws[40:]) > 0.01
