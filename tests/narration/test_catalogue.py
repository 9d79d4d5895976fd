import json
from pathlib import Path

import pytest

from wolfrunde.narration.catalogue import MIN_VARIANTS, SCENES_DIR, CatalogueError, load_catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS, NARRATORS
from wolfrunde.narration.template import Slot, parse

from .conftest import scene_data

OWN_SCENES = (
    "welcome",
    "victory_village",
    "victory_werewolves",
    "victory_lovers",
    "victory_angel",
    "victory_pied_piper",
    "victory_white_wolf",
    "victory_draw",
)


def test_every_scene_file_present_is_valid_with_enough_variants_per_narrator() -> None:
    catalogue = load_catalogue()  # strict: any malformed file fails here with its problems listed
    assert len(catalogue) == len(list(SCENES_DIR.glob("*.json")))
    for scene in catalogue:
        for narrator_id in NARRATOR_IDS:
            assert len(scene.variants[narrator_id]) >= MIN_VARIANTS, (scene.id, narrator_id)


def test_the_game_end_and_welcome_scenes_exist() -> None:
    catalogue = load_catalogue()
    assert set(OWN_SCENES) <= set(catalogue.scenes)


def test_placeholders_used_are_declared_in_every_file() -> None:
    for scene in load_catalogue():
        for texts in scene.variants.values():
            for text in texts:
                used = {p.key for p in parse(text) if isinstance(p, Slot)}
                assert used <= scene.placeholders, (scene.id, text)


def test_narrators_are_five_with_distinct_voice_settings() -> None:
    assert NARRATOR_IDS == ("jutta", "leopold", "konrad", "mechthild", "hedda")
    assert len({n.espeak for n in NARRATORS}) == 5
    assert len({n.espeak.variant for n in NARRATORS}) == 5


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["variants"].pop("hedda"), "Erzähler 'hedda' fehlt"),
        (lambda d: d["variants"]["konrad"].pop(), "konrad: nur 19 Varianten, mindestens 20"),
        (lambda d: d["variants"]["jutta"].__setitem__(3, "Hallo {name}."), "jutta[3]: Platzhalter ['name'] nicht"),
        (lambda d: d["variants"]["jutta"].__setitem__(0, "Hallo {name."), "jutta[0]: einzelne geschweifte"),
        (lambda d: d["variants"]["leopold"].__setitem__(1, "Text 0"), "leopold[1]: doppelte Variante"),
        (lambda d: d["variants"]["mechthild"].__setitem__(2, "  "), "mechthild[2]: muss ein nicht leerer Text"),
        (lambda d: d.__setitem__("id", "other"), "muss wie der Dateiname 'demo' lauten"),
        (lambda d: d.__setitem__("placeholders", ["spieler"]), "unbekannte Platzhalter ['spieler']"),
        (lambda d: d.pop("when"), "Schlüssel 'when' fehlt"),
        (lambda d: d.__setitem__("extra", 1), "unbekannter Schlüssel 'extra'"),
        (lambda d: d["variants"].__setitem__("gustav", []), "unbekannter Erzähler 'gustav'"),
    ],
)
def test_a_malformed_scene_fails_with_a_clear_message(write_scene, change, message: str) -> None:
    data = scene_data("demo")
    change(data)
    folder = write_scene("demo", data)
    with pytest.raises(CatalogueError) as error:
        load_catalogue(folder)
    assert any(message in problem and problem.startswith("demo.json: ") for problem in error.value.problems), (
        error.value.problems
    )


def test_broken_json_names_file_and_line(write_scene) -> None:
    folder = write_scene("demo", raw='{"id": "demo",\n  "when": }')
    with pytest.raises(CatalogueError, match=r"demo\.json: kein gültiges JSON \(Zeile 2"):
        load_catalogue(folder)


def test_lenient_loading_keeps_good_scenes_and_reports_bad_ones(write_scene) -> None:
    write_scene("good")
    folder = write_scene("bad", raw="[]")
    catalogue = load_catalogue(folder, strict=False)
    assert list(catalogue.scenes) == ["good"]
    assert catalogue.problems == ("bad.json: oberste Ebene muss ein Objekt sein",)


def test_scene_files_are_utf8_json_with_umlauts_not_escapes() -> None:
    for name in OWN_SCENES:
        raw = (SCENES_DIR / f"{name}.json").read_text(encoding="utf-8")
        assert "\\u00" not in raw
        assert json.loads(raw)["id"] == name


def test_counts_report_each_narrator(write_scene) -> None:
    folder: Path = write_scene("demo", count=23)
    assert load_catalogue(folder).counts() == {"demo": dict.fromkeys(NARRATOR_IDS, 23)}
