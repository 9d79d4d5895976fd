"""Browser tests: Debian's Chromium driven by Playwright, against a real `wolfrunde serve` process.

Several browser contexts are several players. Screenshots go to a temporary folder, so a test run leaves
the work tree clean; `WOLFRUNDE_SCREENSHOTS=docs/screenshots` refreshes the committed ones instead.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, ViewportSize, sync_playwright
from tests.server.live import LiveServer

CHROMIUM = os.environ.get("WOLFRUNDE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--autoplay-policy=no-user-gesture-required",
]
PHONE: ViewportSize = {"width": 360, "height": 740}
SCREENSHOTS = Path(
    os.environ.get("WOLFRUNDE_SCREENSHOTS") or Path(tempfile.gettempdir()) / f"wolfrunde-screenshots-{os.getuid()}"
)


# module scope: Playwright's sync API keeps an event loop running in this thread while it lives, which
# would break tests in other folders that call asyncio.run()
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium fehlt unter {CHROMIUM}: bash scripts/system-packages.sh installiert es.")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "data").start()
    yield live
    live.stop()


@pytest.fixture
def new_context(browser: Browser, server: LiveServer) -> Iterator[Callable[..., BrowserContext]]:
    """Call `new_context()` once per player: a phone-sized browser context on the live server."""
    contexts: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        context = browser.new_context(base_url=server.url, viewport=PHONE, locale="de-DE", **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Saves a screenshot as SCREENSHOTS/NAME.png (a temporary folder unless WOLFRUNDE_SCREENSHOTS says where)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
