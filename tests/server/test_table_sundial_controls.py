"""The one device's Sonnenuhr can be paused, resumed and given a minute more; its warnings move with it."""

from __future__ import annotations

import random

import pytest
from tests.server.test_table_single import new_device, tap

from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table.single import DIAL_EXTENSION, SingleDevice


def at_the_discussion() -> tuple[SingleDevice, float]:
    device = new_device(8, 2, "eyes_closed", "hands")
    rng = random.Random(2)
    at = 1000.0
    while device.screen()["screen"] != "discussion":
        at += 1
        device.apply(*tap(device.screen(), rng), at)
    return device, at


def test_the_sonnenuhr_pauses_resumes_and_grows_by_a_minute() -> None:
    device, at = at_the_discussion()
    first = device.screen()
    deadline, seconds = first["deadline"], first["seconds"]
    ends = [m["at"] for m in first["marks"]]
    device.apply("dial", {"action": "pause"}, at + 10)
    paused = device.screen()
    assert paused["paused_left"] == pytest.approx(deadline - (at + 10))
    with pytest.raises(Refusal) as standing:
        device.apply("dial", {"action": "pause"}, at + 11)  # already standing
    assert standing.value.code == "not_now" and "steht schon" in (standing.value.detail or "")
    device.apply("dial", {"action": "resume"}, at + 40)
    with pytest.raises(Refusal) as running:
        device.apply("dial", {"action": "resume"}, at + 40)
    assert running.value.code == "not_now" and "läuft schon" in (running.value.detail or "")
    resumed = device.screen()
    assert resumed["paused_left"] is None and resumed["deadline"] == pytest.approx(deadline + 30)
    assert [m["at"] for m in resumed["marks"]] == pytest.approx([e + 30 for e in ends]), "the warnings wait too"
    device.apply("dial", {"action": "extend"}, at + 41)
    longer = device.screen()
    assert longer["deadline"] == pytest.approx(deadline + 30 + DIAL_EXTENSION)
    assert longer["seconds"] == seconds + DIAL_EXTENSION
    with pytest.raises(Refusal, match="malformed"):
        device.apply("dial", {"action": "fly"}, at + 42)
    assert device.screen() == longer, "a refused tap changes nothing"


def test_the_sonnenuhr_has_a_longest_time() -> None:
    device, at = at_the_discussion()
    with pytest.raises(Refusal) as refused:
        for step in range(60):
            device.apply("dial", {"action": "extend"}, at + step)
    assert "30 Minuten" in refused.value.message
    assert device.screen()["seconds"] <= 1800
