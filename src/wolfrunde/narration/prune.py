"""Clearing the audio cache of what no game will ask for again (`wolfrunde voices prune`).

Scene clips are named after their text and voice, so a changed text, a new engine or a new voice setting
leaves the old clips behind: every scene file that is not the current clip of its scene, variant and
narrator is stale. Names and filled-in texts cannot be told from the catalogue; they go when nobody has
used them for `max_age_days` (a cache hit renews a file's time, see `AudioCache.ensure`). Leftovers of
interrupted writes go after an hour. Voice packs (`packs/`) and unknown folders are never touched.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from wolfrunde.narration.catalogue import Style
from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.service import Narration

DAY = 86_400.0
TEMPORARY_GRACE = 3_600.0  # an interrupted write is surely over after an hour


@dataclass
class PruneResult:
    removed: list[Path] = field(default_factory=list)
    removed_bytes: int = 0
    kept: int = 0


def current_scene_files(narration: Narration, narrator_id: str) -> set[Path]:
    """Every path a fixed scene variant of this narrator is cached under now, in every format."""
    paths = (
        narration.scene_clip_path(scene.id, narrator_id, variant, fmt, style)
        for scene in narration.catalogue
        for style in Style
        for variant in range(len(scene.texts(narrator_id, style)))
        for fmt in AudioFormat
    )
    return {path for path in paths if path is not None}


def prune(
    narration: Narration, max_age_days: float = 30.0, *, dry_run: bool = False, now: float | None = None
) -> PruneResult:
    """Removes stale clips (or only lists them with `dry_run`)."""
    now = time.time() if now is None else now
    result = PruneResult()
    for path, stale in _judged(narration, now - max_age_days * DAY, now):
        if not stale:
            result.kept += 1
            continue
        result.removed.append(path)
        result.removed_bytes += path.stat().st_size
        if not dry_run:
            path.unlink(missing_ok=True)
    if not dry_run:
        _remove_empty_folders(narration.cache.root)
    return result


def _judged(narration: Narration, cutoff: float, now: float) -> Iterator[tuple[Path, bool]]:
    root = narration.cache.root
    for narrator_id in NARRATOR_IDS:
        folder = root / narrator_id
        if not folder.is_dir():
            continue
        current = current_scene_files(narration, narrator_id)
        for path in _files(folder / "scenes"):
            yield path, _stale(path, now, unused=path not in current)
        for kind in ("names", "texts"):
            for path in _files(folder / kind):
                yield path, _stale(path, now, unused=path.stat().st_mtime < cutoff)


def _stale(path: Path, now: float, *, unused: bool) -> bool:
    if path.name.startswith(".tmp-"):  # an interrupted write
        return path.stat().st_mtime < now - TEMPORARY_GRACE
    return unused


def _files(folder: Path) -> Iterator[Path]:
    if folder.is_dir():
        yield from (path for path in sorted(folder.rglob("*")) if path.is_file())


def _remove_empty_folders(root: Path) -> None:
    for narrator_id in NARRATOR_IDS:
        folder = root / narrator_id
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*"), key=lambda p: len(p.parts), reverse=True):
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()
