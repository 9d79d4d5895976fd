"""What the server calls: scene audio, spoken names and role samples, made on demand and cached."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from wolfrunde.narration import audio
from wolfrunde.narration.cache import AudioCache, digest
from wolfrunde.narration.catalogue import Catalogue, Style, load_catalogue
from wolfrunde.narration.engines import Voice, voice_for
from wolfrunde.narration.formats import AudioFormat, decode, encode, preferred_format, stored_as
from wolfrunde.narration.names import clean_name
from wolfrunde.narration.narrators import narrator
from wolfrunde.narration.speech import Name, Speakable, filled, pronunciations_used
from wolfrunde.narration.template import Slot, Value, fill, is_speakable, parse, slots, spoken
from wolfrunde.narration.voicepack import VoicePack, find_packs

DATA_ENV = "WOLFRUNDE_VOICES"
DEFAULT_DATA_DIR = Path("data/voices")
_PIECE_GAP = 0.15  # pause around a spoken value in a recorded (voice pack) sentence
_PAUSE_PUNCTUATION = 0.3  # a piece that is only punctuation (", ") becomes this pause


def speakable_name(name: str) -> str:
    """The name as the voice should read it: letters, digits and a few joiners, at most 60 characters."""
    return clean_name(name)


def default_data_dir() -> Path:
    return Path(os.environ.get(DATA_ENV, DEFAULT_DATA_DIR))


class Narration:
    """Audio for every scene, name and text, per narrator.

    data_dir: the cache; voice packs are read from `data_dir/packs/*/` and from `packs`.
    engine: "auto" (best installed), "espeak", "mbrola" or "pico".
    """

    def __init__(
        self,
        data_dir: Path | None = None,
        catalogue: Catalogue | None = None,
        packs: Sequence[VoicePack] | None = None,
        engine: str | None = None,
    ) -> None:
        self.cache = AudioCache(data_dir if data_dir is not None else default_data_dir())
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        self.packs = list(packs) if packs is not None else find_packs([self.cache.root / "packs"])
        self._engine = engine
        self._voices: dict[str, Voice] = {}

    def voice(self, narrator_id: str) -> Voice:
        if narrator_id not in self._voices:
            self._voices[narrator_id] = voice_for(narrator(narrator_id), self._engine)
        return self._voices[narrator_id]

    # --- what a game needs -------------------------------------------------------------------------

    def render(
        self,
        scene_id: str,
        narrator_id: str,
        variant: int,
        values: Mapping[str, Value] | None = None,
        fmt: AudioFormat | None = None,
        *,
        say: Mapping[str, str] | None = None,
        style: Style = Style.FULL,
    ) -> Path:
        """The audio file of one scene variant spoken by one narrator, placeholders filled from `values`.

        say: players' Aussprache by name as typed (only names in `values` use it); style: the full or the
        short ("knapp") texts of the scene (`Scene.texts`)."""
        fmt = fmt or preferred_format()
        text = self.catalogue[scene_id].text(narrator_id, variant, style)
        values = values or {}
        spoken_text = filled(text, values, say)  # fails early on a missing value
        recorded = self._recorded(scene_id, narrator_id, variant, text, style)
        if recorded is not None:
            return self._from_recording(recorded, narrator_id, text, values, fmt, say or {})
        path = self.scene_clip_path(scene_id, narrator_id, variant, fmt, style)
        if path is not None:
            return self.cache.ensure(path, lambda: encode(self._synthesize(narrator_id, text), fmt))
        return self._say_once(spoken_text, fill(text, values), narrator_id, fmt)

    def scene_clip_path(
        self, scene_id: str, narrator_id: str, variant: int, fmt: AudioFormat, style: Style = Style.FULL
    ) -> Path | None:
        """Where the generated clip of a fixed scene variant is cached (None: it has placeholders, its
        filled-in texts are cached as texts)."""
        scene = self.catalogue[scene_id]
        text = scene.text(narrator_id, variant, style)
        if slots(text):
            return None
        key = digest(self.voice(narrator_id).identity, text)
        short = style is Style.SHORT and bool(scene.short)
        return self.cache.scene_path(narrator_id, scene_id, variant, key, fmt, short=short)

    def speak_name(self, name: str, narrator_id: str, fmt: AudioFormat | None = None, say: str | None = None) -> Path:
        """A player's name in this narrator's voice, spoken as the player's Aussprache `say` when given
        (checked with `names.check_pronunciation`); call it when the player joins so it is ready."""
        fmt = fmt or preferred_format()
        path = self.name_path(name, narrator_id, fmt, say)
        spoken_name = (Name(speakable_name(name), say),)
        return self.cache.ensure(path, lambda: encode(self._synthesize(narrator_id, spoken_name), fmt))

    def name_path(self, name: str, narrator_id: str, fmt: AudioFormat | None = None, say: str | None = None) -> Path:
        """Where `speak_name` keeps this name (whether it is made yet or not)."""
        fmt = fmt or preferred_format()
        clean = speakable_name(name)
        key_parts = ("name", clean) if not say else ("name", clean, "say", say)
        return self.cache.name_path(narrator_id, digest(self.voice(narrator_id).identity, *key_parts), fmt)

    def say(self, text: str, narrator_id: str, fmt: AudioFormat | None = None) -> Path:
        """Any German text in this narrator's voice, cached by voice and text."""
        fmt = fmt or preferred_format()
        return self._say_once(text, text, narrator_id, fmt)

    # --- internals ---------------------------------------------------------------------------------

    def _say_once(self, spoken_text: Speakable, shown: str, narrator_id: str, fmt: AudioFormat) -> Path:
        """A text cached by voice, the text as shown and the Aussprache entries it uses."""
        voice = self.voice(narrator_id)
        path = self.cache.text_path(
            narrator_id, digest(voice.identity, "text", shown, *pronunciations_used(spoken_text)), fmt
        )
        return self.cache.ensure(path, lambda: encode(self._synthesize(narrator_id, spoken_text), fmt))

    def _synthesize(self, narrator_id: str, text: Speakable) -> audio.Pcm:
        return audio.prepare(self.voice(narrator_id).synthesize(text))

    def _recorded(
        self, scene_id: str, narrator_id: str, variant: int, text: str, style: Style = Style.FULL
    ) -> list[Path] | None:
        """The pack files for this variant: one for a whole text, one per spoken piece otherwise."""
        parts = parse(text)
        pieces = [p for p in parts if isinstance(p, str) and is_speakable(p)]
        whole = all(isinstance(p, str) for p in parts)
        for pack in self.packs:
            if whole:
                path = pack.clip(scene_id, narrator_id, variant, style=style)
                if path is not None and pack.recorded_text_matches(path, text):
                    return [path]
                continue
            found: list[Path] = []
            for index, piece in enumerate(pieces):
                path = pack.clip(scene_id, narrator_id, variant, index, style=style)
                if path is None or not pack.recorded_text_matches(path, piece):
                    break
                found.append(path)
            if pieces and len(found) == len(pieces):
                return found
        return None

    def _from_recording(
        self,
        files: list[Path],
        narrator_id: str,
        text: str,
        values: Mapping[str, Value],
        fmt: AudioFormat,
        say: Mapping[str, str],
    ) -> Path:
        whole = len(files) == 1 and not any(isinstance(p, Slot) for p in parse(text))
        if whole and stored_as(files[0], fmt):
            return files[0]  # a recording already in the wanted format is served as it is
        stamps = [f"{f}:{f.stat().st_mtime_ns}:{f.stat().st_size}" for f in files]
        shown = fill(text, values)
        used = pronunciations_used(filled(text, values, say))
        key = digest("recording", *stamps, self.voice(narrator_id).identity, shown, *used)
        path = self.cache.text_path(narrator_id, key, fmt)
        return self.cache.ensure(path, lambda: encode(self._compose(files, narrator_id, text, values, say), fmt))

    def _compose(
        self, files: list[Path], narrator_id: str, text: str, values: Mapping[str, Value], say: Mapping[str, str]
    ) -> audio.Pcm:
        """Recorded pieces with the values (names …) spoken by the narrator's generated voice between them."""
        recordings = iter(files)
        pieces: list[audio.Pcm] = []
        for part in parse(text):
            if isinstance(part, Slot):
                pieces.append(self._value_audio(part.key, values[part.key], narrator_id, say))
            elif is_speakable(part):
                pieces.append(audio.normalize(audio.trim(audio.resample(decode(next(recordings))))))
            elif part.strip():
                pieces.append(audio.silence(_PAUSE_PUNCTUATION))
        return audio.join(pieces, gap=_PIECE_GAP)

    def _value_audio(self, key: str, value: Value, narrator_id: str, say: Mapping[str, str]) -> audio.Pcm:
        if key == "names" and not isinstance(value, str | int) and len(value) > 1:
            names = [decode(self.speak_name(name, narrator_id, say=say.get(name))) for name in value]
            und = decode(self.say("und", narrator_id))
            return audio.join([*names[:-1], und, names[-1]], gap=0.1)
        if key in ("name", "names", "left", "right"):
            name = spoken(value)
            return decode(self.speak_name(name, narrator_id, say=say.get(name)))
        return decode(self.say(spoken(value), narrator_id))
