"""Encoding clips for the browser: Opus in Ogg first, MP3 or WAV where Opus cannot be played or written."""

from __future__ import annotations

import enum
import io
from functools import cache
from pathlib import Path

import numpy as np
import soundfile

from wolfrunde.narration.audio import Pcm, silence


class AudioFormat(enum.Enum):
    OPUS = ("opus", "ogg", "OGG", "OPUS", "audio/ogg; codecs=opus")
    MP3 = ("mp3", "mp3", "MP3", "MPEG_LAYER_III", "audio/mpeg")
    WAV = ("wav", "wav", "WAV", "PCM_16", "audio/wav")

    def __init__(self, key: str, extension: str, container: str, subtype: str, mime: str) -> None:
        self.key = key
        self.extension = extension
        self.container = container
        self.subtype = subtype
        self.mime = mime

    @classmethod
    def parse(cls, key: str) -> AudioFormat:
        for fmt in cls:
            if fmt.key == key.lower():
                return fmt
        raise ValueError(f"Unbekanntes Audioformat {key!r}; bekannt: {', '.join(f.key for f in cls)}")


# libsndfile's Opus "compression level": 0 = highest bitrate, 1 = lowest;
# 0.93 gives about 24 kbit/s at 24 kHz, plenty for speech.
_OPUS_COMPRESSION = 0.93
_MP3_COMPRESSION = 0.9  # about 32 kbit/s mono


def encode(pcm: Pcm, fmt: AudioFormat) -> bytes:
    buffer = io.BytesIO()
    level = {AudioFormat.OPUS: _OPUS_COMPRESSION, AudioFormat.MP3: _MP3_COMPRESSION}.get(fmt)
    with soundfile.SoundFile(
        buffer,
        "w",
        samplerate=pcm.rate,
        channels=1,
        format=fmt.container,
        subtype=fmt.subtype,
        compression_level=level,
    ) as out:
        out.write(pcm.samples)
    return buffer.getvalue()


def decode(source: bytes | Path) -> Pcm:
    """Any file libsndfile reads (Ogg Opus/Vorbis, MP3, FLAC, WAV …), mixed down to mono."""
    handle = io.BytesIO(source) if isinstance(source, bytes) else source
    samples, rate = soundfile.read(handle, dtype="float32", always_2d=True)
    return Pcm(np.ascontiguousarray(samples.mean(axis=1), dtype=np.float32), int(rate))


def duration(path: Path) -> float:
    """A file's length in seconds from its headers (Ogg: its last page), without decoding the audio."""
    info = soundfile.info(str(path))
    return float(info.frames / info.samplerate)


@cache
def writable_formats() -> tuple[AudioFormat, ...]:
    """The formats this machine's libsndfile can write and read back, best first."""
    usable: list[AudioFormat] = []
    probe = silence(0.05)
    for fmt in AudioFormat:
        try:
            decode(encode(probe, fmt))
        except (soundfile.LibsndfileError, RuntimeError, TypeError, ValueError):
            continue
        usable.append(fmt)
    return tuple(usable)


def preferred_format() -> AudioFormat:
    return writable_formats()[0]


def fallback_format() -> AudioFormat:
    """What to send a browser that cannot play Ogg Opus (older Safari): MP3 if possible, else WAV."""
    usable = [fmt for fmt in writable_formats() if fmt is not AudioFormat.OPUS]
    return usable[0]


def stored_as(path: Path, fmt: AudioFormat) -> bool:
    """Whether an existing file already is in this format (so it can be served unchanged)."""
    try:
        info = soundfile.info(str(path))
    except (soundfile.LibsndfileError, RuntimeError):
        return False
    return bool(info.format == fmt.container and info.subtype == fmt.subtype)
