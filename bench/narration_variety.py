"""How alike the sleep lines are, per narrator: within a scene, and across scenes with the role masked.

within: mean pairwise similarity (difflib ratio) of one scene's variants; across: for each variant, its
best match among another sleep scene's variants, averaged; identical: share of variants that equal one of
another scene's once the role is masked ("Danke, Seherin! Augen zu." / "Danke, Hexe! Augen zu.").
"""

from __future__ import annotations

import difflib
import itertools
import re
import statistics

from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.cues import STEP_SCENES
from wolfrunde.narration.narrators import NARRATOR_IDS

ROLES = (
    "Dieb|Grenzgänger|Findelkind|Amor|Verliebten?|Schwestern|Brüder|Leibwächter|Denunziant|Werwölfe|Wölfe|"
    "Leitwolf|Weiße[rn]? Wolf|Seherin|Fuchs|Hundeführer|Hexe|Flötenspieler|Verzauberten?|Magd|Rudel"
)
ROLE = re.compile(rf"\b({ROLES})\b")


def masked(text: str) -> str:
    return ROLE.sub("ROLLE", text).lower()


def similarity(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def main() -> None:
    catalogue = load_catalogue()
    sleeps = [sleep for _, sleep in STEP_SCENES.values()]
    for narrator_id in NARRATOR_IDS:
        texts = {scene: [masked(t) for t in catalogue[scene].variants[narrator_id]] for scene in sleeps}
        within = [statistics.mean(similarity(a, b) for a, b in itertools.combinations(t, 2)) for t in texts.values()]
        across: list[float] = []
        identical = total = 0
        for first, second in itertools.combinations(sleeps, 2):
            others = set(texts[second])
            identical += sum(text in others for text in texts[first])
            total += len(texts[first])
            across.append(statistics.mean(max(similarity(x, y) for y in others) for x in texts[first]))
        print(
            f"{narrator_id:10} within {statistics.mean(within):.2f}  across {statistics.mean(across):.2f}  "
            f"identical {identical / total:.1%}"
        )


if __name__ == "__main__":
    main()
