"""Werwörter on one device (the Bürgermeister's), in Chromium against `wolfrunde serve --testing`:
cards passed round, the called night, the day with markers, "Richtig", pointing, then Whoops to the vote."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.e2e.conftest import screenshot

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]


LOOK = """() => {
  const card = document.querySelector("[data-testid=held-card]");
  const style = getComputedStyle(card), box = card.getBoundingClientRect();
  return [style.backgroundColor, style.color, Math.round(box.width), Math.round(box.height), card.textContent];
}"""


def deal_cards(page: Page) -> None:
    looks = set()
    for index, name in enumerate(NAMES):
        expect(page.get_by_role("heading", name=f"Gib das Gerät an {name}")).to_be_visible()
        page.get_by_role("button", name="Karte ansehen").click()
        held = page.get_by_test_id("held-card")
        expect(held).to_be_visible()
        expect(page.get_by_test_id("role-card")).to_have_count(0)  # every card alike until it is held
        looks.add(str(page.evaluate(LOOK)))
        held.dispatch_event("pointerdown")
        expect(page.get_by_test_id("role-card")).to_contain_text(name)
        if index == 0:
            screenshot(page, "werwoerter-ein-geraet-karte")
        held.dispatch_event("pointerup")
        expect(page.get_by_test_id("role-card")).to_have_count(0)
        page.get_by_role("button", name="Verdecken und weitergeben").click()
    assert len(looks) == 1, f"one look for every card until it is held: {looks}"


def test_one_device_plays_a_whole_game_guessed_then_whoops_to_the_vote(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/ww")
    screenshot(page, "werwoerter-start")
    for index, name in enumerate(NAMES):
        page.locator(".names input").nth(index).fill(name)
    page.locator("#one-minutes").fill("5")
    page.click("#start-single")
    page.wait_for_url(re.compile(r"/ww/[A-Z0-9]{6}$"))

    deal_cards(page)
    expect(page.get_by_role("heading", name="Alle kennen ihre Karte")).to_be_visible()
    page.get_by_role("button", name="Play").click()

    # Night: the Bürgermeister taps his secret role and chooses the word; the others see it in turn.
    expect(page.get_by_test_id("cover")).to_be_visible()
    page.wait_for_function("() => document.body.classList.contains('dark')")
    backgrounds = page.evaluate(
        """() => [document.documentElement, document.body].map((n) => getComputedStyle(n).backgroundColor)"""
    )
    assert backgrounds[0] == backgrounds[1] != "rgba(0, 0, 0, 0)", "the night's dark covers the whole screen"
    page.get_by_role("button", name="Geheime Rolle antippen").click()
    expect(page.get_by_test_id("role-card")).to_be_visible()
    screenshot(page, "werwoerter-ein-geraet-zauberwort")
    word = page.locator(".word-choice").first.inner_text().strip()
    page.locator(".word-choice").first.click()
    expect(page.get_by_test_id("cover")).to_be_visible()
    expect(page.get_by_test_id("night-word")).to_have_text(word)
    screenshot(page, "werwoerter-ein-geraet-seherin")
    expect(page.get_by_test_id("night-word")).to_be_hidden()

    # Day: timer, counters, markers by tapping; the word stays hidden until the Bürgermeister peeks.
    expect(page.get_by_test_id("counters")).to_be_visible()
    expect(page.locator(".timer")).to_have_text(re.compile(r"^[45]:\d\d$"))
    expect(page.get_by_test_id("mayor-word")).to_have_count(0)
    page.get_by_role("button", name="Wort zeigen").click()
    expect(page.get_by_test_id("mayor-word")).to_have_text(word)
    page.get_by_role("button", name="Wort verbergen").click()
    askers = page.locator(".askers button")
    askers.nth(0).click()
    page.locator("button[data-marker=ja]").click()
    expect(page.locator(".counter[data-pool=ja_nein] .count")).to_have_text("34")
    expect(page.locator(".askers button[aria-pressed=true]")).to_have_count(0)  # cleared after each answer
    for marker in ("nein", "vielleicht", "knapp_daneben"):
        askers.nth(1).click()
        page.locator(f"button[data-marker={marker}]").click()
    askers.nth(1).click()
    page.get_by_role("button", name=re.compile("^Völlig daneben an")).click()
    expect(page.get_by_test_id("marker-log").locator("li")).to_have_count(5)
    expect(page.locator(".counter[data-pool=vielleicht] .count")).to_have_text("9")
    page.get_by_test_id("hints").locator("summary").click()
    expect(page.get_by_test_id("hints")).to_contain_text("Völlig daneben")
    screenshot(page, "werwoerter-ein-geraet-tag")

    # "Richtig": the word is guessed, the Werwolf reveals and points (entered by the Bürgermeister).
    askers.nth(2).click()
    page.get_by_role("button", name=re.compile("^Richtig!")).click()
    expect(page.get_by_role("button", name=re.compile("wirklich\\? Nochmal tippen"))).to_be_visible()  # it asks first
    page.get_by_role("button", name=re.compile("^Richtig!")).click()
    expect(page.get_by_test_id("revealed-word")).to_have_text(word)
    expect(page.get_by_test_id("wolves")).not_to_be_empty()
    screenshot(page, "werwoerter-ein-geraet-erraten")
    page.locator(".point-entry .targets button").first.click()
    expect(page.get_by_test_id("winner")).to_have_text(re.compile("gewinnt|gewinnen"))
    expect(page.locator(".roles li")).to_have_count(5)
    screenshot(page, "werwoerter-ein-geraet-ergebnis")

    # Whoops: the other ending – one minute of talk (ended early), then everyone's vote entered.
    page.get_by_role("button", name="Whoops").click()
    page.get_by_role("button", name="Ja, umschalten").click()
    expect(page.get_by_role("heading", name="Eine Minute reden")).to_be_visible()
    page.get_by_role("button", name="Jetzt abstimmen").click()
    expect(page.get_by_role("heading", name="Abstimmung")).to_be_visible()
    for voter in range(len(NAMES)):
        page.locator(f"#vote-{voter}").get_by_role("button", name=NAMES[(voter + 1) % len(NAMES)]).click()
    screenshot(page, "werwoerter-ein-geraet-abstimmung")
    page.get_by_role("button", name="Auswerten").click()
    # everyone has exactly one vote: the rules of the seed say the Werwölfe win
    expect(page.get_by_test_id("winner")).to_have_text("Die Werwölfe gewinnen!")
    expect(page.locator(".result")).to_contain_text("Niemand hat mehr als eine Stimme")
    screenshot(page, "werwoerter-ein-geraet-abstimmung-ergebnis")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not errors, errors
