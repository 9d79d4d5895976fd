"""The table's Aussprache and "knapp" in Chromium: on their own devices each guest sets how his name is
spoken (kept across a reload, a refusal answered at the field with what was kept) and hears it at once;
the host chooses the short narrator. On the one device the host gives names an Aussprache as he types
them, hears it before the table exists, and chooses "knapp" before the cards are dealt."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tests.e2e.conftest import screenshot


def open_own_table(host: Page) -> str:
    host.goto("/tisch")
    host.click("#mode-own")
    host.fill("#host-name", "Anna")
    host.click("#open-table")
    host.wait_for_selector("#qr")
    return host.inner_text("#code").strip()


def test_own_devices_a_guest_keeps_his_aussprache_and_the_host_chooses_knapp(new_context) -> None:  # type: ignore[no-untyped-def]
    host: Page = new_context().new_page()
    code = open_own_table(host)
    guest: Page = new_context().new_page()
    guest.goto(f"/t/{code}")
    guest.fill("#guest-name", "Jean")
    guest.click("#join")
    guest.wait_for_selector("#say")
    expect(guest.locator("label[for=say]")).to_have_text("So spricht man „Jean“ (freiwillig)")
    expect(guest.locator("#say-hint")).to_contain_text("Leer lassen: wie geschrieben")
    assert guest.get_attribute("#say", "maxlength") == "40"

    guest.fill("#say", "Schohn")
    with guest.expect_response(lambda r: f"/api/tables/{code}/name?" in r.url) as answer:
        guest.get_by_role("button", name="Anhören").click()
    assert answer.value.ok and "say=Schohn" in answer.value.url, "the preview plays what is typed"
    guest.get_by_role("button", name="Aussprache speichern").click()
    host.wait_for_function("() => document.querySelectorAll('#seats li').length === 2")
    guest.reload()
    expect(guest.locator("#say")).to_have_value("Schohn")

    guest.fill("#say", "Sch0hn!")
    guest.get_by_role("button", name="Aussprache speichern").click()
    expect(guest.locator("#say-problem")).to_have_text(
        "Diese Aussprache geht nicht: Die Aussprache darf nur Buchstaben, Leerzeichen, Bindestriche und"
        " Apostrophe enthalten."
    )
    expect(guest.locator("#say")).to_have_value("Schohn")  # what the server kept
    screenshot(guest, "table-own-aussprache-refused")
    guest.fill("#say", "")
    guest.get_by_role("button", name="Aussprache speichern").click()
    expect(guest.locator("#say-problem")).to_have_text("")
    guest.reload()
    expect(guest.locator("#say")).to_have_value("")  # empty: as written

    assert guest.locator("#short-style").count() == 0, "only the host chooses the narrator's style"
    expect(host.locator("label[for=short-style]")).to_contain_text("Knapper Erzähler")
    assert not host.is_checked("#short-style")
    host.evaluate("document.getElementById('short-style').dataset.old = 'yes'")
    host.check("#short-style")
    # the lobby is drawn anew from the table the server sends back: a new box, with the kept choice
    host.wait_for_function(
        "() => { const box = document.getElementById('short-style'); return box && !box.dataset.old && box.checked; }"
    )
    host.reload()
    host.wait_for_selector("#short-style")
    assert host.is_checked("#short-style"), "knapp is kept by the table"


def test_one_device_the_host_gives_a_name_its_aussprache_and_chooses_knapp(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.click("#mode-single")
    page.fill("#names", "Anna\nJean\nCarla\nDora")
    page.click("#says-box summary")
    expect(page.locator("label[for=say-1]")).to_have_text("So spricht man „Jean“ (freiwillig)")
    expect(page.locator("#says-hint")).to_contain_text("Leer lassen: wie geschrieben")
    assert page.get_attribute("#say-1", "maxlength") == "40"
    page.fill("#say-1", "Sch0hn")
    page.click("#say-listen-1")  # "Anhören" before the table exists: the server's reason at the field
    expect(page.locator("#say-problem-1")).to_contain_text("Die Aussprache darf nur Buchstaben")
    page.click("#start")
    page.locator("#toast").filter(
        has_text="Diese Aussprache geht nicht: Name 2 („Jean“) – Die Aussprache darf nur Buchstaben"
    ).wait_for()
    page.fill("#say-1", "Schohn")
    with page.expect_response(lambda r: "/api/tables/names/" in r.url) as heard:
        page.click("#say-listen-1")
    assert heard.value.status == 200 and heard.value.headers["content-type"].startswith("audio/")
    assert "text=Jean" in heard.value.url and "say=Schohn" in heard.value.url
    expect(page.locator("#say-problem-1")).to_have_text("")
    page.fill("#names", "Anna\nJean\nCarla\nDora\nEmil")  # one more name: what was typed for Jean stays
    page.wait_for_selector("#say-4")
    expect(page.locator("#say-1")).to_have_value("Schohn")
    page.check("#short-style")
    screenshot(page, "table-single-aussprache")
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda data: frames.append(str(data))))
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
        page.click("#start")
    body = sent.value.post_data_json
    assert body["says"] == [None, "Schohn", None, None, None] and body["style"] == "knapp"
    page.wait_for_selector("#main[data-screen]")
    screens = [frame for frame in frames if '"type": "screen"' in frame or '"type":"screen"' in frame]
    assert screens and "style=knapp" in screens[0], "the device tells the short texts"
