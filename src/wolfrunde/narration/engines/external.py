"""Better German voices when the system has them: Debian's mbrola-de* voices and SVOX pico (pico2wave)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from wolfrunde.narration.audio import Pcm
from wolfrunde.narration.engines.base import SpeechError
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import MbrolaVoice, PicoVoice
from wolfrunde.narration.pronounce import LEXICON_VERSION, speakable

MBROLA_DIRS = (Path("/usr/share/mbrola"), Path("/usr/lib/mbrola"))
_TIMEOUT = 60


def mbrola_installed(voice: str) -> bool:
    """Debian's mbrola voices need the system espeak-ng (its mb-deN definitions) and the mbrola program."""
    if not (shutil.which("espeak-ng") and shutil.which("mbrola")):
        return False
    return any((root / voice / voice).is_file() or (root / voice).is_file() for root in MBROLA_DIRS)


def pico_installed() -> bool:
    return shutil.which("pico2wave") is not None


def _run_to_wav(command: list[str], wav: Path, text_in: str | None = None) -> Pcm:
    try:
        subprocess.run(command, input=text_in, text=True, capture_output=True, check=True, timeout=_TIMEOUT)
        return decode(wav)
    except (OSError, subprocess.SubprocessError, RuntimeError) as error:
        raise SpeechError(f"{command[0]} scheiterte: {error}") from error


@dataclass(frozen=True)
class MbrolaSpeaker:
    settings: MbrolaVoice

    @property
    def identity(self) -> str:
        s = self.settings
        return f"mbrola:{s.voice}:r{s.rate}:p{s.pitch}:lex{LEXICON_VERSION}"

    def synthesize(self, text: str) -> Pcm:
        s = self.settings
        with tempfile.TemporaryDirectory(prefix="wolfrunde-mbrola-") as folder:
            wav = Path(folder) / "out.wav"
            command = [
                "espeak-ng",
                "-v",
                f"mb-{s.voice}",
                "-s",
                str(s.rate),
                "-p",
                str(s.pitch),
                "-b",
                "1",
                "-w",
                str(wav),
                "--stdin",
            ]
            return _run_to_wav(command, wav, text_in=speakable(text))  # the CLI reads [[...]] as phonemes


@dataclass(frozen=True)
class PicoSpeaker:
    settings: PicoVoice

    @property
    def identity(self) -> str:
        return f"pico:de-DE:p{self.settings.pitch}:s{self.settings.speed}"

    def synthesize(self, text: str) -> Pcm:
        s = self.settings
        markup = f"<pitch level='{s.pitch}'><speed level='{s.speed}'>{escape(text)}</speed></pitch>"
        with tempfile.TemporaryDirectory(prefix="wolfrunde-pico-") as folder:
            wav = Path(folder) / "out.wav"  # pico2wave insists on a .wav name
            return _run_to_wav(["pico2wave", "-l", "de-DE", "-w", str(wav), markup], wav)
