"""German pronunciation fixes for espeak-ng: words espeak says wrongly are replaced by `[[phonemes]]`.

The lexicon (`lexicon_de.json`) maps a word form, case-sensitive, to espeak-ng's own German phoneme notation.
Engines that read `[[...]]` (espeak-ng with espeakPHONEMES, the espeak-ng CLI behind mbrola) get the text
through `apply_lexicon`; `LEXICON_VERSION` belongs in their cache identity.

The `suspicions` detector names the classes of words espeak-ng tends to get wrong (see docs/pronunciation.md).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

LEXICON_PATH = Path(__file__).with_name("lexicon_de.json")
_RAW = LEXICON_PATH.read_bytes()
LEXICON: Mapping[str, str] = MappingProxyType(json.loads(_RAW))
LEXICON_VERSION = hashlib.sha256(_RAW).hexdigest()[:12]

LETTER = r"[^\W\d_]"  # any Unicode letter, so ÄÖÜäöüß count as part of a word
WORD = re.compile(rf"{LETTER}+(?:'{LETTER}+)?")  # "geht's" is one word, as in the lexicon
PHONEME_INPUT = re.compile(r"\[\[.*?\]\]", re.DOTALL)
_LONGEST_FIRST = sorted(LEXICON, key=len, reverse=True)
_LOOKUP = re.compile(
    rf"(?P<phonemes>{PHONEME_INPUT.pattern})"
    rf"|(?<!{LETTER})(?P<word>{'|'.join(map(re.escape, _LONGEST_FIRST))})(?!{LETTER}|'{LETTER})",
    re.DOTALL,
)


def apply_lexicon(text: str) -> str:
    """The text with every lexicon word (whole word, same case) spoken from its phonemes; `[[...]]` stays."""

    def replace(match: re.Match[str]) -> str:
        word = match.group("word")
        return match.group(0) if word is None else f"[[{LEXICON[word]}]]"

    return _LOOKUP.sub(replace, text)


def speakable(text: str) -> str:
    """Any text (names typed by players included) for an engine that reads `[[...]]`: brackets in the text
    are read as brackets, never as phoneme input; lexicon words come as phonemes."""
    return apply_lexicon(text.replace("[", "(").replace("]", ")"))


def words_outside_phonemes(text: str) -> list[str]:
    """The words espeak-ng will still read by its own rules."""
    return WORD.findall(PHONEME_INPUT.sub(" ", text))


# Suspicion classes. Each is a cheap test on the spelling or on espeak's own phonemes for the word.
UNSTRESSED_LONG_E = "unstressed-long-e"  # e: in an unstressed syllable after the first, or an unstressed ge:/be: start
CHS = "chs"  # "chs" is ks inside a stem (Fuchs) but ç/x + s across a suffix (riechst, durchs): always review
SPELLED_OUT = "spelled-out"  # no vowel letter at all: espeak reads it letter by letter (Pst -> p, e:, Es, t, e:)
ENGLISH = "english"  # espeak switched to its English voice for the word
TWO_PRIMARY_STRESSES = "two-primary-stresses"  # a compound with two main stresses instead of main + secondary
SUSPICIONS = (UNSTRESSED_LONG_E, CHS, SPELLED_OUT, ENGLISH, TWO_PRIMARY_STRESSES)

_VOWEL = re.compile(r"aU|aI|OY|EI|[aAeEiIoOuUyY2]:|[AO]~|[EI]2|[aAeEiIoOuUyYW@369]")
_VOWEL_LETTER = re.compile(r"[aeiouyäöü]", re.IGNORECASE)


def _vowels(phonemes: str) -> list[tuple[str, bool]]:
    """Each syllable nucleus with whether it is stressed; espeak writes ' or , at the start of a stressed syllable."""
    nuclei: list[tuple[str, bool]] = []
    for segment in re.split(r"(?=[',])", phonemes):
        for index, vowel in enumerate(_VOWEL.findall(segment.replace("I;", ""))):
            nuclei.append((vowel, index == 0 and segment[:1] in "',"))
    return nuclei


def suspicions(word: str, phonemes: str) -> frozenset[str]:
    """Which suspicion classes a word falls in, given espeak's phonemes for it alone."""
    found: set[str] = set()
    bare = phonemes.lstrip("_!|")
    nuclei = _vowels(bare)
    if any(v == "e:" and not stressed for v, stressed in nuclei[1:]) or re.match(r"[gb]e:", bare):
        found.add(UNSTRESSED_LONG_E)
    if "chs" in word.lower():
        found.add(CHS)
    if not _VOWEL_LETTER.search(word):
        found.add(SPELLED_OUT)
    if "(en)" in phonemes:
        found.add(ENGLISH)
    if phonemes.count("'") > 1:
        found.add(TWO_PRIMARY_STRESSES)
    return frozenset(found)


_CHS_STEM = "chs is ks inside the stem"
_CHS_SUFFIX = "ch/sch + s(t) across a suffix or compound seam, espeak keeps ç/x/S"
_LONG_E_FOREIGN = "unstressed long e is standard here (loan word, name or numeral)"
_UNSTRESSED_FUNCTION_WORD = "function word, unstressed in the sentence anyway"
_ENGLISH_ON_PURPOSE = "anglicism left to espeak's English voice on purpose (docs/pronunciation.md)"

# Words the detector flags that were reviewed and need no lexicon entry: word -> why.
ACCEPTED: Mapping[str, str] = MappingProxyType(
    {
        **dict.fromkeys(
            (
                "Büchse",
                "Fuchsbau",
                "Füchse",
                "Rätselfüchse",
                "Schichtwechsel",
                "Seitenwechsel",
                "Wechselkandidat",
                "Wechsel",
                "Wechsle",
                "wechsle",
                "wechseln",
                "wechselst",
                "wechselt",
                "Abwechslung",
                "Hauptmannswechsel",
                "Rollenwechsel",
                "wächst",
            ),
            _CHS_STEM,
        ),
        **dict.fromkeys(
            (
                "Austauschs",
                "Klatschspalte",
                "Nachschießen",
                "durchschaut",
                "Buchstaben",
                "Durchsage",
                "Gefährlichste",
                "Geruchssinn",
                "Gesprächsstoff",
                "Gleichstand",
                "Gleichstands",
                "Herzlichste",
                "Hochspannung",
                "Nächste",
                "Nächsten",
                "Nächster",
                "Nächstes",
                "nächste",
                "nächsten",
                "nächster",
                "nächstes",
                "übernächsten",
                "bewachst",
                "brauchst",
                "durchschauen",
                "durchschneiden",
                "eintauschst",
                "erwachst",
                "friedlichste",
                "heimsuchst",
                "machst",
                "suchst",
                "tauschst",
                "wachst",
            ),
            _CHS_SUFFIX,
        ),
        **dict.fromkeys(
            (
                "Alchemie",
                "Diskretion",
                "Generation",
                "Strategie",
                "Telefon",
                "Fünfzehn",
                "fünfzehn",
                "Kaffee",
                "Kaffeeklatsch",
                "Kaffeesatz",
                "Lorbeer",
                "Lorbeerkranz",
                "Romeo",
                "gegeneinander",
            ),
            _LONG_E_FOREIGN,
        ),
        **dict.fromkeys(("Nunmehr", "nunmehr", "Trotzdem", "trotzdem"), _UNSTRESSED_FUNCTION_WORD),
        **dict.fromkeys(("Security", "Undercover"), _ENGLISH_ON_PURPOSE),
    }
)
