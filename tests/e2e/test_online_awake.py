"""The screen stays awake during a running game: the online page asks for a Screen Wake Lock when the game
starts (not in the lobby), asks again when the page is visible after being hidden (the browser drops the
lock then), and plays on where the browser has no wake lock at all."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tests.e2e.online_helpers import add_bots, open_room, register, set_timers

# navigator.wakeLock replaced by a recorder; document.visibilityState made switchable (window.__hide())
WAKE_LOCK_STUB = """
window.__wakeLocks = [];
let visible = true;
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (visible ? "visible" : "hidden") });
const hideOrShow = (now) => {
  visible = now;
  if (!now) for (const lock of window.__wakeLocks) lock.release();  // what the browser does when hidden
  document.dispatchEvent(new Event("visibilitychange"));
};
window.__hide = () => hideOrShow(false);
window.__show = () => hideOrShow(true);
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request: async (type) => {
  const lock = new EventTarget();
  lock.type = type;
  lock.released = false;
  lock.release = async () => {
    if (lock.released) return;
    lock.released = true;
    lock.dispatchEvent(new Event("release"));
  };
  window.__wakeLocks.push(lock);
  return lock;
} } });
"""

NO_WAKE_LOCK = """Object.defineProperty(navigator, "wakeLock", { configurable: true, value: undefined });"""
# every card acts in the first night, so the night waits for the player's own question (its timer, 120 s)
# before anyone can die: the game runs while the test looks. With villagers a bot wolf could kill him at once,
# and the bots alone then play to the end within seconds (no game, no wake lock, no card to tap).
EVERY_CARD_ACTS = {"werewolf": 1, "seer": 1, "witch": 1, "bodyguard": 1, "fox": 1}


def start(page: Page, name: str) -> None:
    register(page, name)
    open_room(page)
    add_bots(page, 4)
    set_timers(page, 120, roles=EVERY_CARD_ACTS)


def test_a_running_game_keeps_the_screen_awake(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.add_init_script(WAKE_LOCK_STUB)
    start(page, "Wach")
    assert page.evaluate("window.__wakeLocks.length") == 0, "the lobby lets the screen sleep"
    page.get_by_role("button", name="Spiel starten").click()
    expect(page.locator("#own-card")).to_be_visible()
    page.wait_for_function("() => window.__wakeLocks.length === 1 && window.__wakeLocks[0].type === 'screen'")

    page.evaluate("window.__hide()")
    page.wait_for_function("() => window.__wakeLocks[0].released")
    assert page.evaluate("window.__wakeLocks.length") == 1, "nothing is asked while the page is hidden"
    page.evaluate("window.__show()")
    page.wait_for_function("() => window.__wakeLocks.length === 2 && !window.__wakeLocks[1].released")

    page.reload()  # a new page asks anew, once
    expect(page.locator("#own-card")).to_be_visible()
    page.wait_for_function("() => window.__wakeLocks.length === 1")
    page.locator("#own-card").click()  # screens drawn anew do not ask again while the lock holds
    expect(page.locator(".card .side")).to_be_visible()
    assert page.evaluate("window.__wakeLocks.length") == 1


def test_without_a_wake_lock_the_game_goes_on(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(NO_WAKE_LOCK)
    start(page, "Müde")
    page.get_by_role("button", name="Spiel starten").click()
    expect(page.locator("#own-card")).to_be_visible()
    expect(page.locator("ul.table li.place")).to_have_count(5)
    page.locator("#own-card").click()
    expect(page.locator(".card .side")).to_be_visible()
    assert page.evaluate("navigator.wakeLock === undefined")
    assert errors == []
