"""The sleep lines are written per role, not templated: measured per narrator and style (see `variety`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wolfrunde.narration.catalogue import Catalogue, Style, load_catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.variety import masked, measure, sleep_scene_ids

# style -> (identical share, mean best cross-scene ratio, closest cross-scene pair, closest pair in a scene)
LIMITS = {Style.FULL: (0.05, 0.72, 0.85, 0.85), Style.SHORT: (0.05, 0.78, 0.90, 0.90)}


def test_every_night_step_has_its_own_sleep_scene_with_short_lines(catalogue: Catalogue) -> None:
    scenes = sleep_scene_ids()
    assert len(scenes) >= 19
    for scene_id in scenes:
        assert catalogue[scene_id].short, scene_id


@pytest.mark.parametrize("style", list(Style))
@pytest.mark.parametrize("narrator_id", NARRATOR_IDS)
def test_sleep_lines_differ_from_role_to_role(catalogue: Catalogue, narrator_id: str, style: Style) -> None:
    identical, across_mean, across_max, within_max = LIMITS[style]
    variety = measure(catalogue, sleep_scene_ids(), narrator_id, style)
    closest = "\n".join(
        f"  {m.ratio:.2f} {m.scene}: {m.text!r} ~ {m.other_scene}: {m.other_text!r}" for m in variety.matches[:5]
    )
    assert variety.identical_share < identical, f"Vorlagen mit getauschter Rolle:\n{closest}"
    assert variety.across_mean < across_mean, f"mittlere Ähnlichkeit {variety.across_mean:.2f}:\n{closest}"
    assert variety.across_max < across_max, f"zu ähnlich über Szenen hinweg:\n{closest}"
    assert variety.within_max < within_max, f"zwei fast gleiche Zeilen in einer Szene ({variety.within_max:.2f})"


def test_the_mask_hides_the_role_with_its_article_and_address() -> None:
    assert masked("Danke, Seherin! Augen zu.") == masked("Danke, Hexe! Augen zu.")
    assert masked("Der Weiße Wolf schläft.") == masked("Die Seherin schläft.") == "rolle schläft."
    assert masked("Ihr Verliebten, schlaft.") == masked("Liebe Schwestern, schlaft.")


def test_a_templated_sleep_scene_fails_the_limits(tmp_path: Path, catalogue: Catalogue) -> None:
    """The measure catches what issue 18 found: one template with only the role swapped."""
    folder = tmp_path / "scenes"
    folder.mkdir()
    for scene_id in sleep_scene_ids():
        source = catalogue[scene_id]
        role = source.when.split(" schl")[0]  # "Die Seherin schläft wieder ein." -> "Die Seherin"
        lines = [f"{role} schläft, Nummer {i}. Augen zu." for i in range(21)]
        data = {"id": scene_id, "when": source.when, "placeholders": [], "variants": {n: lines for n in NARRATOR_IDS}}
        (folder / f"{scene_id}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    templated = load_catalogue(folder)
    variety = measure(templated, sleep_scene_ids(), NARRATOR_IDS[0])
    _, across_mean, across_max, _ = LIMITS[Style.FULL]
    assert variety.identical_share > 0.9
    assert variety.across_mean >= across_mean and variety.across_max >= across_max
