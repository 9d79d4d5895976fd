"""What a tester found walking the table modes in Chromium: a one-device table's link opened on another
device says that nobody can join it; Reihum's name buttons show long names whole (wrapped, never cut),
and every turn of the night still has the one shape."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from tests.e2e.table_helpers import open_single_table
from tests.e2e.test_table_reihum_shape import Night, play_night, same_shapes
from tests.e2e.test_table_single import NAMES, wait_change

# names sharing their beginnings, too long for half a phone's width
LONG_NAMES = [
    "Anna-Katharina Müller",
    "Anna-Katharina Schulz",
    "Konstantin Lehmann-Graf",
    "Konstantin Lorenz",
    "Maximilianbartholomäus",
    "Ben",
    "Carla",
    "Dora",
]
CUT = """() => [...document.querySelectorAll('.t-grid button')]
  .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1)
  .map((b) => b.textContent)"""


def test_the_link_of_a_one_device_table_cannot_be_joined_from_another_device(new_context) -> None:  # type: ignore[no-untyped-def]
    middle = new_context().new_page()
    code = open_single_table(middle, NAMES, night="eyes_closed")
    middle.wait_for_function("() => document.getElementById('main').dataset.screen === 'pass'")

    other = new_context().new_page()
    other.goto(f"/t/{code}")
    other.wait_for_selector("#one-device")
    text = other.inner_text("main")
    assert "einem Gerät" in text and "nicht mitspielen" in text, text
    assert other.locator("#guest-name").count() == 0 and other.locator("#join").count() == 0, "no join form"
    assert other.locator("a[href='/tisch']").count() == 1

    middle.goto(f"/t/{code}")  # the device of the table itself goes on playing
    middle.wait_for_function("() => document.getElementById('main').dataset.screen === 'pass'")
    assert "Anna" in middle.inner_text(".t-to")


def test_reihum_name_buttons_show_long_names_whole_and_every_turn_alike(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    open_single_table(page, LONG_NAMES)
    seq: str | None = None
    for _ in range(40):  # the deal, up to the first turn of the night
        screen, seq = wait_change(page, seq)
        if screen == "turn":
            break
        page.click("#take" if screen == "pass" else "#done")
    else:
        raise AssertionError("no turn came")
    buttons = page.locator(".t-grid").first.locator("button")
    assert [buttons.nth(i).inner_text() for i in range(len(LONG_NAMES))] == LONG_NAMES
    assert page.evaluate(CUT) == [], "every name is shown whole"
    night = Night()
    play_night(page, random.Random(4), night)  # this turn and every other one of the night
    assert len(night.turns) >= len(LONG_NAMES)
    same_shapes(night)
