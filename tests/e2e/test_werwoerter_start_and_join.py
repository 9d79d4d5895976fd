"""Werwörter's start page and join page in Chromium: the day's length is checked in minutes before a
round opens (and in the lobby), an unknown or closed round is named before anyone types a name, and a
refused name gets its real reason."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
RANGE = "Der Tag dauert 1 bis 60 Minuten"


def fill_names(page: Page) -> None:
    for index, name in enumerate(NAMES):
        page.locator(".names input").nth(index).fill(name)


@pytest.mark.parametrize("typed", ["0", "-3", "61", "2.5", ""])
def test_a_day_length_outside_1_to_60_minutes_is_refused_in_minutes(new_context, typed: str) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/ww")
    minutes = page.locator("#one-minutes")
    assert [minutes.get_attribute(name) for name in ("min", "max", "step")] == ["1", "60", "1"]
    fill_names(page)
    minutes.fill(typed)
    page.click("#start-single")
    expect(page.get_by_role("alert")).to_contain_text(RANGE)
    expect(page.get_by_role("alert")).not_to_contain_text("Sekunden")
    expect(minutes).to_have_attribute("aria-invalid", "true")
    assert page.url.endswith("/ww")  # no round was opened
    minutes.fill("2")
    page.click("#start-single")
    page.wait_for_url(re.compile(r"/ww/[A-Z0-9]{6}$"))


def test_the_lobby_keeps_its_day_length_when_a_wrong_one_is_typed(new_context) -> None:  # type: ignore[no-untyped-def]
    host = new_context().new_page()
    host.goto("/ww")
    host.locator("#host-name").fill("Anna")
    host.locator("#own-minutes").fill("3")
    host.click("#start-devices")
    minutes = host.locator("#ww-minutes")
    expect(minutes).to_have_value("3")
    minutes.fill("61")
    minutes.dispatch_event("change")
    expect(host.locator("#toast")).to_contain_text(RANGE)
    expect(minutes).to_have_value("3")


def test_an_unknown_round_is_named_before_the_name_is_asked(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/ww")
    page.locator("#join-code").fill("zzzzzz")
    page.get_by_role("button", name="Beitreten").click()
    page.wait_for_url(re.compile(r"/ww/ZZZZZZ$"))
    expect(page.get_by_test_id("join-refused")).to_have_text("Diese Runde gibt es nicht.")
    expect(page.locator("#join-name")).to_have_count(0)
    expect(page.get_by_role("link", name="Zur Werwörter-Startseite")).to_have_attribute("href", "/ww")


def test_a_round_on_one_device_takes_no_guests_and_a_refused_name_says_why(new_context) -> None:  # type: ignore[no-untyped-def]
    single = new_context().new_page()
    single.goto("/ww")
    fill_names(single)
    single.click("#start-single")
    single.wait_for_url(re.compile(r"/ww/[A-Z0-9]{6}$"))
    guest = new_context().new_page()
    guest.goto(single.url)
    expect(guest.get_by_test_id("join-refused")).to_have_text("Diese Runde nimmt keine Spieler mehr auf.")
    expect(guest.locator("#join-name")).to_have_count(0)

    host = new_context().new_page()
    host.goto("/ww")
    host.locator("#host-name").fill("Anna")
    host.click("#start-devices")
    link = host.get_by_test_id("join-link").get_attribute("href")
    assert link
    other = new_context().new_page()
    other.goto(link)
    other.locator("#join-name").fill("<b>X</b>")
    other.click("#join-button")
    expect(other.get_by_role("alert")).to_contain_text("Diese Zeichen gehen in Namen nicht: „<“ „>“ „/“.")
    expect(other.get_by_role("alert")).not_to_contain_text("bis 20 Zeichen")
