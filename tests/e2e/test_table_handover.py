"""One device in the middle, in Chromium: when the device changes hands (a pass cover, a night call), no
message of the one who held it before stays on screen; a call of the day asks nobody to close his eyes."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from tests.e2e.table_helpers import open_single_table
from tests.e2e.test_table_single import PICK, wait_change

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
ROLES = ["cupid", "werewolf", "seer", "villager", "villager"]
# taps names of grid `grid` from `start` on until one may be tapped; returns its place
PICK_IN = """([grid, start]) => {
  const buttons = [...document.querySelectorAll(".decision .t-grid")[grid].querySelectorAll("button")];
  for (let i = 0; i < buttons.length; i++) {
    const place = (start + i) % buttons.length;
    buttons[place].click();
    if (buttons[place].classList.contains("picked")) return place;
  }
  return -1;
}"""
TOAST_UP = "() => { const box = document.getElementById('toast'); return Boolean(box && !box.hidden); }"


def test_a_refusal_in_amors_turn_is_gone_when_the_device_is_passed_on(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    open_single_table(page, NAMES, roles=ROLES)
    rng = random.Random(3)
    seq: str | None = None
    for _ in range(200):
        screen, seq = wait_change(page, seq)
        if screen == "pass":
            page.click("#take:enabled")
        elif screen in ("card", "result"):
            page.click("#done")
        elif screen == "turn":
            if "Amor" not in page.locator(".decision strong").first.inner_text():
                page.evaluate(PICK, rng.randrange(100))
                page.click("#submit:enabled")
                continue
            # the same name in both grids: the server refuses (without naming the role: the device goes round)
            first = page.evaluate(PICK_IN, [0, 0])
            assert page.evaluate(PICK_IN, [1, first]) == first
            page.click("#submit:enabled")
            refusal = page.locator("#toast").filter(has_text="Zweimal derselbe Spieler")
            refusal.wait_for()
            assert "Amor" not in refusal.inner_text()
            assert page.evaluate(PICK_IN, [1, first + 1]) != first
            page.click("#submit:enabled")
            screen, seq = wait_change(page, seq)
            assert screen == "result"
            page.click("#done")
            screen, seq = wait_change(page, seq)
            assert screen == "pass", "Amor's turn is followed by the next holder's cover"
            assert not page.evaluate(TOAST_UP), "the refusal left with Amor's turn"
            return
    raise AssertionError("Amor's turn never came")


def test_a_toast_goes_when_the_screen_is_for_someone_else(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    shown = page.evaluate(
        """async () => {
          const { renderScreen } = await import("/static/table/single.js");
          const { toast } = await import("/static/lib/toast.js");
          const toastUp = () => { const box = document.getElementById("toast"); return Boolean(box && !box.hidden); };
          const now = Date.now() / 1000;
          const players = ["Anna", "Ben"].map((name, seat) => ({ seat, name, alive: true, captain: false }));
          const question = { kind: "seer", prompt: "Wessen Rolle willst du sehen?",
            options: { type: "seat", choices: [1] }, labels: {} };
          const turn = () => renderScreen({ screen: "turn", holder: "Anna", purpose: "night", label: "Die Seherin",
            players, questions: [question], news: [], now }, () => {}, "TEST");
          const seen = [];
          turn();
          toast("Seherin: so nicht.", "error");
          turn(); // the same holder's screen again (a caption came): the message stays
          seen.push(toastUp());
          renderScreen({ screen: "result", holder: "Anna", news: [], purpose: "night", now }, () => {}, "TEST");
          seen.push(toastUp());
          renderScreen({ screen: "call", phase: "night", title: "Die Hexe erwacht.", night: true, acting: true,
            call: 3, pause: 1, players, captions: [], now, spoken_until: 0 }, () => {}, "TEST");
          seen.push(toastUp());
          turn();
          toast("Seherin: so nicht.", "error");
          renderScreen({ screen: "pass", to: "Ben", purpose: "round", captions: [], now, spoken_until: 0 },
            () => {}, "TEST");
          seen.push(toastUp());
          return seen;
        }"""
    )
    assert shown == [True, True, False, False], "kept for the holder, gone at the call and at the pass cover"


def test_only_night_calls_ask_everyone_to_close_their_eyes(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    texts = page.evaluate(
        """async () => {
          const { renderScreen } = await import("/static/table/single.js");
          const now = Date.now() / 1000;
          const players = [{ seat: 0, name: "Anna", alive: true, captain: false }];
          const call = (title, night, number) => {
            renderScreen({ screen: "call", phase: "night", title, night, acting: true, call: number, pause: 1,
              players, captions: [], now, spoken_until: 0 }, () => {}, "TEST");
            return document.querySelector(".t-call").innerText;
          };
          return [call("Die Seherin erwacht.", true, 1),
            call("Das Urteil ist gefallen – gleich fällt die Karte.", false, 2)];
        }"""
    )
    assert "Alle schließen die Augen." in texts[0]
    assert "Augen" not in texts[1], texts[1]
