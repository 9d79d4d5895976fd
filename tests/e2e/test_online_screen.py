"""The online round's screens in Chromium: spectators see the public view only (and nothing when the
lobby forbids it), the role picker, the Aussprache and the narrator's style, a game played with the
keyboard alone, and axe-core on every screen."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, WebSocket, expect
from tests.e2e.online_helpers import (
    PASSWORD,
    add_bots,
    audit,
    is_over,
    next_change,
    open_room,
    pick_roles,
    receipt_delays,
    register,
    screens,
    set_timers,
    wait_received,
    watch_receipts,
)

KEYBOARD_GAME_SECONDS = 150
FIRST_NIGHT_DECKS = {"werewolf": 2, "seer": 1, "bodyguard": 1, "fox": 1}  # each names one seat in night 1


def frames(page: Page) -> list[dict[str, Any]]:
    """Every message the page's room sockets receive, from now on."""
    received: list[dict[str, Any]] = []

    def listen(socket: WebSocket) -> None:
        if "/ws/rooms/" in socket.url:  # not the account's notification socket (invitations)
            socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", listen)
    return received


def test_a_spectator_sees_the_public_table_and_nothing_secret(new_context) -> None:  # type: ignore[no-untyped-def]
    host, viewer = new_context().new_page(), new_context().new_page()
    register(host, "Gastgeberin")
    findings = audit(host, "home")
    code = open_room(host)
    add_bots(host, 4)
    set_timers(host, 30)
    host.get_by_role("button", name="Spiel starten").click()
    expect(host.locator("#own-card")).to_be_visible()

    register(viewer, "Zaungast")
    received = frames(viewer)
    viewer.goto(f"/r/{code}")
    expect(viewer.locator(".watching")).to_contain_text("Du schaust zu")
    expect(viewer.locator("ul.table li.place")).to_have_count(5)
    expect(viewer.locator("details.story ol.log li").first).to_have_text("Die Partie beginnt.")
    assert viewer.locator("#own-card").count() == 0 and viewer.locator(".sheet").count() == 0
    screens(viewer, "online-spectator")
    findings += audit(viewer, "spectator")
    viewer.get_by_role("button", name="Gespräch").click()
    expect(viewer.locator("#chat")).to_be_visible()
    expect(viewer.locator("#chat-text")).to_have_count(0)  # a spectator reads, never writes
    screens(viewer, "online-chat")
    findings += audit(viewer, "spectator chat")
    viewer.wait_for_function("() => document.querySelectorAll('details.story li').length > 1")

    kinds = {message["type"] for message in received}
    assert "watch" in kinds and not kinds & {"game", "chat_history"} - {"chat_history"}
    assert kinds <= {"welcome", "lobby", "watch", "narration", "chat", "chat_history", "pong", "voted"}, kinds
    for message in received:
        if message["type"] == "voted":  # the day's open vote, the same for everyone: who voted, the tally
            assert set(message) <= {"type", "round", "kind", "seats", "voters", "counts", "silence"}, message
        if message["type"] == "watch" and message["view"]["result"] is None:
            assert all(set(p) == {"seat", "name", "alive", "captain"} for p in message["view"]["players"])
        assert "pending" not in json.dumps(message)
    print(*findings, sep="\n")


def test_the_lobby_can_forbid_spectators(new_context) -> None:  # type: ignore[no-untyped-def]
    host, viewer = new_context().new_page(), new_context().new_page()
    register(host, "Streng")
    code = open_room(host)
    add_bots(host, 4)
    host.uncheck("#spectators")
    host.get_by_role("button", name="Übernehmen").click()
    expect(host.locator("#spectators")).not_to_be_checked()
    host.get_by_role("button", name="Spiel starten").click()
    expect(host.locator("#own-card")).to_be_visible()
    register(viewer, "Neugier")
    received = frames(viewer)
    viewer.goto(f"/r/{code}")
    expect(viewer.get_by_text("Zuschauen ist in diesem Raum nicht erlaubt")).to_be_visible()
    assert viewer.locator("ul.table").count() == 0
    assert not {m["type"] for m in received} & {"watch", "game", "narration"}


def test_the_role_picker_offers_every_role_in_german_with_the_recommended_set(new_context) -> None:  # type: ignore[no-untyped-def]
    host, guest = new_context().new_page(), new_context().new_page()
    register(host, "Wählerin")
    code = open_room(host)
    findings = audit(host, "lobby")
    add_bots(host, 4)
    expect(host.locator("#count-seer")).to_have_value("1")
    expect(host.locator("#count-villager")).to_have_value("2")
    expect(host.get_by_label("Seherin", exact=True)).to_be_visible()
    assert host.locator(".role-picker a[href='/rollen/seer']").count() == 1
    expect(host.locator(".role-picker li.captain-item")).to_contain_text("Hauptmann")
    screens(host, "online-role-picker")

    pick_roles(host, {"werewolf": 1, "seer": 1, "villager": 2})  # one card short
    host.get_by_role("button", name="Übernehmen").click()
    expect(host.locator("#toast")).to_contain_text("Die Einstellungen sind ungültig")
    expect(host.locator("#toast")).to_have_attribute("data-level", "error")

    pick_roles(host, {"werewolf": 2, "seer": 1, "villager": 2})
    expect(host.locator("#roles-total")).to_have_text("5 Karten für 5 Spieler")
    host.get_by_role("button", name="Übernehmen").click()
    register(guest, "Zuschauerin")
    guest.goto(f"/r/{code}")
    roles = guest.locator("ul.role-list li")
    expect(roles.first).to_contain_text("Werwolf × 2")
    expect(roles.last).to_contain_text("Hauptmann – wird am ersten Tag gewählt")
    assert guest.locator(".role-picker").count() == 0, "only the host picks"
    findings += audit(guest, "lobby as a guest")
    print(*findings, sep="\n")


