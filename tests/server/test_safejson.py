"""Client JSON: `loads` takes or refuses a text exactly as checking every text in full would (its depth
scanned outside strings, every parsed string checked for lone surrogates), though it skips both checks
where the text cannot fail them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfrunde.server import safejson
from wolfrunde.server.safejson import RejectedJson, loads

MAX_CHARS = 4000
DEPTH = 4  # small, so that random texts fall on both sides of it

# texts with brackets, quotes, backslashes, escapes and lone surrogates in them
pieces = st.sampled_from(["[", "{", "]", "}", '"', "\\", "\\u", "u", "d800", "\ud800", "\udc00", "a", "ü", "😀"])
texts = st.one_of(st.text(), st.lists(pieces, max_size=12).map("".join))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), texts)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=12,
)


def checked_in_full(raw: str) -> Any:
    """What `loads` answers, with both checks always made (raises RejectedJson)."""
    if safejson._depth(raw) > DEPTH:
        raise RejectedJson("depth")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise RejectedJson("json") from None
    if not safejson._clean_text(value):
        raise RejectedJson("surrogate")
    return value


def outcome(read: Any, raw: str) -> tuple[str, Any]:
    try:
        return "taken", read(raw)
    except RejectedJson:
        return "refused", None


def reason(raw: str) -> str:
    try:
        checked_in_full(raw)
    except RejectedJson as rejected:
        return rejected.reason
    return ""


def assert_read_as_in_full(raw: str) -> None:
    kind, taken = outcome(lambda text: loads(text, max_chars=MAX_CHARS, max_depth=DEPTH), raw)
    expected_kind, expected = outcome(checked_in_full, raw)
    assert kind == expected_kind, (raw, reason(raw))
    assert taken == expected
    if kind == "refused":
        with pytest.raises(RejectedJson) as refused:
            loads(raw, max_chars=MAX_CHARS, max_depth=DEPTH)
        word = {"depth": "verschachtelt", "json": "kein gültiges JSON", "surrogate": "Surrogate"}[reason(raw)]
        assert word in refused.value.reason


@settings(max_examples=400)
@given(value=values, ascii_only=st.booleans(), cut=st.integers(0, 40), wrap=st.integers(0, 2 * DEPTH))
def test_loads_takes_and_refuses_what_checking_in_full_does(value: Any, ascii_only: bool, cut: int, wrap: int) -> None:
    encoded = json.dumps(value, ensure_ascii=ascii_only)
    wrapped = "[" * wrap + encoded + "]" * wrap  # nested around it, on either side of the limit
    for raw in (encoded, encoded[: len(encoded) - cut], wrapped):  # whole, cut off (often no JSON at all), deeper
        assert_read_as_in_full(raw)


@settings(max_examples=400)
@given(raw=st.lists(pieces, max_size=3 * DEPTH).map("".join))
def test_any_text_of_brackets_quotes_and_escapes_is_read_as_in_full(raw: str) -> None:
    assert_read_as_in_full(raw)


@pytest.mark.parametrize(
    ("raw", "word"),
    [
        ('{"ref": "\\ud800"}', "Surrogate"),  # an escape makes a lone surrogate
        ('{"ref": "\ud800"}', "Surrogate"),  # the text itself holds one
        ('{"ref": ["\\udc00", 1]}', "Surrogate"),
        ("[[[[[1]]]]]", "verschachtelt"),
        ('{"a": {"b": {"c": {"d": {"e": 1}}}}}', "verschachtelt"),
    ],
)
def test_refused(raw: str, word: str) -> None:
    with pytest.raises(RejectedJson) as refused:
        loads(raw, max_chars=MAX_CHARS, max_depth=DEPTH)
    assert word in refused.value.reason


@pytest.mark.parametrize(
    "raw",
    [
        '{"ref": "\\ud83d\\ude00"}',  # a pair of escapes is one character
        '{"text": "[[[[[[[[[[ {{{{{{{{"}',  # brackets inside a string do not nest
        '{"text": "\\\\u weiter"}',  # an escaped backslash before a u
        '{"type": "decide", "kind": "vote", "choice": [3]}',
    ],
)
def test_taken(raw: str) -> None:
    assert loads(raw, max_chars=MAX_CHARS, max_depth=DEPTH) == json.loads(raw)
