"""The text mistakes of issue 18 stay fixed: timers said as they are, plurals, tenses, one form of address."""

from __future__ import annotations

import re

import pytest

from wolfrunde.narration.catalogue import Catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.template import fill, spoken_duration

# Formal address: "Sie", "Ihnen", "Ihre…" where no sentence begins ("Sie logen nicht" is "they").
_FORMAL = re.compile(r"(?<![.!?:„] )(?<!^)\b(?:Sie|Ihnen|Ihre[mnrs]?)\b")
# Hedda mixes up the address on purpose and corrects herself at once.
_FORMAL_ON_PURPOSE = {"Hauptmann {name}, bitte entscheiden Sie! Äh, ich meine, entscheide du."}
_DURATION_WORDS = re.compile(r"(?<!keine )\b(?:halbe|minuten?|sekunden?)\b", re.IGNORECASE)  # not "keine Sekunde mehr"


def _all_texts(catalogue: Catalogue, narrator_id: str) -> list[tuple[str, str]]:
    return [
        (scene.id, text)
        for scene in catalogue
        for text in (*scene.variants[narrator_id], *scene.short.get(narrator_id, ()))
    ]


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (1, "eine Sekunde"),
        (30, "dreißig Sekunden"),
        (60, "eine Minute"),
        (90, "anderthalb Minuten"),
        (150, "zweieinhalb Minuten"),
        (240, "vier Minuten"),
        (61, "eine Minute und eine Sekunde"),
        (260, "vier Minuten und zwanzig Sekunden"),
    ],
)
def test_a_timer_is_said_as_long_as_it_is(seconds: int, said: str) -> None:
    assert spoken_duration(seconds) == said


def test_lovers_whisper_says_only_the_timer_it_is_given(catalogue: Catalogue) -> None:
    scene = catalogue["lovers_whisper"]
    for narrator_id in NARRATOR_IDS:
        for text in scene.variants[narrator_id]:
            assert "{seconds}" in text, text
            rest = text.replace("{seconds} Sekunden", "")
            assert not _DURATION_WORDS.search(rest), f"{narrator_id}: feste Zeitangabe neben dem Zeitgeber: {text}"


@pytest.mark.parametrize("seconds", [30, 60, 90, 240])
def test_ww_day_starts_says_the_day_timer_in_words(catalogue: Catalogue, seconds: int) -> None:
    said = spoken_duration(seconds)
    for narrator_id in NARRATOR_IDS:
        for text in catalogue["ww_day_starts"].variants[narrator_id]:
            filled = fill(text, {"minutes": said}).lower()
            assert said.lower() in filled, filled
            assert not re.search(r"\d", filled), f"Ziffern gesprochen: {filled}"
            assert not _DURATION_WORDS.search(filled.replace(said.lower(), "")), f"zweite Zeitangabe: {filled}"


def test_ww_word_guessed_has_plural_cards_for_plural_wolves_and_the_present_tense(catalogue: Catalogue) -> None:
    for narrator_id in NARRATOR_IDS:
        for text in catalogue["ww_word_guessed"].variants[narrator_id]:
            assert not re.search(r"\beure Karte\b|Werwölfe, Karte\b", text), text
            assert "wer die Seherin war" not in text, text


def test_konrad_does_not_say_he_would_have_known(catalogue: Catalogue) -> None:
    assert not any("hätte es gewusst" in text for text in catalogue["victory_werewolves"].variants["konrad"])


@pytest.mark.parametrize("narrator_id", NARRATOR_IDS)
def test_each_narrator_keeps_one_form_of_address(catalogue: Catalogue, narrator_id: str) -> None:
    formal = [
        f"{scene}: {text}"
        for scene, text in _all_texts(catalogue, narrator_id)
        if _FORMAL.search(text) and text not in _FORMAL_ON_PURPOSE
    ]
    assert not formal, "gesiezt statt geduzt/geihrzt:\n" + "\n".join(formal)
