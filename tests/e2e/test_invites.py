"""Invitations in the browser: Anna invites Ben from her lobby, Ben's open page shows the banner, and
"Beitreten" seats him in Anna's lobby."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tests.e2e.online_helpers import audit, open_room, register


def test_anna_invites_ben_who_joins_from_the_banner(new_context) -> None:  # type: ignore[no-untyped-def]
    anna, ben = new_context().new_page(), new_context().new_page()
    register(anna, "Anna")
    register(ben, "Ben")  # Ben's page stays open on the start of the online round
    code = open_room(anna)
    anna.fill("#invite-name", "Niemand")
    anna.click("#invite-send")
    expect(anna.locator("#invite-status")).to_have_text("Diesen Namen gibt es nicht.")
    anna.fill("#invite-name", "Ben")
    anna.click("#invite-send")
    expect(anna.locator("#invite-status")).to_have_text("Ben ist eingeladen.")
    banner = ben.locator("#invites .invite")
    expect(banner).to_have_count(1)
    expect(banner).to_contain_text(f"Anna lädt dich in den Raum {code} ein.")
    audit(ben, "invitation banner")
    audit(anna, "lobby with the invitation field")
    banner.get_by_role("button", name="Beitreten").click()
    expect(ben).to_have_url(re.compile(f"/r/{code}$"))
    expect(ben.locator("#leave-seat")).to_be_visible()  # he sits at the table
    expect(anna.locator("ul.seats li")).to_have_count(2)
    expect(anna.locator("ul.seats li").nth(1)).to_contain_text("Ben")
    expect(ben.locator("#invites")).to_be_hidden()
    anna.fill("#invite-name", "Ben")
    anna.click("#invite-send")
    expect(anna.locator("#invite-status")).to_have_text("Ben sitzt schon an diesem Tisch.")
