"""The "Leicht vergessen" reminders that apply right now, with their German texts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wolfrunde.werwoerter.hints import texts

FRESH_START = {"night_started", "day_started", "day_ended", "vote_started", "whoops"}
"""Events after which the reminders of the moment before no longer apply."""


def current_keys(events: Iterable[dict[str, Any]], pending: Iterable[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for event in events:
        if event["type"] in FRESH_START:
            keys = []
        keys.extend(event.get("hints", ()))
    for request in pending:
        keys.extend(request.get("hints", ()))
    return list(dict.fromkeys(keys))


def described(keys: Iterable[str]) -> list[dict[str, Any]]:
    known = texts()
    return [{"key": key, **known[key]} for key in keys if key in known]
