"""Reihum in Chromium: from a metre away every turn of a night looks the same. The element tree of each
turn screen (tags, classes, sizes; no texts) is compared across all holders and roles, and so is the
result screen after each turn; the names on screen stay as at nightfall until the morning."""

from __future__ import annotations

import random

from playwright.sync_api import Page
from tests.e2e.test_table_single import PICK, set_up, wait_change

SHAPE = """() => {
  const walk = (node) => {
    const box = node.getBoundingClientRect();
    return [node.tagName, node.className.replace(/\\bpicked\\b/g, "").trim(), Math.round(box.width),
      Math.round(box.height), [...node.children].map(walk)];
  };
  return JSON.stringify(walk(document.getElementById("main")));
}"""


def test_every_reihum_turn_of_a_night_has_the_same_element_tree(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    set_up(page, "round", "secret")
    rng = random.Random(11)
    turns: list[tuple[str, str]] = []  # (prompt of the first grid, shape)
    results: set[str] = set()
    names_on_screen: set[str] = set()
    seq: str | None = None
    for _ in range(400):
        screen, seq = wait_change(page, seq)
        if screen == "pass":
            if page.locator("#cover").inner_text().count("Nacht") == 0 and turns:
                break  # the night is over: the device goes to a ballot
            page.click("#take")
        elif screen == "card":
            page.click("#done")
        elif screen == "turn":
            shape = page.evaluate(SHAPE)
            prompt = page.locator(".decision strong").first.inner_text()
            turns.append((prompt, shape))
            names_on_screen.add(page.locator(".t-grid").first.inner_text())
            assert page.locator("#lock").count() == 1, "the lock time is shown on every turn"
            page.evaluate(PICK, rng.randrange(100))
            page.locator("#submit:enabled").click()
        elif screen == "result":
            results.add(page.evaluate(SHAPE))
            page.click("#done")
        else:
            break  # the morning: a public screen
    prompts = {prompt for prompt, _ in turns}
    assert "Wen verdächtigst du?" in prompts and len(prompts) > 1, f"decoys and real turns: {prompts}"
    shapes = {shape for _, shape in turns}
    assert len(shapes) == 1, f"every turn of the night has the same element tree and sizes: {difference(shapes)}"
    assert len(results) == 1, f"every result screen has the same element tree and sizes: {difference(results)}"
    assert len(names_on_screen) == 1, "the same names in every turn until the morning"


def difference(shapes: set[str]) -> str:
    """Where the first two shapes part (for the failure message)."""
    first, second, *_ = sorted(shapes)
    at = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), 0)
    return f"{first[max(0, at - 120) : at + 60]!r} vs {second[max(0, at - 120) : at + 60]!r}"
