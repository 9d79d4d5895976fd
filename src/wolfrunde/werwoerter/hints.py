"""The 13 "Leicht vergessen" reminders: stable keys here, German texts in leicht_vergessen_de.json."""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any


class Hint(StrEnum):
    """Keys a UI uses to show the reminder that applies; in the order of the refresher."""

    WHOLE_WORD = "whole_word"
    LAST_MARKER = "last_marker"
    ONLY_WEREWOLF_REVEALS = "only_werewolf_reveals"
    MAYOR_ANSWERS_SILENTLY = "mayor_answers_silently"
    MAYOR_IS_SEER = "mayor_is_seer"
    WEREWOLF_MAYOR_MAY_LIE = "werewolf_mayor_may_lie"
    WAY_OFF_ADDITIONAL = "way_off_additional"
    TIE_ALL_REVEAL = "tie_all_reveal"
    TWO_WEREWOLVES = "two_werewolves"
    VOTE_NEVER_SELF = "vote_never_self"
    ONE_QUESTION_AT_A_TIME = "one_question_at_a_time"
    MAYOR_CARD_CENTER = "mayor_card_center"
    WHOOPS = "whoops"


@cache
def texts() -> dict[str, dict[str, Any]]:
    """Key → {"title", "wrong" (may be absent), "right", "pages"}, German, as a UI shows them."""
    source = resources.files("wolfrunde.werwoerter").joinpath("leicht_vergessen_de.json")
    data: dict[str, dict[str, Any]] = json.loads(source.read_text(encoding="utf-8"))
    return data


def text(hint: Hint | str) -> dict[str, Any]:
    return texts()[str(hint)]
