"""How alike the sleep lines are, per narrator and style: within a scene, and across scenes with the role masked.

identical: share of lines equal to a line of another sleep scene once the role is masked ("Danke, Seherin!
Augen zu." / "Danke, Hexe! Augen zu."); within: mean pairwise similarity inside a scene (max: the closest
pair); across: each line's best match in another scene, mean and max. Similarity is rapidfuzz's Indel ratio
(see `wolfrunde.narration.variety`). `--worst N` prints the N closest cross-scene pairs per narrator.
"""

from __future__ import annotations

import argparse

from wolfrunde.narration.catalogue import Style, load_catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.variety import measure, sleep_scene_ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worst", type=int, default=0, help="print the closest cross-scene pairs")
    worst = parser.parse_args().worst
    catalogue = load_catalogue()
    scenes = sleep_scene_ids()
    print(f"{len(scenes)} Schlafszenen")
    print(f"{'Stil':6} {'Erzähler':10} {'Zeilen':>6} {'gleich':>7} {'innen':>6} {'max':>5} {'quer':>6} {'max':>5}")
    for style in Style:
        for narrator_id in NARRATOR_IDS:
            v = measure(catalogue, scenes, narrator_id, style)
            print(
                f"{style.value:6} {narrator_id:10} {v.lines:>6} {v.identical_share:>7.1%} {v.within_mean:>6.2f} "
                f"{v.within_max:>5.2f} {v.across_mean:>6.2f} {v.across_max:>5.2f}"
            )
            for match in v.matches[: worst * 2 : 2]:  # each pair appears twice, once from either side
                print(f"    {match.ratio:.2f} {match.scene}: {match.text}  ~  {match.other_scene}: {match.other_text}")


if __name__ == "__main__":
    main()
