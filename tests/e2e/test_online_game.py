"""The online round in real browsers: five players register, meet in a room and play to the end."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tests.e2e.conftest import screenshot

PASSWORD = "geheim-123"
GAME_SECONDS = 100


def register(page: Page, name: str) -> None:
    page.goto("/online")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.get_by_role("button", name="Konto anlegen").click()
    expect(page.get_by_role("button", name="Neue Runde eröffnen")).to_be_visible()


def open_room(host: Page) -> str:
    host.get_by_role("button", name="Neue Runde eröffnen").click()
    expect(host).to_have_url(re.compile(r"/r/[A-Z0-9]{5}$"))
    code = host.locator(".code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{5}", code)
    return code


def join_by_code(page: Page, code: str) -> None:
    page.fill("#code", code.lower())
    page.get_by_role("button", name="Beitreten").click()
    expect(page.get_by_role("button", name="Aufstehen")).to_be_visible()


def short_timers(host: Page, seconds: int, roles: list[str] | None = None) -> None:
    for key in ("night", "day", "vote", "lovers"):
        host.fill(f"#t-{key}", str(seconds))
    if roles is not None:
        host.uncheck("#recommended")
        host.fill("#roles", ", ".join(roles))
    host.get_by_role("button", name="Übernehmen").click()
    expect(host.locator("#t-night")).to_have_value(str(seconds))


def act(page: Page) -> str | None:
    """Answers the first decision on the screen by clicking its first offered option; returns its kind."""
    decision = page.locator(".decision").first
    try:
        if decision.count() == 0:
            return None
        kind = decision.get_attribute("data-kind", timeout=500)
        options = decision.locator("button.option:not(.picked)")
        if options.count():
            options.first.click(timeout=1000)
        else:
            decision.locator("button.submit").first.click(timeout=1000)
        return kind
    except PlaywrightError:  # the screen changed under the click: the next round looks again
        return None


def is_over(page: Page) -> bool:
    return page.get_by_role("heading", name="Ende", exact=True).count() > 0


def test_five_players_play_a_whole_game_in_their_browsers(new_context) -> None:  # type: ignore[no-untyped-def]
    names = ["Anna", "Bruno", "Clara", "David", "Erika"]
    pages = [new_context().new_page() for _ in names]
    for page, name in zip(pages, names, strict=True):
        register(page, name)
    host = pages[0]
    code = open_room(host)
    for page in pages[1:4]:
        join_by_code(page, code)
    pages[4].goto(f"/r/{code}")  # the fifth follows the link
    expect(pages[4].get_by_role("button", name="Aufstehen")).to_be_visible()
    expect(host.locator("ul.seats li")).to_have_count(5)
    expect(host.locator("img.qr")).to_have_js_property("complete", True)
    assert host.evaluate("document.querySelector('img.qr').naturalWidth") > 0, "the QR code did not load"
    short_timers(host, 5)
    screenshot(host, "online-lobby")

    host.get_by_role("button", name="Spiel starten").click()
    for page in pages:
        expect(page.locator(".card")).to_be_visible()
    pages[1].locator(".card").click()
    expect(pages[1].locator(".card .side")).to_be_visible()
    screenshot(pages[1], "online-role-card")

    seen: set[str] = set()
    shots: set[str] = set()
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline and not all(is_over(page) for page in pages):
        for page in pages:
            if "dial" not in shots and page.locator('.decision[data-kind="ready"]').count():
                shots.add("dial")
                screenshot(page, "online-discussion")
            kind = act(page)
            if kind is None:
                continue
            seen.add(kind)
            night = page.locator("section.phase-night").count() > 0
            if night and "night" not in shots and kind not in ("confirm", "ready"):
                shots.add("night")
        if "night" in shots and "night-taken" not in shots:
            shots.add("night-taken")
            for page in pages:
                if page.locator(".decision").count() and page.locator("section.phase-night").count():
                    screenshot(page, "online-night-decision")
                    break
        if "vote" in seen and "vote-taken" not in shots:
            for page in pages:
                if page.locator('.decision[data-kind="vote"]').count():
                    shots.add("vote-taken")
                    screenshot(page, "online-day-vote")
                    break
        page.wait_for_timeout(150)

    assert all(is_over(page) for page in pages), f"the game did not end in time (decisions seen: {sorted(seen)})"
    assert {"werewolves", "vote"} <= seen
    for page in pages:
        expect(page.get_by_role("heading", name="Alle Rollen")).to_be_visible()
        expect(page.get_by_role("heading", name="Der ganze Verlauf")).to_be_visible()
        assert page.locator("ul.log li").count() > 5
    end_roles = host.locator("section:has(h2:text('Alle Rollen')) ul.players li")
    expect(end_roles).to_have_count(5)
    screenshot(host, "online-end")
    assert host.get_by_role("button", name="Neue Partie am selben Tisch").count() == 1
    assert pages[1].get_by_role("button", name="Neue Partie am selben Tisch").count() == 0

    host.get_by_role("button", name="Neue Partie am selben Tisch").click()
    for page in pages:
        expect(page.get_by_role("heading", name="Vorraum")).to_be_visible()
    expect(host.locator("ul.seats li")).to_have_count(5)


def test_a_reload_in_the_night_brings_the_player_back_to_the_same_seat(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    register(page, "Hanna")
    open_room(page)
    for _ in range(4):
        page.get_by_role("button", name="Bot hinzufügen").click()
    expect(page.locator("ul.seats li")).to_have_count(5)
    # every card acts in the first night, so Hanna is asked something once the bots before her are done
    short_timers(page, 120, roles=["werewolf", "seer", "witch", "bodyguard", "fox"])
    page.get_by_role("button", name="Spiel starten").click()
    decision = page.locator(".decision").first
    expect(decision).to_be_visible(timeout=20_000)
    expect(page.locator("section.phase-night")).to_be_visible()
    kind = decision.get_attribute("data-kind")
    page.locator(".card").click()
    role = page.locator(".card .role").inner_text()
    options = page.locator(".decision button.option").all_inner_texts()

    page.reload()
    expect(page.locator(".decision").first).to_be_visible()
    assert page.locator(".decision").first.get_attribute("data-kind") == kind
    assert page.locator(".decision button.option").all_inner_texts() == options
    expect(page.locator("section.phase-night")).to_be_visible()
    page.locator(".card").click()
    assert page.locator(".card .role").inner_text() == role
    act(page)
    expect(page.locator(f'.decision[data-kind="{kind}"]')).to_have_count(0)
