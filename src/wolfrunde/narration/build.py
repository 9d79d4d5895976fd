"""Making the audio ahead of a game (`wolfrunde voices build`), with a progress bar and time estimate."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TextIO

from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.service import Narration
from wolfrunde.narration.template import Slot, parse


@dataclass(frozen=True)
class Job:
    scene_id: str
    narrator_id: str
    variant: int


@dataclass(frozen=True)
class BuildResult:
    clips: int  # clips made or found in the cache
    seconds: float
    skipped_dynamic: int  # variants with placeholders: made on demand, once the names are known


def plan(narration: Narration, scene_ids: Iterable[str], narrator_ids: Iterable[str]) -> tuple[list[Job], int]:
    """The variants to make ahead, and how many were left for later because they hold placeholders."""
    jobs: list[Job] = []
    dynamic = 0
    narrators = list(narrator_ids)
    for scene_id in scene_ids:
        scene = narration.catalogue[scene_id]
        for narrator_id in narrators:
            for variant, text in enumerate(scene.variants[narrator_id]):
                if any(isinstance(part, Slot) for part in parse(text)):
                    dynamic += 1
                else:
                    jobs.append(Job(scene_id, narrator_id, variant))
    return jobs, dynamic


class Progress:
    """A one-line bar on a terminal, a line every tenth of the way otherwise."""

    def __init__(self, total: int, out: TextIO | None = None, width: int = 30) -> None:
        self.total, self.out, self.width = total, out or sys.stderr, width
        self.started = time.monotonic()
        self._last_tenth = -1

    def update(self, done: int, label: str = "") -> None:
        elapsed = time.monotonic() - self.started
        share = done / self.total if self.total else 1.0
        remaining = elapsed / done * (self.total - done) if done else 0.0
        filled = round(self.width * share)
        line = (
            f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} {share:4.0%} "
            f"vergangen {_clock(elapsed)}, noch etwa {_clock(remaining)} {label}"
        )
        if self.out.isatty():
            self.out.write("\r" + line[:120].ljust(120))
            if done == self.total:
                self.out.write("\n")
        elif int(share * 10) != self._last_tenth or done == self.total:
            self._last_tenth = int(share * 10)
            self.out.write(line + "\n")
        self.out.flush()


def _clock(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


def build(
    narration: Narration,
    scene_ids: Iterable[str],
    narrator_ids: Iterable[str],
    formats: Iterable[AudioFormat],
    out: TextIO | None = None,
    workers: int = 1,
) -> BuildResult:
    """Make every missing clip of these scenes and narrators in each format, in `workers` processes."""
    jobs, dynamic = plan(narration, scene_ids, narrator_ids)
    fmts = list(formats)
    progress = Progress(len(jobs) * len(fmts), out)
    started = time.monotonic()
    progress.update(0)
    tasks = [(job, fmt) for job in jobs for fmt in fmts]
    done = 0
    if workers <= 1:
        for job, fmt in tasks:
            narration.render(job.scene_id, job.narrator_id, job.variant, fmt=fmt)
            done += 1
            progress.update(done, f"{job.narrator_id}/{job.scene_id}")
    else:
        # espeak-ng is fast; the Opus encoder is what takes time, so separate processes pay off.
        with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(narration,)) as pool:
            chunks = [tasks[i : i + _CHUNK] for i in range(0, len(tasks), _CHUNK)]
            for finished in as_completed(pool.submit(_render_chunk, chunk) for chunk in chunks):
                label = finished.result()
                done += label[0]
                progress.update(done, label[1])
    return BuildResult(clips=done, seconds=time.monotonic() - started, skipped_dynamic=dynamic)


_CHUNK = 20
_worker: Narration | None = None


def _start_worker(narration: Narration) -> None:
    global _worker  # one Narration per worker process, set once when the process starts
    _worker = narration


def _render_chunk(chunk: list[tuple[Job, AudioFormat]]) -> tuple[int, str]:
    assert _worker is not None
    for job, fmt in chunk:
        _worker.render(job.scene_id, job.narrator_id, job.variant, fmt=fmt)
    last = chunk[-1][0]
    return len(chunk), f"{last.narrator_id}/{last.scene_id}"
