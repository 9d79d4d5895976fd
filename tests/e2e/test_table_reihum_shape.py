"""Reihum in Chromium: from a metre away every turn of a night looks the same. The element tree of each
turn screen (tags, classes, sizes; no texts) is compared across all holders and roles (the Dieb, the
Mädchen, the Hundeführer and the Grenzgänger too), and so is the result screen after each turn; the names
on screen stay as at nightfall until the morning."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from tests.e2e.table_helpers import open_single_table
from tests.e2e.test_table_single import NAMES, set_up, wait_change

SHAPE = """() => {
  const walk = (node) => {
    const box = node.getBoundingClientRect();
    return [node.tagName, node.className.replace(/\\bpicked\\b/g, "").trim(), Math.round(box.width),
      Math.round(box.height), [...node.children].map(walk)];
  };
  return JSON.stringify(walk(document.getElementById("main")));
}"""


# the Dieb, the Grenzgänger, the Hundeführer and the Mädchen (Düsterwald: she peeks, the wolves may catch her)
SPECIAL = ["werewolf", "werewolf", "border_crosser", "dog_handler", "little_girl", "seer", "witch", "villager"]
WITH_THIEF = ["thief", "werewolf", "werewolf", "seer", "witch", "hunter", *["villager"] * 4]
# a name in each grid, as PICK does; the Hundeführer sends no dog (two random names are seldom neighbours)
ANSWER = """(seed) => {
  for (const form of document.querySelectorAll(".decision")) {
    const buttons = [...form.querySelectorAll(".t-grid button")];
    const dog = document.querySelector(".decision strong").textContent.startsWith("Zwischen welche Nachbarn");
    for (let i = 0; i < buttons.length; i++) {
      const button = dog ? buttons[buttons.length - 1] : buttons[(seed + i) % buttons.length];
      button.click();
      if (button.classList.contains("picked")) break;
    }
  }
}"""


class Night:
    """What the turns and results of one Reihum night looked like."""

    def __init__(self) -> None:
        self.turns: list[tuple[str, str]] = []  # (prompt of the first grid, shape)
        self.results: set[str] = set()
        self.names_on_screen: set[str] = set()


def play_night(page: Page, rng: random.Random, night: Night, until: str | None = None) -> None:
    """Plays the deal and the first night; `until`: stops after the turn whose first prompt starts so."""
    seq: str | None = None
    before = len(night.turns)
    for _ in range(400):
        screen, seq = wait_change(page, seq)
        if screen == "pass":
            if page.locator("#cover").inner_text().count("Nacht") == 0 and len(night.turns) > before:
                return  # the night is over: the device goes to a ballot
            page.click("#take")
        elif screen == "card":
            page.click("#done")
        elif screen == "turn":
            prompt = page.locator(".decision strong").first.inner_text()
            night.turns.append((prompt, page.evaluate(SHAPE)))
            night.names_on_screen.add(page.locator(".t-grid").first.inner_text())
            assert page.locator("#lock").count() == 1, "the lock time is shown on every turn"
            cut = page.evaluate(
                "() => [...document.querySelectorAll('.decision strong')].some((s) => s.scrollHeight > s.clientHeight)"
            )
            assert not cut, f"the whole question can be read: {prompt}"
            page.evaluate(ANSWER, rng.randrange(100))
            page.locator("#submit:enabled").click()
            if until is not None and prompt.startswith(until):
                return
        elif screen == "result":
            night.results.add(page.evaluate(SHAPE))
            page.click("#done")
        else:
            return  # the morning: a public screen


def test_every_reihum_turn_of_a_night_has_the_same_element_tree(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    set_up(page, "round", "secret")
    night = Night()
    play_night(page, random.Random(11), night)
    prompts = {prompt for prompt, _ in night.turns}
    assert "Wen verdächtigst du?" in prompts and len(prompts) > 1, f"decoys and real turns: {prompts}"
    same_shapes(night)


def test_dieb_maedchen_hundefuehrer_and_grenzgaenger_turns_have_the_common_shape(new_context) -> None:  # type: ignore[no-untyped-def]
    """Two tables of the same eight names: one with the Mädchen (Düsterwald), the Hundeführer and the
    Grenzgänger for a whole first night, one with the Dieb up to his turn; every turn of both alike."""
    rng = random.Random(5)
    night = Night()
    page: Page = new_context().new_page()
    open_single_table(page, NAMES, roles=SPECIAL, rules="duesterwald")
    play_night(page, rng, night)
    page = new_context().new_page()  # another device: the Dieb's table (he never lies in the centre)
    open_single_table(page, NAMES, roles=WITH_THIEF)
    play_night(page, rng, night, until="Nimmst du eine Karte")
    prompts = {prompt for prompt, _ in night.turns}
    for prompt in (
        "Nimmst du eine Karte aus der Mitte?",
        "Für welche Seite entscheidest du dich?",
        "Zwischen welche Nachbarn legst du den Hund?",
        "Blinzelst du durchs Schlüsselloch?",
    ):
        assert any(p.startswith(prompt) for p in prompts), f"{prompt} was asked: {prompts}"
    same_shapes(night)


def same_shapes(night: Night) -> None:
    shapes = {shape for _, shape in night.turns}
    assert len(shapes) == 1, f"every turn of the night has the same element tree and sizes: {difference(shapes)}"
    results = night.results
    assert len(results) == 1, f"every result screen has the same element tree and sizes: {difference(results)}"
    assert len(night.names_on_screen) == 1, "the same names in every turn until the morning"


def difference(shapes: set[str]) -> str:
    """Where the first two shapes part (for the failure message)."""
    first, second, *_ = sorted(shapes)
    at = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), 0)
    return f"{first[max(0, at - 120) : at + 60]!r} vs {second[max(0, at - 120) : at + 60]!r}"
