"""Everyone's own device, in Chromium: once the server acknowledges a decision, its question gives way to a
receipt ("Angekommen" and the choice) that cannot be answered again, through every redraw until a new
question comes; a refused decision brings the question back."""

from __future__ import annotations

from playwright.sync_api import Page

SEAT = """async () => {
  const { renderSeat } = await import("/static/table/own.js");
  const now = Date.now() / 1000;
  const players = ["Anna", "Ben", "Carla"].map(
    (name, seat) => ({ seat, name, alive: true, captain: false, role: null }));
  const question = (kind, prompt) => (
    { kind, prompt, options: { type: "seat", choices: [1, 2], optional: false }, labels: {} });
  window.sent = [];
  window.answer = null;
  // the socket's request(): resolved (the ack) or rejected (an error) when the test says so
  const request = (message) => new Promise((resolve, reject) => {
    window.sent.push(message);
    window.answer = { resolve, reject };
  });
  window.seat = (kind, prompt) => renderSeat({ now, phase: "night", round: 1, name: "Anna", alive: true, players,
    captions: [], speaker: false, role: { name: "Seherin", description: "…" }, news: [], result: null,
    discussion: false, deadline: now + 60, questions: kind ? [question(kind, prompt)] : [] },
    { host: false }, () => {}, "TEST", request);
  window.seat("seer", "Wessen Rolle willst du sehen?");
}"""


def test_an_acknowledged_choice_becomes_a_receipt(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate(SEAT)
    page.click("#decisions .choices button:has-text('Ben')")
    page.click("#decisions .submit:enabled")
    assert page.evaluate("() => window.sent") == [{"type": "decide", "kind": "seer", "choice": 1}]
    page.locator("#decisions .t-receipt.sending").wait_for()
    assert page.locator("#decisions .choices").count() == 0, "no second answer while the first travels"
    page.evaluate("() => window.answer.resolve({ type: 'ack' })")
    receipt = page.locator("#decisions .t-receipt:not(.sending)")
    receipt.wait_for()
    assert receipt.inner_text() == "Angekommen. Deine Wahl: Ben"
    page.evaluate("() => window.seat('seer', 'Wessen Rolle willst du sehen?')")  # the same question, drawn anew
    assert page.locator("#decisions .t-receipt").inner_text() == "Angekommen. Deine Wahl: Ben"
    assert page.locator("#decisions button").count() == 0, "the question cannot be answered again"
    page.evaluate("() => window.seat(null)")  # the step is over
    page.evaluate("() => window.seat('seer', 'Wessen Rolle willst du sehen?')")  # the next night asks again
    assert page.locator("#decisions .t-receipt").count() == 0
    assert page.locator("#decisions .choices button").count() == 2


def test_a_refused_choice_brings_the_question_back(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate(SEAT)
    page.click("#decisions .choices button:has-text('Carla')")
    page.click("#decisions .submit:enabled")
    page.locator("#decisions .t-receipt.sending").wait_for()
    page.evaluate("() => window.answer.reject(new Error('Der Erzähler spricht noch – gleich geht es weiter.'))")
    page.locator("#decisions .choices").wait_for()
    assert page.locator("#decisions .t-receipt").count() == 0


def test_every_seat_that_answered_looks_the_same(new_context) -> None:  # type: ignore[no-untyped-def]
    page: Page = new_context().new_page()
    page.goto("/tisch")
    page.evaluate(SEAT)
    shape = """() => [...document.querySelectorAll("#decisions, #decisions *")]
      .map((node) => `${node.tagName}.${node.className}`).join(" ")"""
    shapes = []
    for kind, prompt in (("seer", "Wessen Rolle willst du sehen?"), ("werewolf", "Wen fressen die Werwölfe?")):
        page.evaluate("([kind, prompt]) => window.seat(kind, prompt)", [kind, prompt])
        page.click("#decisions .choices button:has-text('Ben')")
        page.click("#decisions .submit:enabled")
        page.evaluate("() => window.answer.resolve({ type: 'ack' })")
        page.locator("#decisions .t-receipt:not(.sending)").wait_for()
        shapes.append(page.evaluate(shape))
    assert shapes[0] == shapes[1]
