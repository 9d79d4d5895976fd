"""The browser setup itself: Chromium starts, the server serves the client, German at phone width."""


def test_the_client_loads_in_chromium_at_phone_width(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "de"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is wider than a phone: {width}px"
