"""The default engine: libespeak-ng and its German data from the `espeakng-loader` wheel, via ctypes."""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass
from pathlib import Path

import espeakng_loader
import numpy as np

from wolfrunde.narration.audio import Pcm, from_int16
from wolfrunde.narration.engines.base import SpeechError
from wolfrunde.narration.narrators import EspeakVoice

_SYNCHRONOUS = 2  # AUDIO_OUTPUT_SYNCHRONOUS: espeak_Synth returns when all audio went to the callback
_DONT_EXIT = 0x8000  # espeakINITIALIZE_DONT_EXIT: report errors instead of ending the process
_UTF8 = 1  # espeakCHARS_UTF8
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
        self.lib.espeak_Synth.argtypes = [
            ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_void_p, ctypes.c_void_p,
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
            if self.lib.espeak_SetVoiceByName(voice.variant.encode()) != 0:
                raise SpeechError(f"espeak-ng kennt die Stimme {voice.variant!r} nicht")
            for parameter, value in (
                (_RATE, voice.rate), (_PITCH, voice.pitch), (_RANGE, voice.pitch_range),
                (_WORDGAP, voice.word_gap), (_VOLUME, 100),
            ):
                self.lib.espeak_SetParameter(parameter, value, 0)
            self.chunks = []
            status = self.lib.espeak_Synth(data, len(data), 0, 0, 0, _UTF8, None, None)
            chunks, self.chunks = self.chunks, []
        if status != 0 or not chunks:
            raise SpeechError(f"espeak-ng konnte {text!r} nicht sprechen (Status {status})")
        return from_int16(np.concatenate(chunks), self.rate)


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
        return f"espeak-ng:{s.variant}:r{s.rate}:p{s.pitch}:g{s.pitch_range}:w{s.word_gap}"

    def synthesize(self, text: str) -> Pcm:
        return _library().speak(text, self.settings)
