import itertools
import math
import os
from dataclasses import replace

import pytest

from wolfrunde.narration import audio
from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.engines import choice, voice_for
from wolfrunde.narration.engines.espeak import EspeakSpeaker
from wolfrunde.narration.engines.external import pico_installed
from wolfrunde.narration.formats import AudioFormat, decode, duration, stored_as, writable_formats
from wolfrunde.narration.narrators import NARRATOR_IDS, NARRATORS, narrator
from wolfrunde.narration.service import Narration, speakable_name
from wolfrunde.narration.template import TemplateError

from .sound import median_pitch, speech_seconds, timbre_distance, yin_pitch

SENTENCE = "Die Nacht bricht herein über das kleine Dorf, und alle schließen langsam die Augen."


def test_ogg_opus_and_a_browser_fallback_can_be_written_from_pip_alone() -> None:
    assert writable_formats()[0] is AudioFormat.OPUS
    assert AudioFormat.MP3 in writable_formats() or AudioFormat.WAV in writable_formats()


@pytest.mark.parametrize("narrator_id", NARRATOR_IDS)
def test_each_narrator_renders_a_scene_to_decodable_opus_of_plausible_length(narration, narrator_id) -> None:
    text = narration.catalogue["welcome"].text(narrator_id, 1)
    path = narration.render("welcome", narrator_id, 1, fmt=AudioFormat.OPUS)
    assert path.suffix == ".ogg"
    assert stored_as(path, AudioFormat.OPUS)
    pcm = decode(path)
    assert pcm.rate == audio.RATE
    words = len(text.split())
    # a narrator speaks roughly 1.5 to 4.5 words a second
    assert words / 4.5 < pcm.seconds < words / 1.5 + 1.0, (pcm.seconds, words)
    assert speech_seconds(pcm) > 0.6 * words / 4.5
    assert path.stat().st_size < pcm.seconds * 6000  # compressed: under 48 kbit/s


@pytest.mark.parametrize("fmt", [AudioFormat.MP3, AudioFormat.WAV])
def test_fallback_formats_decode_to_the_same_length(narration, fmt) -> None:
    opus = decode(narration.render("victory_draw", "konrad", 0, fmt=AudioFormat.OPUS))
    other = narration.render("victory_draw", "konrad", 0, fmt=fmt)
    assert other.suffix == f".{fmt.extension}" and stored_as(other, fmt)
    assert decode(other).seconds == pytest.approx(opus.seconds, abs=0.1)


@pytest.mark.parametrize("fmt", writable_formats())
def test_a_files_duration_from_its_headers_is_its_decoded_length(narration, fmt) -> None:
    path = narration.render("victory_draw", "leopold", 0, fmt=fmt)
    decoded = decode(path)
    assert duration(path) == pytest.approx(len(decoded.samples) / decoded.rate, abs=1e-6)


def test_rendering_again_serves_the_cached_file(narration) -> None:
    first = narration.render("victory_angel", "hedda", 2)
    stamp = first.stat().st_mtime_ns
    again = narration.render("victory_angel", "hedda", 2)
    assert again == first and again.stat().st_mtime_ns == stamp


@pytest.mark.parametrize(("name", "narrator_id"), [("Käthe", "jutta"), ("Maximilian", "konrad"), ("Jörg", "hedda")])
def test_a_name_renders_to_audible_speech_of_plausible_length(narration, name, narrator_id) -> None:
    path = narration.speak_name(name, narrator_id)
    pcm = decode(path)
    assert 0.25 < pcm.seconds < 2.5
    assert speech_seconds(pcm) > 0.15
    assert pcm.rms() > 0.02
    assert narration.speak_name(f"  {name} ", narrator_id) == path  # cached under the cleaned name


@pytest.mark.parametrize("name", ["   ", "🐺🐺", "__"])
def test_a_name_without_letters_is_refused(narration, name) -> None:
    with pytest.raises(ValueError, match="nichts Sprechbares"):
        narration.speak_name(name, "jutta")


def test_symbols_in_names_are_not_read_out() -> None:
    assert speakable_name("xX_Wolf_Xx 🐺") == "xX Wolf Xx"
    assert speakable_name("Anne-Kathrin O'Neill") == "Anne-Kathrin O'Neill"


