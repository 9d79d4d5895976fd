"""One device, one whole Reihum night with the narrator's real pace (narration_wait=1.0) on a virtual clock:
the device speaks the lines in the order of its screens. Each screen carries every line told by the tap
that brought it (a pass screen its own: the nightfall, not the turn after it), no line is left out when
many come at once, the lines of a later screen are never spoken before an earlier screen's, and the
server's clock of what has been heard is the device's queue playing screen after screen."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tests.server.test_table_narration_wait import single_device
from tests.server.test_table_single import tap

from wolfrunde.server.narration_voices import CUE_GAP

TAP_SECONDS = 1.0  # a tap a second: faster than the narrator speaks, so lines queue up on the device


def one_night(seed: int, vote: str, voices: Path) -> list[tuple[dict[str, Any], float, list[dict[str, Any]]]]:
    """The screens from the deal to the first day's discussion: (screen, when it was shown, its new lines
    as the device takes them: the captions with a higher number than any before)."""
    device = single_device(seed, "round", vote, voices)
    assert device.narration is not None and device.narration.wait == 1.0
    rng = random.Random(seed)
    at, last, shown = 0.0, -1, []  # the table opens at 0: the welcome is told then
    for _ in range(500):
        screen = device.screen()
        fresh = [cue for cue in screen.get("captions", []) if cue["id"] > last]
        last = fresh[-1]["id"] if fresh else last
        told = [cue["id"] for cue in device.narration.cues]
        assert last == (told[-1] if told else -1), f"{screen['screen']}: a told line is not on the screen"
        shown.append((screen, at, fresh))
        if screen["screen"] in ("discussion", "over"):
            return shown
        op, data = tap(screen, rng)
        at += TAP_SECONDS
        device.apply(op, data, at)
    raise AssertionError("the night did not end")


@pytest.mark.parametrize("vote", ["hands", "secret"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_one_device_speaks_a_reihum_night_in_the_order_of_its_screens(seed: int, vote: str, tmp_path: Path) -> None:
    shown = one_night(seed, vote, tmp_path)
    played = [cue for _, _, fresh in shown for cue in fresh]
    assert [cue["id"] for cue in played] == list(range(len(played))), "every line once, in the order told"

    first_screen = {cue["scene"]: index for index, (_, _, fresh) in enumerate(shown) for cue in fresh}
    screens = [screen for screen, _, _ in shown]
    welcome, nightfall = first_screen["welcome"], first_screen["round_first_night_falls"]
    assert screens[welcome]["screen"] == "pass" and screens[welcome]["purpose"] == "deal"
    fall = screens[nightfall]
    assert fall["screen"] == "pass" and fall["purpose"] == "round", "the pass screen carries the nightfall"
    assert all(s["purpose"] == "deal" for s in screens[:nightfall]), "the first pass of the round says it"
    round_ends = next(i for i, s in enumerate(screens) if i > nightfall and s.get("purpose") != "round")
    mornings = [scene for scene in first_screen if scene.startswith("morning")]
    assert len(mornings) == 1 and first_screen[mornings[0]] == round_ends, "the morning comes with the day"
    assert all(not fresh for _, _, fresh in shown[nightfall + 1 : round_ends]), "nothing is said during the round"
    assert screens[-1]["screen"] == "discussion" and first_screen["discussion_start"] == len(shown) - 1

    heard_until = 0.0  # the device's queue: a screen's lines start when it is shown or the last line ends
    for screen, at, fresh in shown:
        if fresh:  # each line, then the device's pause before the next (lib/narration.js GAP_MS)
            heard_until = max(heard_until, at) + sum(cue["seconds"] + CUE_GAP for cue in fresh)
        assert screen["spoken_until"] == pytest.approx(heard_until), f"{screen['screen']} at {at}"
    discussion = screens[-1]
    assert discussion["spoken_until"] > shown[-1][1], "the narrator was still speaking when the day began"
    assert all(mark["at"] >= discussion["spoken_until"] for mark in discussion["marks"]), "no warning too early"
