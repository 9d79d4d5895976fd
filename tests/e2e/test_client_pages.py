"""What the shared client toolkit changed for players, in the real pages: a wrong room code is named and
not retried forever, no screen shows the word "null", the login is a real form, a success is not red."""

from __future__ import annotations

import re

from playwright.sync_api import WebSocket, expect
from tests.e2e.test_online_game import PASSWORD, open_room, register


def test_a_wrong_room_code_says_so_and_stops_trying(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    register(page, "Irrtum")
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket) if "/ws/rooms/" in socket.url else None)
    page.clock.install()
    page.fill("#code", "QQQQQ")
    page.press("#code", "Enter")  # the code field is a form: Enter joins
    expect(page.get_by_role("heading", name="Diesen Raum gibt es nicht.")).to_be_visible()
    expect(page.get_by_role("link", name="Zur Online-Runde")).to_be_visible()
    page.clock.run_for(5 * 60_000)  # five minutes of the page's time: a retrying client would have tried again
    page.evaluate("1")
    assert len(sockets) == 1, "an unknown room is not retried"  # the page's notifications socket aside
    assert "Verbindung verloren" not in page.inner_text("body")


def test_no_screen_shows_null(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/tisch")
    page.wait_for_selector("#mode-single")
    assert "null" not in page.inner_text("main"), "the table's start page"
    register(page, "Nullrunde")
    open_room(page)
    for _ in range(4):
        page.get_by_role("button", name="Bot hinzufügen").click()
    expect(page.locator("ul.seats li")).to_have_count(5)
    page.get_by_role("button", name="Spiel starten").click()
    expect(page.locator(".card")).to_be_visible()
    assert not re.search(r"\bnull\b", page.inner_text("main")), "the game screen (under „Deine Rolle“)"


def test_the_login_is_a_form_that_enter_submits(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    register(page, "Formular")
    page.get_by_role("button", name="Abmelden").click()
    form = page.locator("form:has(#name):has(#password)")
    expect(form).to_have_count(1)
    assert page.get_by_label("Name").get_attribute("autocomplete") == "username"
    assert page.get_by_label("Passwort").get_attribute("autocomplete") == "current-password"
    page.fill("#name", "Formular")
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    expect(page.get_by_role("button", name="Neue Runde eröffnen")).to_be_visible()
    page.get_by_role("button", name="Abmelden").click()
    page.fill("#name", "Formular")
    page.fill("#password", "falsch-falsch")
    page.press("#password", "Enter")
    expect(page.get_by_role("alert")).not_to_be_empty()


def test_a_copied_link_is_a_success_not_an_error(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    register(page, "Kopierer")
    open_room(page)
    page.get_by_role("button", name="Link kopieren").click()
    toast = page.locator("#toast")
    expect(toast).to_have_text("Link kopiert.")
    expect(toast).to_have_attribute("data-level", "success")
