"""The website in Chromium: screenshots at phone and desktop width, an axe-core audit, no JavaScript needed.

Screenshots go to a temporary folder. `scripts/screenshots.sh` sets WOLFRUNDE_SITE_SCREENSHOTS to
docs/screenshots, and then the first screen of each page in SHOWCASE is saved there as well.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS
from tests.server.live import LiveServer
from tests.server.site.conftest import site_paths, web_tool

from wolfrunde.server.site import pages

WIDTHS = {"phone": 360, "desktop": 1280}
HEIGHT = 800
SHOWCASE = {
    "/": "start",
    "/regeln": "regeln",
    "/rollen": "rollen",
    "/rollen/seer": "rolle-seherin",
    "/rollen-nach-spielerzahl": "spielerzahl",
}
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("site-live") / "data").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium fehlt unter {CHROMIUM}: bash scripts/system-packages.sh installiert es.")
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield chromium
        chromium.close()


def open_page(browser: Browser, live: LiveServer, width: int, javascript: bool = True, csp: bool = True) -> Page:
    """A page at this width; `csp=False` lets the test inject axe-core past the site's script policy."""
    context = browser.new_context(
        base_url=live.url,
        viewport={"width": width, "height": HEIGHT},
        locale="de-DE",
        java_script_enabled=javascript,
        bypass_csp=not csp,
    )
    context.set_default_timeout(20_000)
    return context.new_page()


def png_width(path: Path) -> int:
    with path.open("rb") as image:
        header = image.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is no PNG"
    return int(struct.unpack(">I", header[16:20])[0])


def test_every_page_fits_and_is_photographed_at_phone_and_desktop_width(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    keep = os.environ.get("WOLFRUNDE_SITE_SCREENSHOTS")
    for label, width in WIDTHS.items():
        page = open_page(browser, live, width)
        for path in pages.all_paths():
            page.goto(path)
            scroll = int(page.evaluate("document.documentElement.scrollWidth"))
            assert scroll <= width, f"{path} is {scroll} px wide at {width} px"
            name = SHOWCASE.get(path) or path.strip("/").replace("/", "-") or "start"
            shot = tmp_path / f"site-{name}-{label}.png"
            page.screenshot(path=str(shot), full_page=True)
            assert png_width(shot) == width and shot.stat().st_size > 5_000, shot
            if keep and path in SHOWCASE:  # for the docs: the first screen only, to keep the files small
                Path(keep).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(keep) / shot.name))
        page.context.close()


def test_axe_finds_nothing_serious_on_any_page(browser: Browser, live: LiveServer) -> None:
    axe = web_tool("axe-core/axe.min.js")
    findings: list[str] = []
    for label, width in WIDTHS.items():
        page = open_page(browser, live, width, csp=False)
        for path in site_paths() if label == "phone" else list(SHOWCASE):
            page.goto(path)
            page.add_script_tag(path=str(axe))
            violations = page.evaluate(
                "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))"
            )
            findings += [f"{label} {path}: {v['id']} ({v['impact']}) {v['nodes'][:3]}" for v in violations]
        page.context.close()
    serious = [f for f in findings if any(f"({impact})" in f for impact in SERIOUS)]
    assert not serious, "\n".join(serious)
    print(f"axe-core: {len(findings)} minor or moderate findings", *findings, sep="\n")


def test_the_role_filter_works_with_javascript_switched_off(browser: Browser, live: LiveServer) -> None:
    page = open_page(browser, live, WIDTHS["phone"], javascript=False)
    page.goto("/rollen")
    page.select_option("#partei", "allein")
    page.select_option("#spieler", "8")
    page.get_by_role("button", name="Zeigen").click()
    expect(page).to_have_url(f"{live.url}/rollen?partei=allein&spieler=8")
    expect(page.locator("main h2")).to_have_text(["Weißer Wolf", "Flötenspieler", "Engel"])
    expect(page.locator("#partei")).to_have_value("allein")
    page.context.close()


def test_the_hoerbeispiel_plays_in_the_browser(browser: Browser, live: LiveServer) -> None:
    page = open_page(browser, live, WIDTHS["phone"])
    page.goto("/rollen/witch#hoerbeispiel")
    audio = page.locator("#hoerbeispiel audio").nth(4)  # Hedda
    audio.evaluate("node => { node.muted = true; return node.play(); }")
    page.wait_for_function(
        "() => { const a = document.querySelectorAll('#hoerbeispiel audio')[4];"
        " return a.currentTime > 0.3 && a.duration > 1 && !a.error; }",
        timeout=60_000,
    )
    assert audio.evaluate("node => node.currentSrc").endswith("narrator=hedda&format=opus")
    page.context.close()
