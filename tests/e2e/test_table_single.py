"""One device in the middle, in Chromium: 8 players typed in, cards dealt by passing the device, the
game played to its end, once with the night "Augen zu" and once "Reihum"."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from tests.e2e.conftest import screenshot

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Frieda", "Gustav", "Hanna"]
STEPS = 1500  # taps at most; a game of 8 needs far fewer
PICK = """(seed) => {
  for (const form of document.querySelectorAll(".decision")) {
    const buttons = [...form.querySelectorAll(".t-grid button")];
    for (let i = 0; i < buttons.length; i++) {
      const button = buttons[(seed + i) % buttons.length];
      button.click();
      if (button.classList.contains("picked")) break;
    }
  }
}"""


def wait_change(page: Page, seq: str | None) -> tuple[str, str]:
    """Waits until the device shows a new screen; returns (screen name, sequence number)."""
    page.wait_for_timeout(40)  # a table taps in human time, well below the device's rate limit
    page.wait_for_function(
        "seq => document.getElementById('main').dataset.seq && document.getElementById('main').dataset.seq !== seq",
        arg=seq or "",
        timeout=15_000,
    )
    data = page.evaluate("() => ({...document.getElementById('main').dataset})")
    return data["screen"], data["seq"]


def tap(page: Page, selector: str, seq: str) -> None:
    """Taps a button of the screen numbered `seq`; a screen drawn anew under the tap (the device redraws on
    every message) is left to the next look, which reads it again."""
    try:
        page.click(selector, timeout=5_000)
    except PlaywrightError:
        if page.evaluate("() => document.getElementById('main').dataset.seq") == seq:
            raise


def answer_questions(page: Page, rng: random.Random) -> None:
    if page.locator(".t-grid").count():  # Reihum: tap names until one may be tapped, in each grid
        page.evaluate(PICK, rng.randrange(100))
        page.locator("#submit:enabled").click()
        return
    for form in page.locator(".decision").all():
        hint = form.locator("p.hint").first
        text = hint.inner_text() if hint.count() else ""
        buttons = form.locator(".choices button:not(.secondary)")
        offered = buttons.count()
        if text.startswith("Wähle "):
            for index in range(int(text.split()[1].rstrip("."))):
                buttons.nth(index).click()
        elif form.locator(".t-heal, .t-poison").count():
            continue  # the witch keeps her potions
        elif offered:
            buttons.nth(rng.randrange(offered)).click()
    page.locator("#submit:enabled").click()


def record_hands(page: Page, rng: random.Random) -> None:
    voters = int(page.locator("#hands-total").inner_text().split()[2])
    rows = page.locator(".t-count")
    pick = rng.randrange(rows.count())
    row = rows.nth(pick)
    if row.locator(".t-captain-vote").count():
        row.locator(".t-captain-vote").click()  # the Hauptmann's hand, counted with one tap
        voters -= 1
    for _ in range(voters):
        row.locator("button").last.click()
    assert page.locator("#record").is_visible()
    page.click("#record")


def set_up(page: Page, night: str, vote: str, shots: bool = False) -> None:
    page.goto("/tisch")
    page.wait_for_selector("#mode-single")
    if shots:
        screenshot(page, "table-start")
    page.click("#mode-single")
    page.fill("#names", "\n".join(NAMES))
    page.wait_for_selector(".t-roles li")
    page.select_option("#narrator", "leopold")
    page.check(f"input[name=night][value={night}]")
    page.check(f"input[name=vote][value={vote}]")
    if shots:
        screenshot(page, "table-setup")
    page.click("#start")


def play(page: Page, night: str, vote: str, shots: bool) -> dict[str, int]:
    rng = random.Random(7)
    set_up(page, night, vote, shots)
    seen: dict[str, int] = {}
    seq: str | None = None
    for _ in range(STEPS):
        screen, seq = wait_change(page, seq)
        seen[screen] = seen.get(screen, 0) + 1
        if shots and seen[screen] == 1:
            screenshot(page, f"table-{night}-{screen}")
        if screen == "over":
            return seen
        if screen == "pass":
            page.click("#take")
        elif screen == "card":
            page.locator("#hold").dispatch_event("pointerdown")
            assert page.locator("#hold .role").inner_text()
            if shots and seen[screen] == 1:
                screenshot(page, "table-card-held")
            page.locator("#hold").dispatch_event("pointerup")
            assert page.locator("#hold .role").count() == 0, "the card hides when released"
            page.click("#done")
        elif screen in ("turn", "public"):
            answer_questions(page, rng)
        elif screen == "result":
            page.click("#done")
        elif screen == "call":
            if page.locator("#take").count():
                page.click("#take")
            else:
                continue  # a call of an absent or dead role passes by itself
        elif screen == "hands":
            record_hands(page, rng)
        elif screen == "discussion":
            page.click("#end-discussion")
        else:
            raise AssertionError(f"unexpected screen {screen}")
    raise AssertionError("the game did not end")


def test_single_device_eyes_closed_game_to_the_end(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    started = time.monotonic()
    seen = play(page, "eyes_closed", "hands", shots=True)
    assert seen["card"] == len(NAMES), "every player saw his card once while dealing"
    assert seen.get("call", 0) > 0 and seen.get("hands", 0) > 0
    assert "Wer war wer" in page.inner_text("main")
    page.click("#game-log summary")
    assert page.locator("#game-log li").count() > 10, "the whole game, night by night"
    page.click("#again")  # the same players in the same seats, a new deal
    page.wait_for_function("() => document.getElementById('main').dataset.screen === 'pass'")
    assert "Anna" in page.inner_text(".t-to")
    assert time.monotonic() - started < 120


def test_single_device_reihum_game_to_the_end_and_resume(new_context) -> None:  # type: ignore[no-untyped-def]
    context = new_context()
    page = context.new_page()
    set_up(page, "round", "secret")
    page.wait_for_selector("#take")
    page.click("#take")
    page.wait_for_selector("#hold")
    page.close()  # the browser is closed in the middle of dealing …
    page = context.new_page()
    page.goto("/tisch")  # … and reopened: the same table, the same player holds the device
    page.wait_for_selector("#hold")
    assert "Anna" in page.inner_text("h1")
    page.click("#done")
    rng = random.Random(3)
    seq: str | None = None
    seen: dict[str, int] = {}
    for _ in range(STEPS):
        screen, seq = wait_change(page, seq)
        seen[screen] = seen.get(screen, 0) + 1
        if seen[screen] == 1 and screen in ("turn", "result", "pass", "discussion"):
            screenshot(page, f"table-round-{screen}")
        if screen == "over":
            break
        if screen == "pass":
            tap(page, "#take", seq)
        elif screen in ("card", "result"):
            tap(page, "#done", seq)
        elif screen in ("turn", "public"):
            answer_questions(page, rng)
        elif screen == "discussion":
            tap(page, "#end-discussion", seq)
        else:
            raise AssertionError(f"unexpected screen {screen}")
    assert seen.get("over") == 1
    assert seen.get("call", 0) == 0, "Reihum has no calls"
    assert seen["turn"] >= len(NAMES), "every living player had a turn in the first night"


def test_buttons_that_move_on_wait_for_the_narrator(new_context, server) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/tisch")
    states = page.evaluate("""async () => {
      const { afterNarration } = await import("/static/table/ui.js");
      const now = Date.now() / 1000;
      const waiting = document.createElement("button"), told = document.createElement("button");
      afterNarration({ spoken_until: now + 0.6, now }, waiting);
      afterNarration({ spoken_until: now - 1, now }, told);
      const early = [waiting.disabled, told.disabled];
      await new Promise((resolve) => setTimeout(resolve, 900));
      return { early, later: waiting.disabled };
    }""")
    assert states == {"early": [True, False], "later": False}


def test_the_sonnenuhr_speaks_on_the_device_at_its_marks(new_context, server) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate("""async () => {
      const { renderScreen } = await import("/static/table/single.js");
      const now = Date.now() / 1000;
      const cue = (text) => ({ text, url: "/nowhere.ogg", seconds: 0.2 });
      renderScreen({ screen: "discussion", phase: "day", deadline: now + 0.8, seconds: 180, now, spoken_until: 0,
        players: [{ seat: 0, name: "Anna", alive: true }], captions: [],
        marks: [{ at: now + 0.3, scene: "sundial_half", cue: cue("Halbzeit!") },
                { at: now - 5, scene: "sundial_last_minute", cue: cue("Längst vorbei") },
                { at: now + 0.8, scene: "sundial_end", cue: cue("Die Zeit ist um.") }] }, () => {}, "TEST");
    }""")
    caption = page.locator(".narration-caption")
    caption.filter(has_text="Halbzeit!").wait_for(timeout=5_000)
    caption.filter(has_text="Die Zeit ist um.").wait_for(timeout=5_000)
    assert page.locator("#end-discussion").count() == 1
