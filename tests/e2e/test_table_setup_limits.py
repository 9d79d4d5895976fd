"""The one-device setup, in Chromium: the recommended roles are asked only for a count of names the table
allows (no refused request, no console error while the names are typed), and the own choice of cards
offers only cards one device can play (no Richter)."""

from __future__ import annotations

from playwright.sync_api import Page


def test_the_setup_asks_for_roles_only_within_the_player_range(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    asked: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/tables/recommended" in r.url else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/tisch")
    page.click("#mode-single")
    page.wait_for_selector("#names")
    page.fill("#names", "Anna\nBen")
    page.locator("#roles").filter(has_text="3 bis 40 Spieler").wait_for()
    page.fill("#names", "\n".join(f"Spieler {i}" for i in range(41)))
    page.locator("#roles").filter(has_text="3 bis 40 Spieler").wait_for()
    with page.expect_response(lambda r: "/api/tables/recommended" in r.url) as answer:
        page.fill("#names", "Anna\nBen\nCarla")
    assert answer.value.ok
    page.wait_for_selector("#roles .t-roles li")
    assert {url.split("players=")[1].split("&")[0] for url in asked} == {"3"}, asked
    assert not errors, errors


def test_the_one_device_card_choice_offers_no_richter(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.click("#mode-single")
    page.fill("#names", "Anna\nBen\nCarla\nDora\nEmil")
    page.wait_for_selector("#roles .t-roles li")
    page.check("#custom-roles")
    page.wait_for_selector("#roles .t-count")
    offered = page.eval_on_selector_all("#roles .t-count a", "links => links.map((a) => a.getAttribute('href'))")
    assert "/rollen/seer" in offered and "/rollen/judge" not in offered
