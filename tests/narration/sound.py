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


def yin_pitch(pcm: Pcm, low: float = 60.0, high: float = 400.0, threshold: float = 0.15) -> float:
    """Median fundamental frequency (Hz) by YIN (de Cheveigné and Kawahara 2002) over voiced 40 ms frames."""
    size = int(0.04 * pcm.rate)
    min_lag, max_lag = int(pcm.rate / high), int(pcm.rate / low)
    pitches: list[float] = []
    for start in range(0, len(pcm.samples) - size - max_lag, size // 2):
        frame = pcm.samples[start : start + size + max_lag].astype(np.float64)
        if np.sqrt(np.mean(frame[:size] ** 2)) < 0.02:
            continue
        shifted = np.lib.stride_tricks.sliding_window_view(frame, size)[: max_lag + 1]
        difference = np.sum((shifted - frame[:size]) ** 2, axis=1)
        cumulative = np.cumsum(difference[1:])
        normalized = np.ones_like(difference)
        normalized[1:] = difference[1:] * np.arange(1, max_lag + 1) / np.maximum(cumulative, 1e-12)
        below = np.flatnonzero(normalized[min_lag:] < threshold)
        if len(below):
            lag = min_lag + int(below[0])
            while lag + 1 <= max_lag and normalized[lag + 1] < normalized[lag]:
                lag += 1
            pitches.append(pcm.rate / lag)
    return float(np.median(pitches)) if pitches else 0.0


def mfcc_profile(pcm: Pcm, coefficients: int = 13, bands: int = 26) -> np.ndarray:
    """The voice's timbre: mean MFCCs (1..coefficients, without the loudness term) over its loud frames."""
    size, hop = int(0.025 * pcm.rate), int(0.01 * pcm.rate)
    window = np.hamming(size)
    spectrum_size = 512
    while spectrum_size < size:
        spectrum_size *= 2
    mel = lambda hz: 2595.0 * np.log10(1.0 + hz / 700.0)  # noqa: E731
    edges_mel = np.linspace(mel(80.0), mel(min(7600.0, pcm.rate / 2)), bands + 2)
    edges = (700.0 * (10 ** (edges_mel / 2595.0) - 1.0) / pcm.rate * spectrum_size).astype(int)
    filters = np.zeros((bands, spectrum_size // 2 + 1))
    for band in range(bands):
        left, centre, right = edges[band], edges[band + 1], edges[band + 2]
        filters[band, left:centre] = np.linspace(0.0, 1.0, max(centre - left, 1), endpoint=False)[: centre - left]
        filters[band, centre:right] = np.linspace(1.0, 0.0, max(right - centre, 1), endpoint=False)[: right - centre]
    dct = np.cos(np.pi / bands * (np.arange(bands) + 0.5)[None, :] * np.arange(coefficients + 1)[:, None])
    rows = []
    for start in range(0, len(pcm.samples) - size, hop):
        frame = pcm.samples[start : start + size].astype(np.float64)
        if np.sqrt(np.mean(frame**2)) < 0.02:
            continue
        power = np.abs(np.fft.rfft(frame * window, spectrum_size)) ** 2
        rows.append(dct @ np.log(filters @ power + 1e-10))
    return np.mean(np.array(rows), axis=0)[1:]


def timbre_distance(a: Pcm, b: Pcm) -> float:
    """How far apart two voices' timbres are: the distance of their mean MFCCs."""
    return float(np.linalg.norm(mfcc_profile(a) - mfcc_profile(b)))
