"""What a voice is asked to say: words, and players' names that are spoken by their own rules.

A scene text filled with names is an `Utterance`: `Words` read with the pronunciation lexicon, and
`Name`s read from the names lexicon or the player's Aussprache. Engines that read espeak phoneme input
(espeak-ng, mbrola) get `phoneme_markup`; pico gets `plain_text`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wolfrunde.narration.names import NAMES_VERSION, clean_name, fold, name_pieces, plain_name
from wolfrunde.narration.pronounce import LEXICON_VERSION, speakable
from wolfrunde.narration.template import TemplateError, Value, parse, spoken, spoken_for

# Part of every voice identity that reads the lexicons, so a changed entry never serves old audio.
PRONUNCIATION_VERSION = hashlib.sha256(f"{LEXICON_VERSION}:{NAMES_VERSION}".encode()).hexdigest()[:12]
NAME_KEYS = frozenset({"name", "names", "left", "right"})
_SENTENCE_END = ".!?"


@dataclass(frozen=True)
class Words:
    text: str


@dataclass(frozen=True)
class Name:
    name: str  # as the player typed it
    say: str | None = None  # the player's Aussprache, already checked (`names.check_pronunciation`)


Utterance = tuple[Words | Name, ...]
Speakable = str | Utterance


def utterance(spoken_text: Speakable) -> Utterance:
    return (Words(spoken_text),) if isinstance(spoken_text, str) else spoken_text


def phoneme_markup(spoken_text: Speakable) -> str:
    """The text for an engine that reads `[[phonemes]]`: lexicon words and known names as phonemes,
    anything typed by players read as plain letters."""
    return "".join(
        speakable(part.text) if isinstance(part, Words) else name_markup(part.name, part.say)
        for part in utterance(spoken_text)
    )


def plain_text(spoken_text: Speakable) -> str:
    """The text for an engine without phoneme input."""
    return "".join(
        part.text if isinstance(part, Words) else plain_name(part.name, part.say) for part in utterance(spoken_text)
    )


def name_markup(name: str, say: str | None = None) -> str:
    """A player's name for espeak-ng or mbrola: the Aussprache read by German rules when given, else the
    names lexicon's phonemes for each known part and the folded letters for the rest ("" when nothing in
    it can be spoken, such as a name only in Chinese characters)."""
    if say:
        return speakable(fold(say))
    try:
        clean = clean_name(name)
    except ValueError:
        return ""
    return "".join(f"[[{phonemes}]]" if phonemes else speakable(text) for text, phonemes in name_pieces(clean))


def filled(text: str, values: Mapping[str, Value], say: Mapping[str, str] | None = None) -> Utterance:
    """A scene text with its placeholders filled, names as `Name` parts (with their Aussprache from `say`,
    keyed by the name as typed); other values as words, capitalised where a sentence begins."""
    say = say or {}
    parts: list[Words | Name] = []
    so_far = ""
    for part in parse(text):
        if isinstance(part, str):
            parts.append(Words(part))
            so_far += part
            continue
        if part.key not in values:
            raise TemplateError(f"Wert für {{{part.key}}} fehlt in {text!r}")
        value = values[part.key]
        if part.key in NAME_KEYS:
            names = [value] if isinstance(value, str | int) else list(value)
            parts += _names(names, say)
            so_far += spoken(value)
            continue
        words = spoken_for(part.key, value)
        before = so_far.rstrip()
        words = words[:1].upper() + words[1:] if not before or before[-1] in _SENTENCE_END else words
        parts.append(Words(words))
        so_far += words
    return tuple(parts)


def _names(names: Sequence[str | int], say: Mapping[str, str]) -> list[Words | Name]:
    if not names:
        raise TemplateError("leere Namensliste")
    parts: list[Words | Name] = []
    for index, name in enumerate(str(n).strip() for n in names):
        if index:
            parts.append(Words(" und " if index == len(names) - 1 else ", "))
        parts.append(Name(name, say.get(name)))
    return parts


def pronunciations_used(spoken_text: Speakable) -> list[str]:
    """The Aussprache entries this utterance uses, as "name=say" (for cache keys)."""
    return [f"{part.name}={part.say}" for part in utterance(spoken_text) if isinstance(part, Name) and part.say]
