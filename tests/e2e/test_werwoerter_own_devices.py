"""Werwörter with everyone's own device, in Chromium against `wolfrunde serve --testing`: five guests
join by the QR code's link, each sees only his own card and the word only if his role may know it,
the Bürgermeister taps markers that everyone sees, and everyone votes on his own phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.e2e.conftest import screenshot
from tests.e2e.online_helpers import next_change

GUESTS = ["Ben", "Carla", "Dora", "Emil"]


def find_page(pages: list[Page], selector: str) -> Page:
    for _ in range(100):
        for page in pages:
            if page.locator(selector).count():
                return page
        next_change(pages[0], 100)
    raise AssertionError(f"no page shows {selector}")


# Records every text the night's word shows on the page: the stage shows it for a moment only (1.5 s on
# a test server), then the night moves on by its timer, faster than a busy machine looks at five pages.
NIGHT_WORD_WATCH = """
window.__nightWords = [];
new MutationObserver(() => {
  const node = document.querySelector("[data-testid=night-word]");
  const text = node && node.textContent.trim();
  if (text && window.__nightWords.at(-1) !== text) window.__nightWords.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def night_word(pages: list[Page]) -> tuple[Page, list[str]]:
    """The first page that has shown the night's word, and what it showed."""
    for _ in range(100):
        for page in pages:
            shown: list[str] = page.evaluate("window.__nightWords")
            if shown:
                return page, shown
        next_change(pages[0], 100)
    raise AssertionError("no page showed the night's word")


def test_five_guests_join_by_qr_link_and_play_to_a_result(new_context) -> None:  # type: ignore[no-untyped-def]
    host = new_context().new_page()
    host.add_init_script(NIGHT_WORD_WATCH)
    host.goto("/ww")
    host.locator("#host-name").fill("Anna")
    host.click("#start-devices")
    expect(host.get_by_role("heading", name="Warten auf Mitspieler")).to_be_visible()
    qr = host.locator("img.qr")
    expect(qr).to_be_visible()
    host.wait_for_function("() => document.querySelector('img.qr').naturalWidth > 0")
    link = host.get_by_test_id("join-link").get_attribute("href")
    assert link and re.search(r"/ww/[A-Z0-9]{6}$", link)
    svg = host.request.get(qr.get_attribute("src") or "")
    assert svg.ok and svg.headers["content-type"].startswith("image/svg+xml")

    pages = [host]
    for name in GUESTS:
        guest = new_context().new_page()
        guest.add_init_script(NIGHT_WORD_WATCH)
        guest.goto(link)
        guest.locator("#join-name").fill(name)
        guest.click("#join-button")
        expect(guest.get_by_role("heading", name="Warten auf Mitspieler")).to_be_visible()
        pages.append(guest)
    expect(host.locator(".players li.online")).to_have_count(5)
    screenshot(host, "werwoerter-eigene-geraete-beitreten")
    host.get_by_role("button", name="Spiel starten").click()

    # Each device shows its own card only.
    for page in pages:
        page.get_by_role("button", name=re.compile("^Meine (Karte|Rolle) ansehen$")).click()
        expect(page.get_by_test_id("role-card")).to_be_visible()
    screenshot(pages[1], "werwoerter-eigene-geraete-rolle")
    host.get_by_role("button", name="Play").click()

    mayor = find_page(pages, "button:has-text('Geheime Rolle antippen')")
    mayor.get_by_role("button", name="Geheime Rolle antippen").click()
    word = mayor.locator(".word-choice").first.inner_text().strip()
    mayor.locator(".word-choice").first.click()
    seer, shown = night_word(pages)
    assert shown == [word], "the night shows the word the Bürgermeister chose"
    screenshot(seer, "werwoerter-eigene-geraete-seherin")

    # Day: the Bürgermeister hands out markers by tapping; every device sees the log.
    expect(mayor.get_by_test_id("counters")).to_be_visible()
    mayor.locator(".askers button").nth(0).click()
    mayor.locator("button[data-marker=ja]").click()
    mayor.locator(".askers button").nth(1).click()
    mayor.locator("button[data-marker=vielleicht]").click()
    others = [page for page in pages if page is not mayor]
    knowing = 0
    for page in others:
        expect(page.get_by_test_id("marker-log").locator("li")).to_have_count(2)
        page.get_by_role("button", name="Meine Rolle ansehen").click()
        role = page.locator(".secret strong").first.inner_text()
        if role in ("Seherin", "Werwolf"):
            knowing += 1
            expect(page.get_by_test_id("my-word")).to_have_text(word)
        else:  # (the raw messages are checked in tests/server/test_werwoerter_room.py)
            expect(page.get_by_test_id("my-word")).to_have_count(0)
    assert knowing >= 1
    screenshot(others[0], "werwoerter-eigene-geraete-tag")
    screenshot(mayor, "werwoerter-eigene-geraete-buergermeister")

    # The app counts the Ja/Nein markers and ends the day with the last one: no button cuts it short.
    expect(mayor.locator(".mayor-panel")).to_contain_text("Mit dem letzten Ja/Nein-Marker endet der Tag von selbst.")
    expect(mayor.get_by_role("button", name=re.compile("Marker mehr"))).to_have_count(0)

    # A wrong "Richtig" (nobody points in time), then Whoops to the vote; everyone votes on his own phone.
    mayor.locator(".askers button").nth(0).click()
    mayor.get_by_role("button", name=re.compile("^Richtig!")).click()
    mayor.get_by_role("button", name=re.compile("^Richtig!.*wirklich")).click()  # it asks first
    expect(mayor.get_by_test_id("winner")).to_be_visible()
    mayor.get_by_role("button", name="Whoops").click()
    mayor.get_by_role("button", name="Ja, umschalten").click()
    mayor.get_by_role("button", name="Jetzt abstimmen").click()
    for index, page in enumerate(pages):
        expect(page.get_by_role("heading", name="Abstimmung")).to_be_visible()
        page.locator(".targets button").first.click()
        if index < len(pages) - 1:  # the last vote ends the game at once
            expect(page.get_by_test_id("my-vote")).to_be_visible()
    for page in pages:
        expect(page.get_by_test_id("winner")).to_have_text(re.compile("gewinnt|gewinnen"))
        expect(page.get_by_test_id("revealed-word")).to_have_text(word)
    screenshot(others[0], "werwoerter-eigene-geraete-ergebnis")
