"""Every kind of decision the engine can ask gets a working form in the browser."""

import pytest

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]
REQUESTS = {
    "seat": {"kind": "seer", "options": {"type": "seat", "choices": [1, 2, 3], "optional": True}},
    "seats": {"kind": "cupid", "options": {"type": "seats", "choices": [0, 1, 2, 3, 4], "count": 2, "optional": True}},
    "gap": {"kind": "dog_handler", "options": {"type": "gap", "choices": [[1, 2], [2, 3]], "optional": True}},
    "card": {"kind": "thief", "options": {"type": "card", "choices": ["werewolf", "seer"], "optional": True}},
    "choice": {"kind": "border_crosser", "options": {"type": "choice", "choices": ["village", "werewolves"]}},
    "yes_no": {"kind": "infect", "options": {"type": "choice", "choices": [False, True]}},
    "number": {"kind": "peek", "options": {"type": "number", "min": 0, "max": 100}},
    "witch": {"kind": "witch", "options": {"type": "witch", "heal": [3], "poison": [0, 1, 3, 4]}},
    "confirm": {"kind": "ready", "options": {"type": "confirm"}},
}
# what each form must offer: (css selector, how many)
CONTROLS = {
    "seat": ("button.option", 3),
    "seats": ("button.option", 5),
    "gap": ("button.option", 2),
    "card": ("button.option", 2),
    "choice": ("button.option", 2),
    "yes_no": ("button.option", 2),
    "number": ("button.hold", 1),
    "witch": ("select", 2),
    "confirm": ("button.submit", 1),
}


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_every_request_type_has_a_usable_form(new_context, name: str) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/online")
    request = {**REQUESTS[name], "seat": 0, "default": None}
    sent = page.evaluate(
        """async ([request, names]) => {
            const { form } = await import("/static/online/decisions.js");
            const sent = [];
            const ctx = { names, picks: {}, decide: (k, c) => sent.push([k, c]), render: () => {} };
            const node = form(request, ctx);
            node.id = "under-test";
            document.body.append(node);
            return sent;
        }""",
        [request, NAMES],
    )
    assert sent == []
    form = page.locator("#under-test")
    html = form.inner_html()
    assert "[object" not in html and "undefined" not in html and "null" not in form.inner_text()
    selector, count = CONTROLS[name]
    assert form.locator(selector).count() == count, html
    assert form.locator("h2").inner_text().strip(), "every decision says what it is about"
    for text in form.locator("button").all_inner_texts():
        assert text.strip(), "a button without a label"


def test_a_closed_vote_shows_who_voted_for_whom_and_the_players_marks(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/online")
    page.wait_for_selector("#name")  # the page has drawn its own screen: nothing replaces ours afterwards
    players = [
        {"seat": s, "name": n, "alive": True, "captain": s == 1, "role": None, "side": None}
        for s, n in enumerate(NAMES)
    ]
    players[0]["role"], players[3]["side"] = "seer", "werewolves"
    view = {
        "seat": 0,
        "name": "Anna",
        "round": 1,
        "phase": "day",
        "step": "vote",
        "result": None,
        "speakers": [],
        "you": {"role": "seer", "side": "village", "alive": True, "lover": 2, "card_state": {}},
        "players": players,
        "pending": [],
        "events": [
            {"type": "day", "round": 1},
            {"type": "votes", "kind": "vote", "ballots": {"0": 4, "1": 4, "2": None}, "counts": {"4": 2}},
        ],
    }
    page.evaluate(
        """async (view) => {
            const { gameScreen } = await import("/static/online/game.js");
            const lobby = { seats: [], recommended_roles: null,
              settings: { roles: ["seer"], timers: { day: 60 }, meldeliste: false } };
            const log = [{ round: 1, phase: "day", type: "day", text: "Der erste Tag beginnt." }];
            const state = { seat: 0, lobby, chat: {}, receipts: {}, sending: {}, picks: {},
              voted: { round: 1, kind: "vote", seats: [0, 1] },
              game: { view, log, timer: null, channels: [] } };
            const room = { state, send() {}, render() {}, decide() {}, openChat() {} };
            const nodes = gameScreen(room).flat(Infinity).filter(Boolean);
            document.getElementById("main").replaceChildren(...nodes);
        }""",
        view,
    )
    rows = page.locator("table.ballots tbody tr")
    assert rows.all_inner_texts() == ["Anna\tEmil", "Ben\tEmil", "Carl\tenthalten"]
    marks = [page.locator(f'li.place[data-seat="{seat}"] .marks').inner_text().split("\n") for seat in range(4)]
    assert marks[0] == ["du", "hat abgestimmt"]
    assert marks[1] == ["Hauptmann", "hat abgestimmt"]
    assert marks[2] == ["verliebt"] and marks[3] == ["Wolf"]


def test_a_question_whose_time_ran_out_cannot_be_answered_and_says_so(new_context) -> None:  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/online")
    page.evaluate(
        """async ([request, names]) => {
            const { form } = await import("/static/online/decisions.js");
            const { closesAt } = await import("/static/online/game.js");
            const { serverNow } = await import("/static/lib/clock.js");
            const node = form(request, { names, picks: {}, decide: () => {}, render: () => {} });
            node.id = "under-test";
            document.body.append(node);
            closesAt(node, serverNow() + 0.6);
        }""",
        [{**REQUESTS["seat"], "seat": 0, "default": None}, NAMES],
    )
    question = page.locator("#under-test")
    assert not page.evaluate("() => document.getElementById('under-test').inert"), "open while its time runs"
    page.wait_for_function("() => document.getElementById('under-test').inert === true")
    assert "Die Zeit ist um" in question.inner_text()
    assert "expired" in (question.get_attribute("class") or "")
    page.evaluate("""async () => {  // a redraw registers the kept form again: still one note
      const { closesAt } = await import("/static/online/game.js");
      closesAt(document.getElementById("under-test"), 0);
    }""")
    page.wait_for_function("() => document.getElementById('under-test').inert === true")
    assert question.locator(".expired-note").count() == 1
