"""How alike the narrator's sleep lines are: within one scene, and from one role's scene to another's.

A templated line ("Danke, Seherin! Augen zu." / "Danke, Hexe! Augen zu.") becomes the same text once the
role is masked; a near-template ("Die Seherin schläft wieder ein." / "Der Fuchs schläft wieder ein.")
keeps a high similarity to its best match in another scene. The test and the bench both measure here.

Similarity is rapidfuzz's normalised Indel ratio (2·LCS / total length), never below difflib's ratio for the
same pair, so a threshold met here is met with difflib too. Needs the `test` extra (rapidfuzz).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

import numpy
from rapidfuzz import fuzz, process

from wolfrunde.engine.texts.catalogue import catalogue as engine_texts
from wolfrunde.narration.catalogue import Catalogue, Style

MASK = "ROLLE"
_ROLE_WORDS = (
    r"Dieb(?:es|s)?|Grenzgänger(?:in|s)?|Findelkind(?:es|s)?|Amor|Verliebten?|Schwestern?|Brüdern?|Bruder|"
    r"Leibwächter(?:s)?|Denunziant(?:en)?|Werwölfen?|Werwolf(?:es|s)?|Wölfen?|Wolf(?:es|s)?|Leitwolf(?:es|s)?|"
    r"Seherin|Fuchs(?:es)?|Hundeführer(?:s)?|Hexe|Flötenspieler(?:s)?|Verzauberten?|Magd|Rudel(?:s)?"
)
_ROLE = re.compile(
    rf"\b(?:(?:der|die|das|den|dem|des|du|ihr|liebe[rn]?|werte[rn]?)\s+)?(?:weiße[rnms]?\s+)?(?:{_ROLE_WORDS})\b",
    re.IGNORECASE,
)


def sleep_scene_ids() -> tuple[str, ...]:
    """Every scene that puts a night step's role back to sleep, as the roles declare them."""
    return tuple(sorted({step.sleep for step in engine_texts().steps.values() if step.sleep}))


def masked(text: str) -> str:
    """The text in lower case with each role name (and its article or address) replaced by one mask."""
    return _ROLE.sub(MASK, text).lower()


@dataclass(frozen=True)
class Match:
    """One line and its closest line in another scene."""

    scene: str
    text: str
    other_scene: str
    other_text: str
    ratio: float


@dataclass(frozen=True)
class Variety:
    """One narrator's figures over a set of scenes."""

    narrator: str
    lines: int
    identical_share: float  # lines equal to a line of another scene once masked
    within_mean: float  # mean pairwise ratio inside a scene, averaged over the scenes
    within_max: float  # the closest two lines of one scene
    across_mean: float  # mean over lines of the best ratio to any line of another scene
    across_max: float
    matches: tuple[Match, ...]  # each line's best cross-scene match, closest first


def measure(catalogue: Catalogue, scene_ids: Sequence[str], narrator_id: str, style: Style = Style.FULL) -> Variety:
    originals = [(scene, text) for scene in scene_ids for text in catalogue[scene].texts(narrator_id, style)]
    texts = [masked(text) for _, text in originals]
    scenes = numpy.array([scene for scene, _ in originals])
    ratios = process.cdist(texts, texts, scorer=fuzz.ratio, dtype=numpy.float32) / 100
    same_scene = scenes[:, None] == scenes[None, :]
    across = numpy.where(same_scene, -1.0, ratios)
    best = across.argmax(axis=1)
    matches = [
        Match(scene, text, originals[other][0], originals[other][1], float(across[index, other]))
        for index, ((scene, text), other) in enumerate(zip(originals, best, strict=True))
    ]
    identical = sum(text in {texts[j] for j in numpy.flatnonzero(~same_scene[i])} for i, text in enumerate(texts))
    within = [
        ratios[numpy.ix_(rows, rows)][numpy.triu_indices(len(rows), 1)]
        for rows in (numpy.flatnonzero(scenes == scene) for scene in scene_ids)
    ]
    return Variety(
        narrator=narrator_id,
        lines=len(matches),
        identical_share=identical / len(matches),
        within_mean=statistics.mean(float(pairs.mean()) for pairs in within),
        within_max=max(float(pairs.max()) for pairs in within),
        across_mean=statistics.mean(match.ratio for match in matches),
        across_max=max(match.ratio for match in matches),
        matches=tuple(sorted(matches, key=lambda match: -match.ratio)),
    )
