"""Small German language helpers: lists of names, number and ordinal words."""

from __future__ import annotations

from collections.abc import Sequence

_ORDINALS = (
    "erste",
    "zweite",
    "dritte",
    "vierte",
    "fünfte",
    "sechste",
    "siebte",
    "achte",
    "neunte",
    "zehnte",
    "elfte",
    "zwölfte",
    "dreizehnte",
    "vierzehnte",
    "fünfzehnte",
    "sechzehnte",
    "siebzehnte",
    "achtzehnte",
    "neunzehnte",
)
_UNITS = ("", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun")
_TENS = {2: "zwanzig", 3: "dreißig", 4: "vierzig", 5: "fünfzig", 6: "sechzig", 7: "siebzig", 8: "achtzig", 9: "neunzig"}
_SMALL = (
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
)
NOBODY = "niemand"


def cardinal(number: int) -> str:
    """The German number word for 0 to 999 ("fünfundvierzig" Sekunden)."""
    if not 0 <= number < 1000:
        return str(number)
    if number < 20:
        return _SMALL[number]
    if number < 100:
        tens, units = divmod(number, 10)
        return f"{_UNITS[units]}und{_TENS[tens]}" if units else _TENS[tens]
    hundreds, rest = divmod(number, 100)
    return f"{_UNITS[hundreds]}hundert" + (cardinal(rest) if rest else "")


def ordinal(number: int) -> str:
    """The German ordinal word for 1 to 59 (die "zweite" Nacht)."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINALS[number - 1]
    tens, units = divmod(number, 10)
    if tens not in _TENS or tens > 5:
        return f"{number}."
    return f"{_UNITS[units]}und{_TENS[tens]}ste" if units else f"{_TENS[tens]}ste"


def listing(items: Sequence[str], empty: str = NOBODY) -> str:
    """ "Anna", "Anna und Ben", "Anna, Ben und Carl"; `empty` for none."""
    if not items:
        return empty
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]
