"""The Bürgermeister's markers and how many of each lie in the box."""

from __future__ import annotations

from enum import StrEnum


class Marker(StrEnum):
    YES = "ja"
    NO = "nein"
    MAYBE = "vielleicht"
    SO_CLOSE = "knapp_daneben"
    WAY_OFF = "voellig_daneben"
    CORRECT = "richtig"

    @property
    def german(self) -> str:
        return GERMAN_NAMES[self]

    @property
    def pool(self) -> Pool:
        return Pool.YES_NO if self in (Marker.YES, Marker.NO) else Pool(self.value)


class Pool(StrEnum):
    """A stack of markers; Ja and Nein share one stack."""

    YES_NO = "ja_nein"
    MAYBE = "vielleicht"
    SO_CLOSE = "knapp_daneben"
    WAY_OFF = "voellig_daneben"
    CORRECT = "richtig"


GERMAN_NAMES = {
    Marker.YES: "Ja",
    Marker.NO: "Nein",
    Marker.MAYBE: "Vielleicht",
    Marker.SO_CLOSE: "Knapp daneben",
    Marker.WAY_OFF: "Völlig daneben",
    Marker.CORRECT: "Richtig",
}

SUPPLY: dict[Pool, int] = {
    Pool.YES_NO: 35,
    Pool.MAYBE: 10,
    Pool.SO_CLOSE: 1,
    Pool.WAY_OFF: 1,
    Pool.CORRECT: 1,
}

ANSWERS = (Marker.YES, Marker.NO, Marker.MAYBE, Marker.SO_CLOSE)
"""The markers that answer a question; Völlig daneben only comes in addition, Richtig ends the day."""
