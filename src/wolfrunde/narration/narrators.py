"""The five narrators: who they are and how each one sounds on every speech engine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EspeakVoice:
    """Settings for the bundled espeak-ng: a German voice variant plus prosody."""

    variant: str  # espeak-ng voice name, e.g. "de+f2"
    rate: int  # words per minute (espeak default 175)
    pitch: int  # 0..100 (default 50)
    pitch_range: int  # 0..100 (default 50); low = monotone
    word_gap: int = 0  # extra pause between words, in units of 10 ms


@dataclass(frozen=True)
class MbrolaVoice:
    """A Debian mbrola German voice (mbrola-deN) driven through espeak-ng."""

    voice: str  # "de1" … "de8"
    rate: int  # words per minute
    pitch: int  # 0..100


@dataclass(frozen=True)
class PicoVoice:
    """SVOX pico's single de-DE voice, shaped with its pitch and speed levels (100 = neutral)."""

    pitch: int
    speed: int


@dataclass(frozen=True)
class Narrator:
    id: str
    name: str
    character: str  # German, shown to players choosing a narrator
    espeak: EspeakVoice
    mbrola: tuple[MbrolaVoice, ...] = ()  # preferred first
    pico: PicoVoice | None = None  # at most one narrator: pico's single voice would sound alike twice


NARRATORS: tuple[Narrator, ...] = (
    Narrator(
        id="jutta",
        name="Jutta",
        character="Die warmherzige Dorferzählerin: gemütlich, mütterlich, mit einem Augenzwinkern.",
        espeak=EspeakVoice(variant="de+f2", rate=142, pitch=48, pitch_range=65, word_gap=1),
        mbrola=(MbrolaVoice("de5", 140, 48), MbrolaVoice("de3", 140, 45)),
        pico=PicoVoice(pitch=95, speed=88),
    ),
    Narrator(
        id="leopold",
        name="Leopold",
        character="Der würdevolle Chronist: umständlich, altmodisch, liebt lange Sätze.",
        espeak=EspeakVoice(variant="de+m1", rate=135, pitch=38, pitch_range=90, word_gap=2),
        mbrola=(MbrolaVoice("de2", 132, 42), MbrolaVoice("de4", 132, 40)),
    ),
    Narrator(
        id="konrad",
        name="Konrad",
        character="Der wortkarge Holzfäller: knurrig, trocken, kurze Sätze.",
        espeak=EspeakVoice(variant="de+m7", rate=165, pitch=18, pitch_range=15),
        mbrola=(MbrolaVoice("de6", 178, 15), MbrolaVoice("de4", 178, 15)),
    ),
    Narrator(
        id="mechthild",
        name="Mechthild",
        character="Die unheimliche Kräuterfrau: raunend, dunkel, voller Vorahnungen.",
        espeak=EspeakVoice(variant="de+f4", rate=118, pitch=22, pitch_range=75, word_gap=3),
        mbrola=(MbrolaVoice("de7", 115, 30), MbrolaVoice("de1", 115, 30)),
    ),
    Narrator(
        id="hedda",
        name="Hedda",
        character="Die flotte Moderatorin: schnell, frech, gut gelaunt wie im Morgenradio.",
        espeak=EspeakVoice(variant="de+f5", rate=200, pitch=72, pitch_range=60),
        mbrola=(MbrolaVoice("de3", 195, 65), MbrolaVoice("de1", 195, 65)),
        # no pico: pico has one voice, and on it Hedda and Jutta differed only by 3.5 semitones, with the
        # same timbre (MFCC distance 2 against 10 or more between any two other voices)
    ),
)

NARRATOR_IDS: tuple[str, ...] = tuple(narrator.id for narrator in NARRATORS)

_BY_ID = {narrator.id: narrator for narrator in NARRATORS}


def narrator(narrator_id: str) -> Narrator:
    """The narrator with this id; raises KeyError naming the known ids."""
    try:
        return _BY_ID[narrator_id]
    except KeyError:
        raise KeyError(f"Unbekannter Erzähler {narrator_id!r}; bekannt sind: {', '.join(NARRATOR_IDS)}") from None
