"""The lobby as players use it: what a player types survives what others do meanwhile, a player who moves
up a seat keeps his own, and one who stands up stays standing."""

from __future__ import annotations

from playwright.sync_api import expect
from tests.e2e.online_helpers import add_bots, open_room, register


def test_a_half_typed_chat_line_survives_the_lines_of_others(new_context) -> None:  # type: ignore[no-untyped-def]
    anna, ben = new_context().new_page(), new_context().new_page()
    register(anna, "Anna")
    register(ben, "Ben")
    code = open_room(anna)
    ben.goto(f"/r/{code}")
    expect(anna.locator("ul.seats li")).to_have_count(2)
    ben.fill("#chat-text", "Ich verdächtige")
    ben.locator("#chat-text").press("End")
    for text in ("Hallo zusammen!", "Wer ist noch da?"):
        anna.fill("#chat-text", text)
        anna.click("#chat-send")
        expect(ben.locator("#chat .chatlines")).to_contain_text(text)
    expect(ben.locator("#chat-text")).to_have_value("Ich verdächtige")
    expect(ben.locator("#chat-text")).to_be_focused()
    ben.keyboard.type(" niemanden.")  # the caret stayed at the end of the draft
    ben.click("#chat-send")
    expect(anna.locator("#chat .chatlines")).to_contain_text("Ben: Ich verdächtige niemanden.")
    expect(ben.locator("#chat-text")).to_have_value("")


def test_a_player_who_moves_up_a_seat_keeps_his_own(new_context) -> None:  # type: ignore[no-untyped-def]
    anna, ben = new_context().new_page(), new_context().new_page()
    register(anna, "Anna")
    register(ben, "Ben")
    code = open_room(anna)
    add_bots(anna, 2)
    ben.goto(f"/r/{code}")
    seats = anna.locator("ul.seats li")
    expect(seats).to_have_count(4)
    expect(ben.get_by_text("So spricht man „Ben“")).to_be_visible()
    seats.nth(1).get_by_role("button", name="Entfernen").click()  # a bot before Ben goes
    expect(seats).to_have_count(3)
    expect(seats.nth(2)).to_contain_text("Ben")
    expect(ben.get_by_text("So spricht man „Ben“")).to_be_visible()
    expect(ben.locator("#leave-seat")).to_be_visible()


def test_who_stands_up_stays_standing(new_context) -> None:  # type: ignore[no-untyped-def]
    anna, ben = new_context().new_page(), new_context().new_page()
    register(anna, "Anna")
    register(ben, "Ben")
    code = open_room(anna)
    ben.goto(f"/r/{code}")
    expect(ben.locator("#leave-seat")).to_be_visible()
    ben.reload()  # the page opens with Ben seated already
    expect(ben.locator("#leave-seat")).to_be_visible()
    ben.click("#leave-seat")
    expect(ben.locator("#take-seat")).to_be_visible()
    expect(anna.locator("ul.seats li")).to_have_count(1)
    add_bots(anna, 1)  # the lobby changes after Ben stood up: his page shows it
    expect(ben.locator("ul.seats li")).to_have_count(2)
    expect(anna.locator("ul.seats li").nth(1)).not_to_contain_text("Ben")  # nobody sat Ben down again
    expect(ben.locator("#take-seat")).to_be_visible()
