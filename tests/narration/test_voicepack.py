import json
from pathlib import Path

import numpy as np
import pytest
import soundfile

from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.formats import AudioFormat, decode
from wolfrunde.narration.service import Narration
from wolfrunde.narration.voicepack import VoicePackError, expected_files, find_packs, load_pack


def tone(path: Path, seconds: float, hz: float = 220.0, rate: int = 48_000) -> Path:
    """A stand-in for a human recording: a plain tone, easy to tell from synthetic speech."""
    path.parent.mkdir(parents=True, exist_ok=True)
    t = np.arange(int(seconds * rate)) / rate
    soundfile.write(path, (0.3 * np.sin(2 * np.pi * hz * t)).astype(np.float32), rate)
    return path


def make_pack(root: Path, texts: dict[str, str] | None = None, narrators: tuple[str, ...] = ("jutta",)) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest = {"format": "wolfrunde-voice-pack", "version": 1, "name": "Test", "narrators": list(narrators)}
    if texts is not None:
        manifest["texts"] = texts
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


def narration_for(folder: Path, data: Path) -> Narration:
    return Narration(data, catalogue=load_catalogue(folder), engine="espeak")


def test_a_recorded_variant_replaces_the_generated_one(write_scene, tmp_path) -> None:
    folder = write_scene("dusk")
    pack = make_pack(tmp_path / "data" / "packs" / "echt")
    tone(pack / "dusk" / "jutta" / "03.wav", 2.0)
    narration = narration_for(folder, tmp_path / "data")  # finds packs under data/packs by itself
    recorded = decode(narration.render("dusk", "jutta", 3, fmt=AudioFormat.OPUS))
    assert recorded.seconds == pytest.approx(2.0, abs=0.15)
    assert narration.render("dusk", "jutta", 3, fmt=AudioFormat.WAV) == pack / "dusk" / "jutta" / "03.wav"
    generated = decode(narration.render("dusk", "jutta", 4, fmt=AudioFormat.OPUS))  # not recorded
    assert abs(generated.seconds - 2.0) > 0.2
    assert "/packs/" not in str(narration.render("dusk", "hedda", 3))  # the pack only speaks for Jutta


def test_a_recording_of_an_older_text_is_not_used(write_scene, tmp_path) -> None:
    folder = write_scene("dusk")
    pack = make_pack(tmp_path / "pack", texts={"dusk/jutta/00.wav": "Ein ganz anderer Text"})
    tone(pack / "dusk" / "jutta" / "00.wav", 2.0)
    narration = Narration(tmp_path / "data", catalogue=load_catalogue(folder), packs=[load_pack(pack)], engine="espeak")
    assert narration.render("dusk", "jutta", 0, fmt=AudioFormat.WAV).is_relative_to(tmp_path / "data")


def test_recorded_pieces_are_joined_around_the_spoken_name(write_scene, tmp_path) -> None:
    folder = write_scene("dawn", text="Heute Nacht traf es {name}. Traurig", placeholders=("name",))
    pack = make_pack(tmp_path / "pack")
    tone(pack / "dawn" / "jutta" / "05.0.flac", 1.0, hz=300)
    tone(pack / "dawn" / "jutta" / "05.1.flac", 1.5, hz=300)
    narration = Narration(tmp_path / "data", catalogue=load_catalogue(folder), packs=[load_pack(pack)], engine="espeak")
    name = decode(narration.speak_name("Roswitha", "jutta"))
    whole = decode(narration.render("dawn", "jutta", 5, {"name": "Roswitha"}, fmt=AudioFormat.WAV))
    assert whole.seconds == pytest.approx(1.0 + 1.5 + name.seconds + 2 * 0.15, abs=0.2)
    # a variant with a missing piece falls back to the generated voice
    tone(pack / "dawn" / "jutta" / "06.0.flac", 1.0)
    partial = narration.render("dawn", "jutta", 6, {"name": "Roswitha"}, fmt=AudioFormat.WAV)
    assert speech_like(decode(partial))


def speech_like(pcm) -> bool:
    """Synthetic speech has many loudness changes; a steady recorded tone has none."""
    frame = pcm.rate // 50
    levels = np.sqrt(np.mean(np.square(pcm.samples[: len(pcm.samples) // frame * frame].reshape(-1, frame)), 1))
    return float(np.std(levels)) > 0.02


def test_expected_files_list_whole_texts_and_pieces(write_scene) -> None:
    write_scene("dusk", count=20)
    folder = write_scene("dawn", text="Heute traf es {name}, leider", placeholders=("name",))
    files = expected_files(load_catalogue(folder), "konrad")
    assert files["dusk/konrad/00.ogg"] == "Text 0"
    assert files["dawn/konrad/07.0.ogg"] == "Heute traf es"
    assert files["dawn/konrad/07.1.ogg"] == ", leider 7"
    assert len(files) == 20 + 2 * 20


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        (None, "Manifest fehlt"),
        ({"format": "zip", "version": 1, "name": "x", "narrators": ["jutta"]}, "format"),
        ({"format": "wolfrunde-voice-pack", "version": 2, "name": "x", "narrators": ["jutta"]}, "version"),
        ({"format": "wolfrunde-voice-pack", "version": 1, "name": "x", "narrators": ["otto"]}, "narrators"),
        ({"format": "wolfrunde-voice-pack", "version": 1, "narrators": ["jutta"]}, "name"),
    ],
)
def test_malformed_packs_are_reported(tmp_path, manifest, message) -> None:
    pack = tmp_path / "packs" / "kaputt"
    pack.mkdir(parents=True)
    if manifest is not None:
        (pack / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        with pytest.raises(VoicePackError, match=message):
            find_packs([tmp_path / "packs"])
    else:
        with pytest.raises(VoicePackError, match=message):
            load_pack(pack)
