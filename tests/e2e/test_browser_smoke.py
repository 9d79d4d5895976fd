"""The browser setup itself: Chromium starts, the server serves the client, German at phone width."""

from tests.e2e.test_online_game import register


def page_width(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_client_fits_a_phone_before_and_after_logging_in(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/online")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page_width(page) <= 360, "the start page is wider than a phone"
    register(page, "Schmal")
    assert page_width(page) <= 360, "the logged-in page is wider than a phone"
    for path in ("/", "/tisch", "/ww"):
        page.goto(path)
        assert page_width(page) <= 360, f"{path} is wider than a phone"
