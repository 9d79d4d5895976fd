"""The default engine: libespeak-ng and its German data from the `espeakng-loader` wheel, via ctypes."""

from __future__ import annotations

import ctypes
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import espeakng_loader
import numpy as np

from wolfrunde.narration.audio import Pcm, from_int16
from wolfrunde.narration.engines.base import SpeechError
from wolfrunde.narration.narrators import EspeakVoice
from wolfrunde.narration.speech import PRONUNCIATION_VERSION, Speakable, phoneme_markup

_SYNCHRONOUS = 2  # AUDIO_OUTPUT_SYNCHRONOUS: espeak_Synth returns when all audio went to the callback
_DONT_EXIT = 0x8000  # espeakINITIALIZE_DONT_EXIT: report errors instead of ending the process
_UTF8 = 1  # espeakCHARS_UTF8
_PHONEMES = 0x100  # espeakPHONEMES: read [[...]] in the text as espeak phoneme mnemonics
_MNEMONICS = 1  # phoneme output as espeak's ASCII mnemonics (what the lexicon holds)
_RATE, _VOLUME, _PITCH, _RANGE, _WORDGAP = 1, 2, 3, 4, 7  # espeak_PARAMETER values

_Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)


class _Library:
    """The process-wide espeak-ng instance. espeak-ng keeps global state, so every call holds the lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.lib = ctypes.CDLL(espeakng_loader.get_library_path())
        self.lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        self.lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        self.lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int]
        self.lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        self.lib.espeak_SetPhonemeTrace.argtypes = [ctypes.c_int, ctypes.c_void_p]
        self.lib.espeak_Synth.argtypes = [
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_void_p,
            ctypes.c_void_p,
        ]
        data_home = Path(espeakng_loader.get_data_path()).parent  # the folder holding espeak-ng-data/
        self.rate = int(self.lib.espeak_Initialize(_SYNCHRONOUS, 0, str(data_home).encode(), _DONT_EXIT))
        if self.rate <= 0:
            raise SpeechError(f"espeak-ng ließ sich nicht starten (Daten in {data_home})")
        self.chunks: list[np.ndarray] = []
        self.callback = _Callback(self._collect)  # kept referenced: espeak holds the pointer
        self.lib.espeak_SetSynthCallback(self.callback)

    def _collect(self, wav: ctypes._Pointer, count: int, _events: int) -> int:  # type: ignore[type-arg]
        if count > 0:
            self.chunks.append(np.ctypeslib.as_array(wav, shape=(count,)).copy())
        return 0

    def speak(self, text: str, voice: EspeakVoice) -> Pcm:
        data = text.encode("utf-8") + b"\0"
        with self.lock:
            self._set_voice(voice.variant)
            for parameter, value in (
                (_RATE, voice.rate),
                (_PITCH, voice.pitch),
                (_RANGE, voice.pitch_range),
                (_WORDGAP, voice.word_gap),
                (_VOLUME, 100),
            ):
                self.lib.espeak_SetParameter(parameter, value, 0)
            status, chunks = self._synth(data)
        if status != 0 or not chunks:
            raise SpeechError(f"espeak-ng konnte {text!r} nicht sprechen (Status {status})")
        return from_int16(np.concatenate(chunks), self.rate)

    def _synth(self, data: bytes) -> tuple[int, list[np.ndarray]]:
        self.chunks = []
        status = int(self.lib.espeak_Synth(data, len(data), 0, 0, 0, _UTF8 | _PHONEMES, None, None))
        chunks, self.chunks = self.chunks, []
        return status, chunks

    def phonemes(self, text: str, voice: str = "de") -> str:
        """espeak's own phonemes for the text (clauses joined by spaces), as its mnemonics."""
        buffer = ctypes.create_string_buffer(text.encode("utf-8") + b"\0")
        pointer = ctypes.c_char_p(ctypes.addressof(buffer))
        clauses: list[str] = []
        with self.lock:
            self._plain_voice(voice)
            while pointer.value:
                clause = self.lib.espeak_TextToPhonemes(ctypes.byref(pointer), _UTF8, 0)
                clauses.append((clause or b"").decode("utf-8"))
        return " ".join(clauses)

    def trace(self, text: str, voice: str = "de") -> str:
        """The phonemes espeak actually synthesizes for the text (phoneme input read), one line per clause."""
        libc = ctypes.CDLL(None)
        libc.fopen.restype = ctypes.c_void_p
        libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        libc.fclose.argtypes = [ctypes.c_void_p]
        data = text.encode("utf-8") + b"\0"
        with tempfile.TemporaryDirectory(prefix="wolfrunde-trace-") as folder, self.lock:
            path = Path(folder) / "trace.txt"
            stream = libc.fopen(str(path).encode(), b"w")
            if not stream:
                raise SpeechError("Phonem-Mitschrift: Datei ließ sich nicht öffnen")
            self._plain_voice(voice)
            self.lib.espeak_SetPhonemeTrace(_MNEMONICS, stream)
            try:
                self._synth(data)
            finally:
                self.lib.espeak_SetPhonemeTrace(0, None)
                libc.fclose(stream)
            return path.read_text(encoding="utf-8").strip()

    def _plain_voice(self, voice: str) -> None:
        """The voice with espeak's own settings: a narrator's word gap left from `speak` would show in the
        phonemes as extra pauses."""
        self._set_voice(voice)
        self.lib.espeak_SetParameter(_WORDGAP, 0, 0)

    def _set_voice(self, voice: str) -> None:
        if self.lib.espeak_SetVoiceByName(voice.encode()) != 0:
            raise SpeechError(f"espeak-ng kennt die Stimme {voice!r} nicht")


_LIBRARY_LOCK = threading.Lock()  # two threads starting at once must not load espeak-ng twice
_LIBRARY: list[_Library] = []


def _library() -> _Library:
    with _LIBRARY_LOCK:
        if not _LIBRARY:
            _LIBRARY.append(_Library())
        return _LIBRARY[0]


@dataclass(frozen=True)
class EspeakSpeaker:
    settings: EspeakVoice

    @property
    def identity(self) -> str:
        s = self.settings
        return f"espeak-ng:{s.variant}:r{s.rate}:p{s.pitch}:g{s.pitch_range}:w{s.word_gap}:lex{PRONUNCIATION_VERSION}"

    def synthesize(self, text: Speakable) -> Pcm:
        return _library().speak(phoneme_markup(text), self.settings)


def espeak_phonemes(text: str) -> str:
    """What espeak-ng's German voice makes of the text by its own rules."""
    return _library().phonemes(text)


def traced_phonemes(text: str) -> str:
    """The phonemes espeak-ng's German voice synthesizes for the text, `[[...]]` phoneme input included."""
    return _library().trace(text)
