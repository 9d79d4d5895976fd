"""Everyone's own device, in Chromium: a host opens a table, five guests join through the link the QR
code encodes, the host picks the speaking device, and the game of six is played to its end."""

from __future__ import annotations

import io
import random
import time

import segno
from playwright.sync_api import Error, Page
from tests.e2e.conftest import screenshot
from tests.e2e.online_helpers import next_change

from wolfrunde.server.rooms.lookup import QR_COLOURS
from wolfrunde.server.texts import QR_TITLE

GUESTS = ["Ben", "Carla", "Dora", "Emil", "Frieda"]


def answer_one(page: Page, rng: random.Random) -> bool:
    """Answers the first open question on this device; False when there is none (or it just changed)."""
    form = page.locator("#decisions .decision").first
    try:
        if not form.count():
            return False
        hint = form.locator("p.hint").first
        text = hint.inner_text(timeout=500) if hint.count() else ""
        buttons = form.locator(".choices button:not(.secondary)")
        offered = buttons.count()  # counted once: the form may be redrawn between two looks
        if text.startswith("Wähle "):
            for index in range(int(text.split()[1].rstrip("."))):
                buttons.nth(index).click(timeout=500)
        elif offered and not form.locator(".t-heal, .t-poison").count():
            buttons.nth(rng.randrange(offered)).click(timeout=500)
        form.locator("button.submit:enabled").click(timeout=500)
        return True
    except Error:
        return False  # the screen was redrawn under us: look again


def test_own_devices_six_guests_join_by_qr_and_play_to_the_end(new_context, server) -> None:  # type: ignore[no-untyped-def]
    host = new_context().new_page()
    host.goto("/tisch")
    host.click("#mode-own")
    host.fill("#host-name", "Anna")
    host.click("#open-table")
    host.wait_for_selector("#qr")
    code = host.inner_text("#code").strip()
    link = f"{server.url}/t/{code}"
    served = host.request.get(f"/api/tables/{code}/qr.svg").body()
    expected = io.BytesIO()
    segno.make(link, error="m").save(
        expected, kind="svg", scale=6, border=2, xmldecl=False, title=QR_TITLE.format(code=code), **QR_COLOURS
    )
    assert served == expected.getvalue(), "the QR code encodes the table's join link"
    assert host.evaluate("document.getElementById('qr').naturalWidth") > 0, "the QR code is shown"

    guests: list[Page] = []
    for name in GUESTS:
        page = new_context().new_page()
        page.goto(link)  # what a phone opens after scanning the code
        page.fill("#guest-name", name)
        page.click("#join")
        page.wait_for_selector("text=Warte, bis die Spielleitung")
        guests.append(page)
    host.wait_for_function("() => document.querySelectorAll('#seats li').length === 6")
    zoe = new_context().new_page()  # joins by mistake; the host takes her off the table again
    zoe.goto(link)
    zoe.fill("#guest-name", "Zoe")
    zoe.click("#join")
    host.wait_for_function("() => document.querySelectorAll('#seats li').length === 7")
    host.get_by_role("button", name="Zoe entfernen").click()
    host.wait_for_function("() => document.querySelectorAll('#seats li').length === 6")
    zoe.wait_for_selector("#guest-name")
    host.evaluate("document.getElementById('t-night').dataset.typed = 'yes'")
    host.fill("#t-night", "40")
    host.press("#t-night", "Tab")
    # the lobby is drawn anew from the table the server sends back: a new field, with the kept value
    host.wait_for_function(
        "() => { const f = document.getElementById('t-night'); return f && !f.dataset.typed && f.value === '40'; }"
    )
    host.reload()  # what the server keeps, not what the field shows
    host.wait_for_selector("#t-night")
    assert host.input_value("#t-night") == "40", "the host set 40 seconds for each night step"
    host.select_option("#narrator", "mechthild")
    host.wait_for_function("() => document.getElementById('narrator').value === 'mechthild'")
    with host.expect_response(lambda r: "/api/voices/mechthild/preview" in r.url, timeout=30_000) as preview:
        host.click("#narrator-preview")
    assert preview.value.status in (200, 206), "the host hears the chosen narrator before the game"
    host.select_option("#speaker", "2")
    host.wait_for_selector("#seats li:nth-child(3) .t-speaker")
    screenshot(host, "table-own-lobby")
    host.click("#start")

    pages = [host, *guests]
    for page in pages:
        page.wait_for_function("() => ['decide', 'wait'].includes(document.getElementById('main').dataset.screen)")
    assert "spricht den Erzähler" in guests[1].inner_text("main"), "Carla's device is the speaker"
    assert "spricht den Erzähler" not in host.inner_text("main")
    screenshot(guests[1], "table-own-night")

    guests[0].reload()  # a guest's phone reconnects: back at its seat
    guests[0].wait_for_selector("h1:has-text('Ben')")

    rng = random.Random(5)
    deadline = time.monotonic() + 90
    shots: set[str] = set()
    while time.monotonic() < deadline:
        if all(p.evaluate("document.getElementById('main').dataset.screen") == "over" for p in pages):
            break
        for page in pages:
            if page.locator("#end-discussion").count() and "discussion" not in shots:
                shots.add("discussion")
                screenshot(page, "table-own-discussion")
            if answer_one(page, rng) and "decide" not in shots:
                shots.add("decide")
        next_change(host, 250)  # a new screen on the host, a countdown's tick, a quarter second at most
    else:
        raise AssertionError("the game did not end in time")
    screenshot(host, "table-own-end")
    for page in pages:
        assert page.locator("#result h2").inner_text(), "every device shows who won"
        told = page.evaluate(f"Number(localStorage.getItem('wolfrunde.table.played.{code}'))")
        assert told > 5, "every device got the narrator's cues (the speaker plays them, the others read them)"
        assert page.locator(".t-captions li").count() > 0
        page.click("#game-log summary")  # the whole game, night by night, on every device
        assert page.locator("#game-log li").count() > 10 and "Nacht" in page.inner_text("#game-log")
    host.click("#again")  # play again: the same seats, back in the lobby, for every device
    for page in pages:
        page.wait_for_function("() => document.getElementById('main').dataset.screen === 'lobby'")
    assert host.locator("#seats li").count() == 6
    assert [n.strip() for n in host.locator("#seats li > span:first-child").all_inner_texts()] == ["Anna", *GUESTS]
