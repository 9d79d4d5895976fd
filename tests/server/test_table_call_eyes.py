"""One device, "Augen zu": a call screen says whether its step belongs to the night (everyone closes his
eyes) or to the day (the verdict, the end of a vote), so the device asks for closed eyes only at night."""

from __future__ import annotations

import random

from tests.server.test_table_single import new_device, play

from wolfrunde.engine.core import DAY_STEPS
from wolfrunde.server.table import texts
from wolfrunde.server.table.single import SingleDevice


def test_call_screens_of_day_steps_are_not_night_calls() -> None:
    day_titles = {texts.wakes(step) for step in DAY_STEPS}
    seen: dict[str, set[bool]] = {}

    def watch(device: SingleDevice, screen: dict[str, object]) -> None:
        if screen["screen"] == "call":
            seen.setdefault(str(screen["title"]), set()).add(bool(screen["night"]))

    for seed in range(6):
        play(new_device(8, seed, "eyes_closed", "hands"), random.Random(seed), watch)
    day = {title for title in seen if title in day_titles}
    assert day, f"the games called a step of the day: {sorted(seen)}"
    for title, nights in seen.items():
        assert nights == {title not in day_titles}, title
