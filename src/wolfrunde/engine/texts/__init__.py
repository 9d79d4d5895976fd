"""German texts of the game, read from each role's data file and the core's (see catalogue.py).

The layers above the engine (server, web client, narration, rules website) take every German word about
the game from here:

    role_name(role_id)                   "Seherin", "Schwestern" (a role's name, as the rules name its set)
    card_name(role_id)                   "Schwester" (one card of it, as a player holds it)
    role_spoken(role_id)                 "die Seherin" (the narrator names a revealed card so)
    role_pages(), role_page(role_id)     the rules website's page of a role
    step_call(step)                      "Die Seherin", "Beratung" (every value of `view.step`)
    step_line(step)                      "Die Seherin erwacht."
    prompt(kind), hint(kind), nobody_label(kind), request_call(kind), kind_title(kind)
    cause_label(cause), winner_line(winner), side_label(side)
    event_line(event, names, reader)     one event as a German line for seat `reader`
    told_already(event, before)          the event's line would repeat the one before it (skip it)
"""

from __future__ import annotations

from typing import Any

from wolfrunde.engine.texts.catalogue import catalogue, core_texts, role_texts
from wolfrunde.engine.texts.lines import SIDES, card_name, event_line, role_name, told_already

__all__ = [
    "card_name",
    "cause_label",
    "event_line",
    "hint",
    "kind_title",
    "nobody_label",
    "prompt",
    "request_call",
    "role_name",
    "role_page",
    "role_pages",
    "role_spoken",
    "side_label",
    "step_call",
    "step_line",
    "told_already",
    "winner_line",
]


def role_pages() -> dict[str, dict[str, Any]]:
    """All role pages, keyed by role id: name, side, summary (the role's one description), night,
    questions, tips, setup."""
    from wolfrunde.engine.cards import all_cards

    return {role_id: role_page(role_id) for role_id in all_cards()}


def role_page(role_id: str) -> dict[str, Any]:
    texts = role_texts(role_id)
    return {"name": role_name(role_id), "summary": texts.description, **texts.page}


def role_spoken(role_id: str) -> str:
    return role_texts(role_id).spoken


def step_call(step: str) -> str:
    """The German name of a step (a night step's role, or a step of the day): any `view.step`."""
    return catalogue().steps[step].call


def step_line(step: str) -> str:
    return catalogue().steps[step].line


def prompt(kind: str) -> str:
    """The question a request of this kind asks its seat."""
    return catalogue().kinds[kind].prompt


def hint(kind: str) -> str | None:
    return catalogue().kinds[kind].hint


def nobody_label(kind: str) -> str | None:
    """The label of the "nobody"/"nothing" answer of an optional request, if it has one of its own."""
    return catalogue().kinds[kind].nobody


def request_call(kind: str) -> str | None:
    """Who is called for a request of this kind when it is not the current step's call ("Das Mädchen")."""
    return catalogue().kinds[kind].call


def kind_title(kind: str) -> str | None:
    return catalogue().kinds[kind].title


def cause_label(cause: str) -> str:
    return catalogue().causes[cause].label


def winner_line(winner: str) -> str:
    return catalogue().winners[winner].line


def side_label(side: str) -> str:
    return SIDES.get(side, side)


def core_scenes() -> dict[str, Any]:
    return core_texts().scenes
