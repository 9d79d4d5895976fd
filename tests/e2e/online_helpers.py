"""What the online round's browser tests share: accounts and rooms, the receipts' stopwatch, the
axe-core audit."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from tests.e2e.conftest import PHONE, screenshot
from tests.server.site.conftest import web_tool

PASSWORD = "geheim-123"
SERIOUS = ("serious", "critical")

# Records in the page, with performance.now(): every tap on a button of the decision sheet, and each
# time a receipt appears or changes (sending → received), by the request's kind, with its text (a receipt
# may be gone again a moment later, when the next question comes).
RECEIPT_WATCH = """
window.__taps = []; window.__receipts = [];
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest(".sheet button");
  if (button) window.__taps.push({ at: performance.now() });
}, true);
document.addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && document.activeElement
    && document.activeElement.closest && document.activeElement.closest(".sheet button")) {
    window.__taps.push({ at: performance.now() });
  }
}, true);
const last = {};
new MutationObserver(() => {
  for (const node of document.querySelectorAll(".receipt[data-kind]")) {
    const state = node.classList.contains("sending") ? "sending" : "received";
    const kind = node.dataset.kind;
    if (last[kind] !== state) {
      last[kind] = state;
      window.__receipts.push({ kind, state, text: node.textContent, at: performance.now() });
    }
  }
  for (const kind of Object.keys(last)) {
    if (!document.querySelector(`.receipt[data-kind="${kind}"]`)) delete last[kind];
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
"""


def watch_receipts(page: Page) -> None:
    page.add_init_script(RECEIPT_WATCH)


def wait_received(page: Page) -> None:
    """Waits until a receipt has said "Angekommen" on the page (recorded when it showed: the game may have
    moved on to the next question since, which clears the receipts)."""
    # a function, not an expression: Playwright evaluates an expression anew at every poll, which the page's
    # CSP (no eval) refuses as soon as the wait has to poll
    page.wait_for_function(
        "() => window.__receipts.some((r) => r.state === 'received' && r.text.includes('Angekommen'))"
    )


def next_change(page: Page, at_most_ms: int = 1000) -> None:
    """Waits until the page's screen changes (any change of its document: a new view, a receipt, a
    countdown's tick), `at_most_ms` at the longest."""
    page.evaluate(
        """(ms) => new Promise((done) => {
          const stop = () => { observer.disconnect(); done(); };
          const observer = new MutationObserver(stop);
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          setTimeout(stop, ms);
        })""",
        at_most_ms,
    )


def receipt_delays(page: Page) -> tuple[list[float], list[str]]:
    """(milliseconds from the tap to "Angekommen" for every decision sent, the kinds that never got one)."""
    taps: list[dict[str, Any]] = page.evaluate("window.__taps")
    events: list[dict[str, Any]] = page.evaluate("window.__receipts")
    delays, missing = [], []
    for index, event in enumerate(events):
        if event["state"] != "sending":
            continue
        tap = max((t["at"] for t in taps if t["at"] <= event["at"]), default=None)
        received = next(
            (e for e in events[index + 1 :] if e["kind"] == event["kind"] and e["state"] == "received"), None
        )
        if received is None:
            missing.append(event["kind"])
        elif tap is not None:
            delays.append(received["at"] - tap)
    return delays, missing


def screens(page: Page, name: str) -> None:
    """The screen as it is now at phone width (NAME.png) and at 1280 px (NAME-desktop.png), from its top
    (a sticky phase bar would otherwise stand in the middle of a whole-page picture)."""
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, f"{name}-desktop")
    page.set_viewport_size(PHONE)


def register(page: Page, name: str) -> None:
    page.goto("/online")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.get_by_role("button", name="Konto anlegen").click()
    expect(page.get_by_role("button", name="Neue Runde eröffnen")).to_be_visible()


def open_room(host: Page) -> str:
    host.get_by_role("button", name="Neue Runde eröffnen").click()
    expect(host).to_have_url(re.compile(r"/r/[A-Z0-9]{5,7}$"))
    code = host.locator(".code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{5,7}", code)
    return code


def add_bots(host: Page, count: int) -> None:
    seats = host.locator("ul.seats li").count()
    for _ in range(count):
        host.get_by_role("button", name="Bot hinzufügen").click()
    expect(host.locator("ul.seats li")).to_have_count(seats + count)


def set_timers(host: Page, seconds: int, roles: dict[str, int] | None = None) -> None:
    """Every timer to `seconds`; `roles`: the role picker's counts (every other role to 0)."""
    for key in ("night", "day", "vote", "lovers"):
        host.fill(f"#t-{key}", str(seconds))
    if roles is not None:
        pick_roles(host, roles)
    host.get_by_role("button", name="Übernehmen").click()
    expect(host.locator("#t-night")).to_have_value(str(seconds))


def pick_roles(host: Page, roles: dict[str, int]) -> None:
    """Sets the role picker's counts (every role not named to 0); the recommended set is left."""
    for field in host.locator(".role-picker input.count").all():
        role = (field.get_attribute("id") or "").removeprefix("count-")
        field.fill(str(roles.get(role, 0)))
    expect(host.locator("#recommended")).not_to_be_checked()


def audit(page: Page, label: str) -> list[str]:
    """axe-core on the page as it is now: every finding, as text; serious or critical ones fail."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated by the browser's own tooling, so the page's CSP (no inline scripts) does not stop it
        page.evaluate(web_tool("axe-core/axe.min.js").read_text() + "\n;true")
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))"
    )
    findings = [f"{label}: {v['id']} ({v['impact']}) {v['nodes'][:3]}" for v in violations]
    serious = [finding for finding in findings if any(f"({impact})" in finding for impact in SERIOUS)]
    assert not serious, "\n".join(serious)
    return findings


def is_over(page: Page) -> bool:
    return page.locator("section.end").count() > 0
