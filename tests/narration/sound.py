"""Measuring test audio: loudness and pitch, without any extra library."""

from __future__ import annotations

import numpy as np

from wolfrunde.narration.audio import Pcm


def speech_seconds(pcm: Pcm, level: float = 0.02) -> float:
    """How long the clip is audibly not silent (20 ms frames above `level` RMS)."""
    frame = int(0.02 * pcm.rate)
    frames = pcm.samples[: len(pcm.samples) // frame * frame].reshape(-1, frame)
    loud = np.sqrt(np.mean(np.square(frames), axis=1)) > level
    return float(np.count_nonzero(loud)) * 0.02


def median_pitch(pcm: Pcm) -> float:
    """Median fundamental frequency (Hz) of the voiced 40 ms frames, by autocorrelation."""
    size = int(0.04 * pcm.rate)
    pitches: list[float] = []
    for start in range(0, len(pcm.samples) - size, size // 2):
        frame = pcm.samples[start : start + size] - np.mean(pcm.samples[start : start + size])
        if np.sqrt(np.mean(frame * frame)) < 0.02:
            continue
        corr = np.correlate(frame, frame, "full")[size - 1 :]
        low, high = pcm.rate // 400, pcm.rate // 60
        lag = low + int(np.argmax(corr[low:high]))
        if corr[lag] > 0.5 * corr[0]:
            pitches.append(pcm.rate / lag)
    return float(np.median(pitches)) if pitches else 0.0
