"""Mono speech audio as float samples: resampling, trimming, joining and loudness."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.float32]

RATE = 24_000  # every clip is stored at this rate: valid for Opus, MP3 and WAV
_SILENCE_LEVEL = 0.01  # below this amplitude counts as silence when trimming


@dataclass(frozen=True)
class Pcm:
    samples: Samples  # mono, float32 in [-1, 1]
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate

    def rms(self) -> float:
        if len(self.samples) == 0:
            return 0.0
        return float(np.sqrt(np.mean(np.square(self.samples, dtype=np.float64))))


def from_int16(samples: npt.NDArray[np.int16], rate: int) -> Pcm:
    return Pcm((samples.astype(np.float32) / 32768.0), rate)


def silence(seconds: float, rate: int = RATE) -> Pcm:
    return Pcm(np.zeros(round(seconds * rate), dtype=np.float32), rate)


def resample(pcm: Pcm, rate: int = RATE) -> Pcm:
    """Linear-interpolation resampling; for speech between 16 and 48 kHz that is transparent enough."""
    if pcm.rate == rate or len(pcm.samples) == 0:
        return Pcm(pcm.samples, rate)
    count = round(len(pcm.samples) * rate / pcm.rate)
    positions = np.arange(count, dtype=np.float64) * (pcm.rate / rate)
    source = np.arange(len(pcm.samples), dtype=np.float64)
    return Pcm(np.interp(positions, source, pcm.samples).astype(np.float32), rate)


def trim(pcm: Pcm, keep: float = 0.05) -> Pcm:
    """Cut leading and trailing silence, keeping `keep` seconds around the speech."""
    loud = np.flatnonzero(np.abs(pcm.samples) > _SILENCE_LEVEL)
    if len(loud) == 0:
        return Pcm(pcm.samples[:0], pcm.rate)
    margin = round(keep * pcm.rate)
    start = max(0, int(loud[0]) - margin)
    end = min(len(pcm.samples), int(loud[-1]) + margin + 1)
    return Pcm(pcm.samples[start:end], pcm.rate)


def normalize(pcm: Pcm, target_rms: float = 0.1, peak: float = 0.95) -> Pcm:
    """Bring every voice to a similar loudness without clipping."""
    level = pcm.rms()
    if level == 0.0:
        return pcm
    gain = target_rms / level
    top = float(np.max(np.abs(pcm.samples))) * gain
    if top > peak:
        gain *= peak / top
    return Pcm((pcm.samples * gain).astype(np.float32), pcm.rate)


def join(pieces: Iterable[Pcm], gap: float = 0.12, rate: int = RATE) -> Pcm:
    """Pieces one after another (resampled to `rate`) with a short pause between them."""
    pause = silence(gap, rate).samples
    out: list[Samples] = []
    for piece in pieces:
        if out:
            out.append(pause)
        out.append(resample(piece, rate).samples)
    if not out:
        return Pcm(np.zeros(0, dtype=np.float32), rate)
    return Pcm(np.concatenate(out).astype(np.float32), rate)


def prepare(pcm: Pcm) -> Pcm:
    """What every synthesized clip goes through before it is stored."""
    return normalize(trim(resample(pcm)))
