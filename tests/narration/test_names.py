"""Players' names: the names lexicon, folding of letters espeak cannot read, and the player's Aussprache."""

from __future__ import annotations

import pytest

from wolfrunde.narration.engines.espeak import espeak_phonemes, traced_phonemes
from wolfrunde.narration.formats import decode
from wolfrunde.narration.names import NAMES, check_pronunciation, fold, lexicon_phonemes
from wolfrunde.narration.speech import Name, Words, filled, name_markup, plain_text

from .sound import speech_seconds
from .test_pronunciation import MBROLA_SILENT, as_traced

SPELLED = "b'u:xSt"  # espeak's "Buchstabe", said before a letter it cannot read


def test_every_name_is_synthesized_exactly_as_written() -> None:
    drift = {
        name: (phonemes, traced)
        for name, phonemes in NAMES.items()
        if (traced := traced_phonemes(f"[[{phonemes}]]")) != as_traced(phonemes)
    }
    assert not drift, f"Name -> (geschrieben, gesprochen): {drift}"


def test_no_name_uses_a_phoneme_mbrola_cannot_say() -> None:
    silent = {name: phonemes for name, phonemes in NAMES.items() if MBROLA_SILENT.search(phonemes)}
    assert not silent, silent


@pytest.mark.parametrize(
    "names",
    [
        ("Anna", "Lukas", "Jürgen", "Käthe", "Maximilian"),  # German
        ("Mehmet", "Ayşe", "Özlem", "Emre", "Büşra"),  # Turkish
        ("Mohammed", "Fatima", "Youssef", "Amira", "Khaled"),  # Arabic
        ("Dmitri", "Natascha", "Katarzyna", "Goran", "Jelena"),  # Slavic
        ("Jean", "Joël", "François", "Chloé", "René"),  # French
        ("Kevin", "Jennifer", "Justin", "Ashley", "Liam"),  # English
    ],
)
def test_the_lexicon_holds_common_names_of_every_origin(names: tuple[str, ...]) -> None:
    assert all(name in NAMES for name in names)
    assert len(NAMES) >= 400


@pytest.mark.parametrize(
    ("name", "wanted", "espeak_alone"),
    [
        ("Mohammed", "mo:h'amEt", "m'o:am,e:t"),  # keeps its h
        ("Kevin", "k'Evi:n", "k'e:vIn"),  # not "Keewin"
        ("Joël", "jo:'El", "j'Y:l"),  # not "Jöl"
        ("Jean-Luc", "ZA~_l'y:k", "(en)"),  # French, not English
        ("Anna", "_!'ana", "_!'anA:"),  # a short final a
    ],
)
def test_names_espeak_gets_wrong_come_from_the_lexicon(name: str, wanted: str, espeak_alone: str) -> None:
    assert espeak_alone in espeak_phonemes(name)  # the error the lexicon is there for
    assert traced_phonemes(name_markup(name)) == wanted
    assert "(en)" not in traced_phonemes(name_markup(name))


def test_any_letter_case_finds_the_lexicon() -> None:
    assert lexicon_phonemes("kevin") == lexicon_phonemes("KEVIN") == NAMES["Kevin"]
    assert traced_phonemes(name_markup("KEVIN")) == NAMES["Kevin"]
    assert traced_phonemes(name_markup("Anna-Lena Schmidt")).startswith(f"{NAMES['Anna']} {NAMES['Lena']} ")


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Nguyễn", "Nguyen"),
        ("Łukasz", "Lukasz"),
        ("Søren", "Sören"),
        ("Żaneta", "Zaneta"),
        ("Иван", "Iwan"),
        ("Jörg-Ünal Weiß", "Jörg-Ünal Weiß"),
        ("王Lin", "Lin"),
    ],
)
def test_letters_espeak_cannot_read_are_folded(typed: str, folded: str) -> None:
    assert fold(typed) == folded


def test_an_unknown_name_with_foreign_letters_is_not_spelled_out(narration) -> None:
    assert SPELLED in espeak_phonemes("Nguyễn")  # what players heard: "Buchstabe …", 2.6 s
    assert SPELLED not in traced_phonemes(name_markup("Nguyễn"))
    for name in ("Nguyễn", "Łukasz", "Иван"):
        phonemes = traced_phonemes(name_markup(name))
        assert SPELLED not in phonemes and "(" not in phonemes, (name, phonemes)  # no other language either
    pcm = decode(narration.speak_name("Nguyễn", "jutta"))
    assert speech_seconds(pcm) > 0.2 and pcm.seconds < 1.2


def test_the_aussprache_replaces_the_spelling_in_speech_but_not_on_screen(narration) -> None:
    assert traced_phonemes(name_markup("Jean", "Schohn")) == traced_phonemes("Schohn")
    assert plain_text((Name("Jean", "Schohn"),)) == "Schohn"
    spoken = filled("Guten Morgen, {name}.", {"name": "Jean"}, {"Jean": "Schohn"})
    assert spoken == (Words("Guten Morgen, "), Name("Jean", "Schohn"), Words("."))
    plain = narration.speak_name("Jean", "konrad")
    respelled = narration.speak_name("Jean", "konrad", say="Schohn")
    assert respelled != plain and narration.speak_name("Jean", "konrad", say="Schohn") == respelled


def test_a_list_of_names_keeps_each_ones_aussprache() -> None:
    spoken = filled("Es traf {names}.", {"names": ["Jean", "Anna", "Kim"]}, {"Kim": "Kimm"})
    assert [part for part in spoken if isinstance(part, Name)] == [Name("Jean"), Name("Anna"), Name("Kim", "Kimm")]
    assert plain_text(spoken) == "Es traf Jean, Anna und Kimm."


@pytest.mark.parametrize(
    ("say", "message"),
    [
        ("x" * 41, "höchstens 40"),
        ("Scho<hn>", "nur Buchstaben"),
        ("[[Em'a]]", "nur Buchstaben"),
        ("王", "nichts Sprechbares"),
        ("  - ' ", "nichts Sprechbares"),
    ],
)
def test_a_bad_aussprache_is_refused_in_german(say: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_pronunciation(say)


def test_a_good_aussprache_is_cleaned() -> None:
    assert check_pronunciation("  Schong   Lük ") == "Schong Lük"
    assert check_pronunciation("Ma-ri'a") == "Ma-ri'a"
