"""The audio cache on disk: one file per clip, named so a changed text or voice never serves old audio.

A clip is made once: concurrent requests for the same missing clip wait for the one thread making it
(a lock per path), and a finished file is published by a hard link that never replaces an existing one,
so a file under its final name is always complete and never changes while somebody reads it (several
processes, such as `voices build` next to a server, may make a clip twice, but only one copy is kept).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from wolfrunde.narration.formats import AudioFormat

CACHE_VERSION = "2"  # bump when processing changes so every clip is made anew
RENEW_AFTER = 86_400.0  # seconds after which a cache hit renews the file's time


def digest(*parts: str, length: int = 16) -> str:
    text = "\n".join((CACHE_VERSION, *parts))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


@dataclass
class _ClipLock:
    lock: threading.Lock = field(default_factory=threading.Lock)
    users: int = 0  # threads holding or waiting for it; the entry goes when none is left


class AudioCache:
    """Layout under `root`:

    <narrator>/scenes/<scene_id>/<NN>-<hash>.<ext>   scene variants without placeholders (k<NN>: short ones)
    <narrator>/names/<hash>.<ext>                    spoken player names
    <narrator>/texts/<hash>.<ext>                    any other text (scenes filled with names, `say`)
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._start_locks()

    def _start_locks(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[Path, _ClipLock] = {}

    def __getstate__(self) -> dict[str, object]:  # `voices build` hands the cache to worker processes
        return {"root": self.root}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.root = Path(str(state["root"]))
        self._start_locks()

    def scene_path(
        self, narrator_id: str, scene_id: str, variant: int, key: str, fmt: AudioFormat, *, short: bool = False
    ) -> Path:
        """short: a variant of the scene's "knapp" texts (file name k<NN>-…)."""
        stem = f"k{variant:02d}" if short else f"{variant:02d}"
        return self.root / narrator_id / "scenes" / scene_id / f"{stem}-{key}.{fmt.extension}"

    def name_path(self, narrator_id: str, key: str, fmt: AudioFormat) -> Path:
        return self.root / narrator_id / "names" / f"{key}.{fmt.extension}"

    def text_path(self, narrator_id: str, key: str, fmt: AudioFormat) -> Path:
        return self.root / narrator_id / "texts" / f"{key}.{fmt.extension}"

    def ensure(self, path: Path, make: Callable[[], bytes]) -> Path:
        """The path, creating the file from `make()` first if it is missing; `make` runs at most once per
        path at a time in this process. A hit renews the file's time once a day, so `voices prune` keeps
        what games still use."""
        if self._hit(path):
            return path
        with self._locked(path):
            if self._hit(path):  # made by the thread we waited for
                return path
            publish(path, make())
        return path

    @staticmethod
    def _hit(path: Path) -> bool:
        try:
            if path.stat().st_mtime < time.time() - RENEW_AFTER:
                os.utime(path)
            return True
        except FileNotFoundError:
            return False

    @contextmanager
    def _locked(self, path: Path) -> Iterator[None]:
        with self._guard:
            clip = self._locks.setdefault(path, _ClipLock())
            clip.users += 1
        try:
            with clip.lock:
                yield
        finally:
            with self._guard:
                clip.users -= 1
                if clip.users == 0:
                    del self._locks[path]

    def size(self) -> tuple[int, int]:
        """(number of files, bytes) under the root."""
        files = [p for p in self.root.rglob("*") if p.is_file() and not p.name.startswith(".tmp-")]
        return len(files), sum(p.stat().st_size for p in files)


def publish(path: Path, data: bytes) -> None:
    """Writes the file complete under a temporary name, then links it to `path` unless a file is there
    already (which then stays: a complete file is never replaced under a reader)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: an atomic rename, which may replace
            os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)
