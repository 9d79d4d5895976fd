"""Players' names as the narrator says them: common first names from a lexicon, unknown letters folded,
and a player's own "Aussprache" (a respelling such as "Schohn" for Jean) when given.

`names_de.json` maps common first names heard in German-speaking countries (German, Turkish, Arabic,
Slavic, French, English) to espeak-ng phonemes, written for German listeners and checked by phoneme
trace and, where installed, by mbrola (tests/narration/test_names.py). Other names are read by espeak's
German rules after `fold`: letters espeak-ng would spell out or hand to another language ("Nguyễn",
"Łukasz", Cyrillic) become the nearest German letters.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

NAMES_PATH = Path(__file__).with_name("names_de.json")
_RAW = NAMES_PATH.read_bytes()
NAMES: Mapping[str, str] = MappingProxyType(json.loads(_RAW))
NAMES_VERSION = hashlib.sha256(_RAW).hexdigest()[:12]
_BY_FOLDED_CASE = {name.casefold(): phonemes for name, phonemes in NAMES.items()}

MAX_NAME = 60
MAX_PRONUNCIATION = 40

_GERMAN = frozenset("abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")
# Letters that do not fall apart into a base letter and a mark: their nearest German spelling.
_LETTERS = {
    "ø": "ö", "Ø": "Ö", "æ": "ä", "Æ": "Ä", "œ": "ö", "Œ": "Ö", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
    "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "ħ": "h", "ŋ": "ng", "ẞ": "ß",
}  # fmt: skip


def _spelling(letters: str, spellings: str) -> dict[str, str]:
    """Lower-case letters of another script and their German spelling ("-": not spoken)."""
    return {
        letter: "" if spelled == "-" else spelled for letter, spelled in zip(letters, spellings.split(), strict=True)
    }


_CYRILLIC = _spelling(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяієїґ",
    "a b w g d e jo sch s i j k l m n o p r s t u f ch z tsch sch schtsch - y - e ju ja i je ji g",
)
_GREEK = _spelling(
    "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώ", "a w g d e s i th i k l m n x o p r s s t i f ch ps o a e i i o i o"
)
_SEPARATORS = re.compile(r"([\s\-]+)")


def clean_name(name: str) -> str:
    """The name as typed, cut to what a voice may read: letters, digits and - ' . between single spaces."""
    kept = "".join(char if char.isalnum() or char in "-'. " else " " for char in name[:MAX_NAME])
    clean = " ".join(kept.split())
    if not any(char.isalnum() for char in clean):
        raise ValueError(f"Der Name {name!r} enthält nichts Sprechbares")
    return clean


def fold(text: str) -> str:
    """The text with every letter espeak-ng's German voice does not read as German turned into German
    letters (ễ → e, ł → l, ж → sch); letters of scripts without a German spelling are left out."""
    out: list[str] = []
    for char in text:
        if char in _GERMAN or not char.isalpha():
            out.append(char)
        elif char in _LETTERS:
            out.append(_LETTERS[char])
        elif (spelled := _CYRILLIC.get(char.lower(), _GREEK.get(char.lower()))) is not None:
            out.append(spelled.capitalize() if char.isupper() else spelled)
        else:
            base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
            out.append(base if base and all(c in _GERMAN for c in base) else "")
    return "".join(out)


def check_pronunciation(say: str) -> str:
    """A player's "Aussprache", cleaned; ValueError with a German message when it cannot be used."""
    clean = " ".join(say.split())
    if len(clean) > MAX_PRONUNCIATION:
        raise ValueError(f"Die Aussprache darf höchstens {MAX_PRONUNCIATION} Zeichen lang sein.")
    if any(not (char.isalpha() or char in " -'") for char in clean):
        raise ValueError("Die Aussprache darf nur Buchstaben, Leerzeichen, Bindestriche und Apostrophe enthalten.")
    if not any(char.isalpha() for char in fold(clean)):
        raise ValueError("Die Aussprache enthält nichts Sprechbares.")
    return clean


def lexicon_phonemes(word: str) -> str | None:
    """The names lexicon's phonemes for one name (any letter case), or None."""
    return _BY_FOLDED_CASE.get(word.casefold()) or _BY_FOLDED_CASE.get(fold(word).casefold())


def name_pieces(name: str) -> list[tuple[str, str | None]]:
    """The name in spoken pieces: (text, phonemes from the lexicon or None), separators as their own
    pieces. A known name with a hyphen ("Jean-Luc") stays one piece; "ANNA" is read as "Anna"."""
    whole = lexicon_phonemes(name)
    if whole is not None:
        return [(name, whole)]
    pieces: list[tuple[str, str | None]] = []
    for token in _SEPARATORS.split(name):
        if not token:
            continue
        if _SEPARATORS.fullmatch(token):
            pieces.append((" ", None))
            continue
        readable = token.capitalize() if token.isupper() and len(token) > 1 else token
        pieces.append((fold(readable), lexicon_phonemes(readable)))
    return pieces


def plain_name(name: str, say: str | None = None) -> str:
    """The name as text for an engine without phoneme input: the Aussprache, else the folded name."""
    return fold(say) if say else fold(name)
