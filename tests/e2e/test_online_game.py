"""The online round in real browsers: five players register, meet in a room and play to the end; every
decision shows its receipt ("Angekommen") from the server's acknowledgement."""

from __future__ import annotations

import statistics
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tests.e2e.online_helpers import (  # noqa: F401 (PASSWORD: other tests import it from here)
    PASSWORD,
    add_bots,
    audit,
    is_over,
    next_change,
    open_room,
    receipt_delays,
    register,
    screens,
    set_timers,
    watch_receipts,
)

GAME_SECONDS = 150


def join_by_code(page: Page, code: str) -> None:
    page.fill("#code", code.lower())
    page.get_by_role("button", name="Beitreten").click()
    expect(page.get_by_role("button", name="Aufstehen")).to_be_visible()


def act(page: Page, but: str | None = None) -> str | None:
    """Answers the first decision on the screen (not one of kind `but`) by clicking its first offered
    option; returns its kind."""
    decision = page.locator(".sheet .decision" + (f':not([data-kind="{but}"])' if but else "")).first
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


def test_five_players_play_a_whole_game_in_their_browsers(new_context) -> None:  # type: ignore[no-untyped-def]
    names = ["Anna", "Bruno", "Clara", "David", "Erika"]
    pages = [new_context().new_page() for _ in names]
    for page, name in zip(pages, names, strict=True):
        watch_receipts(page)
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
    set_timers(host, 5)
    screens(host, "online-lobby")

    host.get_by_role("button", name="Spiel starten").click()
    for page in pages:
        expect(page.locator("#own-card")).to_be_visible()
        expect(page.locator("ul.table li.place")).to_have_count(5)
    pages[1].locator("#own-card").click()
    expect(pages[1].locator(".card .side")).to_be_visible()
    expect(pages[1].locator(".own-card a[href^='/rollen/']")).to_be_visible()
    screens(pages[1], "online-role-card")

    seen: set[str] = set()
    shots: set[str] = set()
    findings: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline and not all(is_over(page) for page in pages):
        for page in pages:
            if "discussion" not in shots and page.locator('.sheet .decision[data-kind="ready"]').count():
                shots.add("discussion")
                screens(page, "online-discussion")
                findings += audit(page, "discussion")
            kind = act(page)
            if kind is None:
                continue
            seen.add(kind)
            night = page.locator(".phasebar.phase-night").count() > 0
            if night and "night" not in shots and page.locator(".sheet .decision").count():
                shots.add("night")
                screens(page, "online-night-decision")
                findings += audit(page, "night decision")
        if "vote" in seen and "vote" not in shots:
            for page in pages:
                if page.locator('.sheet .decision[data-kind="vote"]').count():
                    shots.add("vote")
                    screens(page, "online-day-vote")
                    findings += audit(page, "day vote")
                    break
        next_change(pages[0])  # the game moves every screen at once

    assert all(is_over(page) for page in pages), f"the game did not end in time (decisions seen: {sorted(seen)})"
    assert {"werewolves", "vote"} <= seen
    delays: list[float] = []
    for page in pages:
        page_delays, missing = receipt_delays(page)
        assert not missing, f"decisions without a receipt: {missing}"
        delays += page_delays
        expect(page.get_by_role("heading", name="Alle Rollen")).to_be_visible()
        expect(page.locator("details.story summary")).to_have_text("Der ganze Verlauf")
        lines = page.locator("details.story ol.log li").all_inner_texts()
        assert len(lines) > 5 and lines[0] == "Die Partie beginnt.", "the story does not start at the beginning"
    assert len(delays) >= len(seen), "too few receipts were measured"
    print(
        f"receipts: {len(delays)} decisions, median {statistics.median(delays):.0f} ms, "
        f"max {max(delays):.0f} ms from the tap to 'Angekommen'"
    )
    end_roles = host.locator("section.end ul.players li")
    expect(end_roles).to_have_count(5)
    screens(host, "online-end")
    findings += audit(host, "end")
    print(*findings, sep="\n")
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
    add_bots(page, 4)
    # every card acts in the first night, so Hanna is asked something once the bots before her are done
    set_timers(page, 120, roles={"werewolf": 1, "seer": 1, "witch": 1, "bodyguard": 1, "fox": 1})
    page.get_by_role("button", name="Spiel starten").click()
    decision = page.locator(".sheet .decision").first
    expect(decision).to_be_visible(timeout=20_000)
    expect(page.locator(".phasebar.phase-night")).to_be_visible()
    kind = decision.get_attribute("data-kind")
    page.locator("#own-card").click()
    role = page.locator(".card .role").inner_text()
    options = page.locator(".decision button.option").all_inner_texts()

    page.reload()
    expect(page.locator(".sheet .decision").first).to_be_visible()
    assert page.locator(".sheet .decision").first.get_attribute("data-kind") == kind
    assert page.locator(".decision button.option").all_inner_texts() == options
    expect(page.locator(".phasebar.phase-night")).to_be_visible()
    page.locator("#own-card").click()
    assert page.locator(".card .role").inner_text() == role
    watch_receipts(page)
    page.reload()
    expect(page.locator(".sheet .decision").first).to_be_visible()
    assert act(page) == kind
    expect(page.locator(f'.receipt[data-kind="{kind}"]')).to_contain_text("Angekommen")
    expect(page.locator(f'.decision[data-kind="{kind}"]')).to_have_count(0)
