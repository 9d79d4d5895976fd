"""The Meldeliste in real browsers: three players and two bots; by day hands are raised, the first has
the word, says "fertig", and the word goes to the next."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect
from tests.e2e.online_helpers import next_change, screens
from tests.e2e.test_online_game import act
from tests.e2e.test_online_votes import start_game


def alive_with_list(page: Page) -> bool:
    return page.locator("#raise-hand").count() > 0


def test_the_meldeliste_gives_the_word_in_order(new_context) -> None:  # type: ignore[no-untyped-def]
    names = ["Anna", "Bruno", "Clara"]
    pages = start_game(new_context, names, meldeliste=True)

    deadline = time.monotonic() + 40
    while time.monotonic() < deadline and sum(alive_with_list(p) for p in pages) < 2:
        for page in pages:
            if page.locator(".phasebar.phase-night").count():
                act(page)  # a human wolf chooses; villagers sleep through the night's timer
        next_change(pages[0])
    speaking = [p for p in pages if alive_with_list(p)]
    assert len(speaking) >= 2, "two living players see the Meldeliste by day"
    first, second = speaking[0], speaking[1]
    first_name = names[pages.index(first)]
    second_name = names[pages.index(second)]

    first.click("#raise-hand")
    expect(second.locator(".speakers .called")).to_contain_text(first_name)
    expect(first.locator("#raise-hand")).to_be_disabled()
    second.click("#raise-hand")
    expect(first.locator(".speakers ol li")).to_have_count(2)
    assert second.locator("#done-speaking").count() == 0, "only the one with the word can hand it on"
    screens(first, "online-meldeliste")
    first.click("#done-speaking")
    expect(second.locator(".speakers .called")).to_contain_text(second_name)
    expect(first.locator(".speakers ol li")).to_have_count(1)
    expect(first.locator("#raise-hand")).to_be_enabled()  # may raise again to speak once more