def test_the_aussprache_is_heard_at_once_and_kept_and_the_short_narrator_is_a_setting(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    register(page, "Jean")
    open_room(page)
    page.fill("#say", "Sch0hn")
    page.get_by_role("button", name="Anhören").click()
    expect(page.locator("#say-problem")).to_contain_text("Aussprache")
    page.fill("#say", "Schohn")
    with page.expect_response(lambda r: "/name?" in r.url) as answer:
        page.get_by_role("button", name="Anhören").click()
    assert answer.value.ok and "say=Schohn" in answer.value.url
    page.get_by_role("button", name="Aussprache speichern").click()
    page.reload()
    expect(page.locator("#say")).to_have_value("Schohn")

    page.check("#short-style")
    page.get_by_role("button", name="Übernehmen").click()
    page.reload()
    expect(page.locator("#short-style")).to_be_checked()


FOCUSED = """([selector, text]) => {
  const node = document.activeElement;
  return Boolean(node && node.matches(selector) && (text === null || node.textContent.trim() === text));
}"""


def tab_to(page: Page, selector: str, text: str | None = None, presses: int = 120) -> bool:
    """Presses Tab until the focus is on an element matching `selector` (with exactly `text`, if given)."""
    for _ in range(presses):
        if page.evaluate(FOCUSED, [selector, text]):
            return True
        page.keyboard.press("Tab")
    return False


def test_a_whole_game_with_the_keyboard_alone(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    watch_receipts(page)
    page.goto("/online")
    assert tab_to(page, "#name")
    page.keyboard.type("Tastatur")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    assert tab_to(page, "button", "Konto anlegen")
    page.keyboard.press("Enter")
    assert tab_to(page, "button", "Neue Runde eröffnen")
    page.keyboard.press("Enter")
    for _ in range(4):
        assert tab_to(page, "button", "Bot hinzufügen")
        page.keyboard.press("Enter")
    expect(page.locator("ul.seats li")).to_have_count(5)
    for key in ("night", "day", "vote", "lovers"):
        assert tab_to(page, f"#t-{key}")
        page.keyboard.press("Control+A")
        page.keyboard.type("5")
    # every card decides in the first night, so the player reaches a decision before anyone can die
    counts = page.evaluate("() => [...document.querySelectorAll('input.count')].map((i) => [i.id, i.value])")
    for field, value in counts:
        wanted = str(FIRST_NIGHT_DECKS.get(field.removeprefix("count-"), 0))
        if value != wanted:
            assert tab_to(page, f"#{field}")
            page.keyboard.press("Control+A")
            page.keyboard.type(wanted)
    assert tab_to(page, "button", "Übernehmen")
    page.keyboard.press("Enter")
    expect(page.locator("#t-night")).to_have_value("5")
    expect(page.locator("#count-fox")).to_have_value("1")
    assert tab_to(page, "button", "Spiel starten")
    page.keyboard.press("Enter")
    expect(page.locator("#own-card")).to_be_visible()

    decided = 0
    titled = False
    deadline = time.monotonic() + KEYBOARD_GAME_SECONDS
    while time.monotonic() < deadline and not is_over(page):
        if page.locator(".sheet .decision button").count():
            titled = titled or page.title().startswith("Du bist dran")
            if tab_to(page, ".sheet .decision button", presses=60):
                page.keyboard.press("Enter")
                decided += 1
                if decided == 1:  # the next question may come at once and clear it: recorded as it showed
                    wait_received(page)
                    screens(page, "online-receipt")
        next_change(page)
    assert is_over(page), "the game did not end in time"
    assert decided > 0, "the keyboard never reached a decision"
    assert titled, "the page title never said it was this player's turn"
    delays, missing = receipt_delays(page)
    assert not missing, f"decisions without a receipt: {missing}"
    assert not page.title().startswith("Du bist dran")
    assert tab_to(page, "details.story summary")
    print(f"keyboard game: {decided} decisions, receipts after {[round(d) for d in delays]} ms")


def test_a_long_name_is_not_cut_silently(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/online")
    expect(page.locator("#name-hint")).to_have_text("Höchstens 24 Zeichen.")
    page.locator("#name").press_sequentially("Bartholomäus von Hohenzollern")
    expect(page.locator("#name")).to_have_value("Bartholomäus von Hohenzo")
    expect(page.locator("#name-hint")).to_have_text("Der Name hat höchstens 24 Zeichen; mehr passt nicht.")
