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
