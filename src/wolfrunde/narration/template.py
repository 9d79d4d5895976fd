"""Scene texts with placeholders: parsing, checking and filling them in."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PLACEHOLDERS: frozenset[str] = frozenset({"name", "names", "role", "round", "left", "right", "minutes", "seconds"})
_SENTENCE_END = ".!?"

Value = str | int | Sequence[str]

_TOKEN = re.compile(r"\{([^{}]*)\}")


class TemplateError(ValueError):
    """A scene text is malformed or a value for it is missing."""


@dataclass(frozen=True)
class Slot:
    key: str


Part = str | Slot
"""A piece of a parsed text: the words as they stand, or a placeholder."""


@functools.lru_cache(maxsize=16384)  # the catalogue's texts (some 12,000), parsed for every cue said
def parse(text: str) -> tuple[Part, ...]:
    """Split a text into literal pieces and `{placeholder}` slots, rejecting stray braces."""
    parts: list[Part] = []
    position = 0
    for match in _TOKEN.finditer(text):
        _reject_stray_braces(text[position : match.start()], text)
        if match.start() > position:
            parts.append(text[position : match.start()])
        key = match.group(1)
        if not re.fullmatch(r"[a-z_]+", key):
            raise TemplateError(f"ungültiger Platzhalter {{{key}}} in {text!r}")
        parts.append(Slot(key))
        position = match.end()
    _reject_stray_braces(text[position:], text)
    if position < len(text):
        parts.append(text[position:])
    return tuple(parts)


def _reject_stray_braces(piece: str, text: str) -> None:
    if "{" in piece or "}" in piece:
        raise TemplateError(f"einzelne geschweifte Klammer in {text!r}")


def slots(text: str) -> set[str]:
    return {part.key for part in parse(text) if isinstance(part, Slot)}


def spoken(value: Value) -> str:
    """How a value is said: lists of names read as 'Anna, Ben und Carla'."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int):
        return str(value)
    items = [str(item).strip() for item in value]
    if not items:
        raise TemplateError("leere Namensliste")
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " und " + items[-1]


def spoken_duration(seconds: int) -> str:
    """A timer's length as the narrator says it: "dreißig Sekunden", "eine Minute", "anderthalb Minuten",
    "vier Minuten und zwanzig Sekunden"."""
    from wolfrunde.narration.cues import cardinal  # the German number words

    minutes, rest = divmod(max(0, int(seconds)), 60)
    if minutes == 0:
        return "eine Sekunde" if rest == 1 else f"{cardinal(rest)} Sekunden"
    if minutes == 1 and rest == 30:
        return "anderthalb Minuten"
    if rest == 30:
        return f"{cardinal(minutes)}einhalb Minuten"
    whole = "eine Minute" if minutes == 1 else f"{cardinal(minutes)} Minuten"
    if rest == 0:
        return whole
    return f"{whole} und {'eine Sekunde' if rest == 1 else f'{cardinal(rest)} Sekunden'}"


def spoken_for(key: str, value: Value) -> str:
    """How the value of one placeholder is said: `{minutes}` stands for a whole length ("eine Minute"),
    so a number of minutes becomes those words; a text (from `spoken_duration`) is said as it is."""
    if key == "minutes" and isinstance(value, int):
        return spoken_duration(value * 60)
    return spoken(value)


def fill(text: str, values: Mapping[str, Value]) -> str:
    """The text with every slot replaced by its spoken value (capitalised where a sentence begins, as in
    "{seconds} Sekunden."); missing values raise TemplateError."""
    out: list[str] = []
    for part in parse(text):
        if isinstance(part, str):
            out.append(part)
        elif part.key in values:
            value = spoken_for(part.key, values[part.key])
            before = "".join(out).rstrip()
            out.append(value[:1].upper() + value[1:] if not before or before[-1] in _SENTENCE_END else value)
        else:
            raise TemplateError(f"Wert für {{{part.key}}} fehlt in {text!r}")
    return "".join(out)


def is_speakable(piece: str) -> bool:
    """Whether a literal piece holds words (pieces of only spaces and punctuation become pauses)."""
    return any(char.isalnum() for char in piece)
