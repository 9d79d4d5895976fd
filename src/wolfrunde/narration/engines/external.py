"""Better German voices when the system has them: Debian's mbrola-de* voices and SVOX pico (pico2wave)."""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from wolfrunde.narration.audio import Pcm
from wolfrunde.narration.engines.base import SpeechError
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import MbrolaVoice, PicoVoice
from wolfrunde.narration.speech import PRONUNCIATION_VERSION, Speakable, phoneme_markup, plain_text

MBROLA_DIRS = (Path("/usr/share/mbrola"), Path("/usr/lib/mbrola"))
_TIMEOUT = 60

# Diphones some mbrola voices lack, mended before mbrola sees them by changing the first sound: de2 and
# de3 have no R-R and no R-j ("der Rat", "der Jäger"), which becomes the vocalised r German speakers say
# there anyway; de4 has no short a before a glottal stop and a diphthong ("Greta auch"), which is lengthened.
DIPHONE_REPAIRS: dict[tuple[str, str], str] = {
    ("R", "R"): "6",
    ("R", "j"): "6",
    ("a", "?aI"): "a:",
    ("a", "?aU"): "a:",
    ("a", "?OY"): "a:",
}
_WARNING = re.compile(r"Warning: (\S+-\S+) unknown")


def mbrola_voice_file(voice: str) -> Path | None:
    """The voice's database (Debian: /usr/share/mbrola/de2/de2), or None."""
    for root in MBROLA_DIRS:
        for candidate in (root / voice / voice, root / voice):
            if candidate.is_file():
                return candidate
    return None


def mbrola_installed(voice: str) -> bool:
    """Debian's mbrola voices need the system espeak-ng (its mb-deN definitions) and the mbrola program."""
    if not (shutil.which("espeak-ng") and shutil.which("mbrola")):
        return False
    return mbrola_voice_file(voice) is not None


def pico_installed() -> bool:
    return shutil.which("pico2wave") is not None


def _run(command: list[str], text_in: str | None = None) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, input=text_in, text=True, capture_output=True, check=True, timeout=_TIMEOUT)
    except (OSError, subprocess.SubprocessError) as error:
        raise SpeechError(f"{command[0]} scheiterte: {error}") from error


def _run_to_wav(command: list[str], wav: Path, text_in: str | None = None) -> Pcm:
    _run(command, text_in)
    try:
        return decode(wav)
    except RuntimeError as error:
        raise SpeechError(f"{command[0]} lieferte kein lesbares Audio: {error}") from error


def repair_diphones(pho: str) -> str:
    """mbrola input with every phoneme of a `DIPHONE_REPAIRS` pair replaced (pauses in between count)."""
    lines = pho.splitlines()
    names = [line.split(maxsplit=1)[0] if line.strip() and not line.startswith(";") else None for line in lines]
    following: str | None = None
    for index in range(len(lines) - 1, -1, -1):
        name = names[index]
        if name is None:
            continue
        if following is not None and (name, following) in DIPHONE_REPAIRS:
            lines[index] = DIPHONE_REPAIRS[name, following] + lines[index][len(name) :]
            name = DIPHONE_REPAIRS[name, following]
        following = name
    return "\n".join(lines) + "\n"


def mbrola_phonemes(markup: str, settings: MbrolaVoice) -> str:
    """What mbrola is given for a text already made speakable (`[[...]]` read as phonemes): espeak-ng's
    mbrola phonemes with durations and pitch, missing diphones mended."""
    command = ["espeak-ng", "-q", "-v", f"mb-{settings.voice}", "-s", str(settings.rate), "-p", str(settings.pitch)]
    result = _run([*command, "-b", "1", "--pho", "--stdin"], markup)
    return repair_diphones(result.stdout)


def mbrola_warnings(pho: str, voice: str) -> list[str]:
    """The diphones mbrola does not know in this input ("R-R", …), each time one occurs; no audio is kept."""
    database = mbrola_voice_file(voice)
    if database is None:
        raise SpeechError(f"mbrola-Stimme {voice} ist nicht installiert")
    with tempfile.TemporaryDirectory(prefix="wolfrunde-mbrola-") as folder:
        source = Path(folder) / "in.pho"
        source.write_text(pho, encoding="utf-8")
        result = subprocess.run(
            ["mbrola", "-e", str(database), str(source), os.devnull], capture_output=True, text=True, timeout=_TIMEOUT
        )
    return _WARNING.findall(result.stderr)


def mbrola_gaps(pho: str, voice: str) -> Counter[str]:
    """The diphones of this input that the voice lacks, with how often each occurs: like
    `mbrola_warnings`, but mbrola reads each distinct pair of neighbouring sounds only once, so a whole
    catalogue takes a fraction of a second."""
    sounds = [line.split(maxsplit=1)[0] for line in pho.splitlines() if line.strip() and not line.startswith(";")]
    pairs = Counter(f"{a}-{b}" for a, b in itertools.pairwise(sounds))
    probe = "".join(f"{a} 60 0 120\n{b} 60 0 120\n_ 30 0 120\n" for a, b in (p.split("-", 1) for p in pairs))
    lacking = set(mbrola_warnings(probe, voice))
    return Counter({pair: count for pair, count in pairs.items() if pair in lacking})


@dataclass(frozen=True)
class MbrolaSpeaker:
    settings: MbrolaVoice

    @property
    def identity(self) -> str:
        s = self.settings
        return f"mbrola:{s.voice}:r{s.rate}:p{s.pitch}:lex{PRONUNCIATION_VERSION}:fix{_REPAIRS_VERSION}"

    def synthesize(self, text: Speakable) -> Pcm:
        database = mbrola_voice_file(self.settings.voice)
        if database is None:
            raise SpeechError(f"mbrola-Stimme {self.settings.voice} ist nicht installiert")
        pho = mbrola_phonemes(phoneme_markup(text), self.settings)
        with tempfile.TemporaryDirectory(prefix="wolfrunde-mbrola-") as folder:
            wav = Path(folder) / "out.wav"
            return _run_to_wav(["mbrola", "-e", str(database), "-", str(wav)], wav, text_in=pho)


_REPAIRS_VERSION = hashlib.sha256(repr(sorted(DIPHONE_REPAIRS.items())).encode()).hexdigest()[:6]


@dataclass(frozen=True)
class PicoSpeaker:
    settings: PicoVoice

    @property
    def identity(self) -> str:
        return f"pico:de-DE:p{self.settings.pitch}:s{self.settings.speed}"

    def synthesize(self, text: Speakable) -> Pcm:
        s = self.settings
        markup = f"<pitch level='{s.pitch}'><speed level='{s.speed}'>{escape(plain_text(text))}</speed></pitch>"
        with tempfile.TemporaryDirectory(prefix="wolfrunde-pico-") as folder:
            wav = Path(folder) / "out.wav"  # pico2wave insists on a .wav name
            return _run_to_wav(["pico2wave", "-l", "de-DE", "-w", str(wav), markup], wav)