def test_names_in_a_scene_are_spoken_and_lengthen_it(write_scene, tmp_path) -> None:

    folder = write_scene("dawn", text="Heute Nacht traf es {names}.", placeholders=("names",))
    local = Narration(tmp_path / "cache", catalogue=load_catalogue(folder), engine="espeak")
    one = decode(local.render("dawn", "leopold", 0, {"names": ["Anna"]}))
    three = decode(local.render("dawn", "leopold", 0, {"names": ["Anna", "Bartholomäus", "Friederike"]}))
    assert three.seconds > one.seconds + 1.0


def test_a_missing_value_is_an_error_before_any_audio_is_made(write_scene, tmp_path) -> None:

    folder = write_scene("dawn", text="Heute Nacht traf es {name}.", placeholders=("name",))
    local = Narration(tmp_path / "cache", catalogue=load_catalogue(folder), engine="espeak")
    with pytest.raises(TemplateError):
        local.render("dawn", "jutta", 0, {})
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("engine", ["espeak", "pico", "auto"])  # pico: pico where a narrator has it
def test_the_five_voices_stay_apart_in_timbre_and_in_pitch_or_tempo(engine: str) -> None:
    """Same sentence, five voices: every pair differs in timbre (mean-MFCC distance at least 8; one voice
    at two pitches measured 2) and by at least 2.5 semitones (YIN) or 15 % in speaking time."""
    if engine == "pico" and not pico_installed():
        if os.environ.get("CI"):
            pytest.fail("pico (libttspico-utils) fehlt in CI (scripts/system-packages.sh)")
        pytest.skip("pico ist nicht installiert")
    pcms = {n.id: audio.prepare(voice_for(n, engine).synthesize(SENTENCE)) for n in NARRATORS}
    measured = {name: (yin_pitch(pcm), pcm.seconds) for name, pcm in pcms.items()}
    for a, b in itertools.combinations(pcms, 2):
        semitones = abs(12 * math.log2(measured[a][0] / measured[b][0]))
        tempo = abs(math.log(measured[a][1] / measured[b][1]))
        timbre = timbre_distance(pcms[a], pcms[b])
        assert timbre >= 8.0, (a, b, timbre)
        assert semitones >= 2.5 or tempo >= math.log(1.15), (a, b, measured)


def test_one_voice_at_two_pitches_is_caught_by_the_timbre_measure() -> None:
    """The measure can fail: espeak's Jutta against herself at a higher pitch differs in pitch, not timbre."""
    jutta = narrator("jutta").espeak
    low = audio.prepare(EspeakSpeaker(jutta).synthesize(SENTENCE))
    high = audio.prepare(EspeakSpeaker(replace(jutta, pitch=jutta.pitch + 12)).synthesize(SENTENCE))
    assert timbre_distance(low, high) < 8.0
    assert yin_pitch(high) > yin_pitch(low) and abs(median_pitch(low) - yin_pitch(low)) < 0.2 * yin_pitch(low)


def test_at_most_one_narrator_uses_pico() -> None:
    assert sum(n.pico is not None for n in NARRATORS) <= 1


def test_without_system_voices_every_narrator_uses_the_bundled_espeak(monkeypatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    for n in NARRATORS:
        assert voice_for(n).identity.startswith("espeak-ng:")


def test_engine_choice_prefers_mbrola_then_pico_when_installed(monkeypatch) -> None:
    monkeypatch.setattr(choice, "mbrola_installed", lambda voice: voice == "de6")
    monkeypatch.setattr(choice, "pico_installed", lambda: True)
    assert voice_for(narrator("konrad")).identity.startswith("mbrola:de6")
    assert voice_for(narrator("jutta")).identity.startswith("pico:")  # no de5/de3 here
    assert voice_for(narrator("hedda")).identity.startswith("espeak-ng:")  # pico is Jutta's alone
    assert voice_for(narrator("leopold")).identity.startswith("espeak-ng:")  # no mbrola voice, no pico voice
    assert voice_for(narrator("konrad"), "espeak").identity.startswith("espeak-ng:")
