"""Every scene, lexicon word and common name speaks on mbrola without a gap, whenever mbrola is installed.

mbrola turns a diphone its voice lacks into silence and warns ("R-R unknown"). The test gives each
narrator's mbrola voices the whole catalogue at once, as the engine would (espeak-ng's mbrola phonemes,
mended), and lets mbrola read it without keeping audio: a few seconds per voice. CI installs mbrola
(scripts/system-packages.sh), so there the test must run; elsewhere it is skipped without mbrola.
"""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from wolfrunde.narration.catalogue import Style, load_catalogue
from wolfrunde.narration.engines.external import (
    DIPHONE_REPAIRS,
    mbrola_gaps,
    mbrola_installed,
    mbrola_phonemes,
    mbrola_warnings,
    repair_diphones,
)
from wolfrunde.narration.names import NAMES
from wolfrunde.narration.narrators import NARRATORS, MbrolaVoice, Narrator
from wolfrunde.narration.pronounce import LEXICON
from wolfrunde.narration.samples import EXAMPLE_VALUES
from wolfrunde.narration.speech import Name, Words, filled, phoneme_markup

CHOICES = [(n, choice) for n in NARRATORS for choice in n.mbrola]
INSTALLED = [(n, choice) for n, choice in CHOICES if mbrola_installed(choice.voice)]


@pytest.fixture(scope="module", autouse=True)
def mbrola_present() -> None:
    if not INSTALLED:
        if os.environ.get("CI"):
            pytest.fail("mbrola und die deutschen mbrola-Stimmen fehlen in CI (scripts/system-packages.sh)")
        pytest.skip("mbrola ist nicht installiert")


def corpus(narrator: Narrator) -> str:
    """Everything this narrator may say, as engine input: every scene text of both styles (example
    values filled in), every lexicon word and every name of the names lexicon, one sentence each."""
    catalogue = load_catalogue()
    texts = [
        phoneme_markup(filled(text, EXAMPLE_VALUES))
        for scene in catalogue
        for style in Style
        if style is Style.FULL or scene.short
        for text in scene.texts(narrator.id, style)
    ]
    texts += [phoneme_markup((Words("Da sagt "), Words(word), Words(" etwas."))) for word in LEXICON]
    texts += [phoneme_markup((Words("Da ist "), Name(name), Words(", und dann"))) for name in NAMES]
    return "\n".join(texts)


def gaps_of(narrator: Narrator, choice: MbrolaVoice) -> Counter[str]:
    return mbrola_gaps(mbrola_phonemes(corpus(narrator), choice), choice.voice)


def test_every_installed_mbrola_voice_says_everything_without_a_gap() -> None:
    with ThreadPoolExecutor(2) as pool:
        found = dict(
            zip(
                [f"{n.id}/{choice.voice}" for n, choice in INSTALLED],
                pool.map(lambda pair: gaps_of(*pair), INSTALLED),
                strict=True,
            )
        )
    gaps = {voice: dict(counts.most_common(10)) for voice, counts in found.items() if counts}
    assert not gaps, f"mbrola-Lücken (Stimme: Diphon -> Anzahl): {gaps}"


def test_the_check_sees_a_gap_and_the_repair_mends_der_rat() -> None:
    """The check can fail: an espeak-only phoneme is reported, and without the repair so is "der Rat"."""
    voice = next(choice for _, choice in INSTALLED)
    assert mbrola_warnings(mbrola_phonemes("Der [[h'Und@f,y:R3]] schläft.", voice), voice.voice)
    raw = "d 60\nE 60 0 120\nR 60\nR 60\na: 100 0 120\nt 60\n_ 50\n"
    assert repair_diphones(raw).splitlines()[2] == "6 60"
    assert ("R", "R") in DIPHONE_REPAIRS


def test_reading_each_pair_once_finds_what_reading_everything_finds() -> None:
    """The fast check (`mbrola_gaps`) against mbrola reading the whole input, on the texts that had gaps."""
    voice = next(choice for _, choice in INSTALLED)
    texts = "\n".join(
        ["Der Rat tagt, der Jäger schläft.", "Der [[h'Und@f,y:R3]] ruht.", "Ein [[vIrtu'o:z@]] auf [[kul'Is@n]]."]
    )
    pho = mbrola_phonemes(texts, voice)
    everything = Counter(mbrola_warnings(pho, voice.voice))
    assert everything and mbrola_gaps(pho, voice.voice) == everything
