import argparse
import json

import pytest

from wolfrunde.narration import cli
from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.samples import role_sample, wake_scene
from wolfrunde.narration.service import Narration
from wolfrunde.narration.voicepack import load_pack


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    cli.configure(parser)
    return cli.run(parser.parse_args(argv))


def test_a_role_sample_is_its_wake_scene_spoken(write_scene, tmp_path) -> None:
    write_scene("seer_wakes", text="Seherin, erwache und wähle")
    folder = write_scene("werewolves_wake", text="Werwölfe, erwacht. {names}", placeholders=("names",))
    narration = Narration(tmp_path / "data", catalogue=load_catalogue(folder), engine="espeak")
    assert wake_scene(narration.catalogue, "werewolf") == "werewolves_wake"
    for scene_id in ("little_girl_sleeps", "little_girl_peeks"):
        write_scene(scene_id)
    assert wake_scene(load_catalogue(folder), "little_girl") == "little_girl_peeks"
    sample = role_sample(narration, "seer", "mechthild")
    assert sample == narration.render("seer_wakes", "mechthild", 0)
    assert decode(sample).seconds > 1.0
    assert decode(role_sample(narration, "werewolf", "hedda")).seconds > 1.0
    with pytest.raises(LookupError, match="witch"):
        role_sample(narration, "witch", "jutta")


def test_list_json_has_every_narrator_and_scene(capsys) -> None:
    assert run("list", "--json") == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["narrators"] == list(NARRATOR_IDS)
    assert listing["scenes"]["victory_lovers"] == dict.fromkeys(NARRATOR_IDS, 20)
    assert set(listing["scenes"]) == set(load_catalogue().scenes)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_build_makes_every_variant_and_reports_progress(tmp_path, capsys, monkeypatch, jobs) -> None:
    monkeypatch.setenv("WOLFRUNDE_VOICE_ENGINE", "espeak")
    assert (
        run(
            "build",
            "--scenes",
            "victory_draw",
            "--narrator",
            "konrad",
            "--format",
            "opus",
            "--out",
            str(tmp_path),
            "--jobs",
            jobs,
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "20/20 100%" in err and "noch etwa" in err
    files = sorted((tmp_path / "konrad" / "scenes" / "victory_draw").glob("*.ogg"))
    assert len(files) == 20
    assert all(0.5 < decode(f).seconds < 10 for f in files)


def test_say_writes_the_text_in_the_chosen_format(tmp_path) -> None:
    out = tmp_path / "probe.mp3"
    assert run("say", "--narrator", "leopold", "--engine", "espeak", "--out", str(out), "Guten", "Abend") == 0
    assert 0.4 < decode(out).seconds < 3


def test_pack_init_writes_a_manifest_the_loader_accepts(tmp_path) -> None:
    assert run("pack-init", str(tmp_path / "pack"), "--narrator", "hedda") == 0
    pack = load_pack(tmp_path / "pack")
    assert pack.narrators == {"hedda"}
    assert pack.texts["welcome/hedda/00.ogg"] == load_catalogue()["welcome"].text("hedda", 0)
    assert (tmp_path / "pack" / "aufnahmeliste.tsv").read_text(encoding="utf-8").startswith("datei\ttext\n")
