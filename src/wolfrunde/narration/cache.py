"""The audio cache on disk: one file per clip, named so a changed text or voice never serves old audio."""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from wolfrunde.narration.formats import AudioFormat

CACHE_VERSION = "1"  # bump when processing changes so every clip is made anew
RENEW_AFTER = 86_400.0  # seconds after which a cache hit renews the file's time


def digest(*parts: str, length: int = 16) -> str:
    text = "\n".join((CACHE_VERSION, *parts))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


class AudioCache:
    """Layout under `root`:

    <narrator>/scenes/<scene_id>/<NN>-<hash>.<ext>   scene variants without placeholders
    <narrator>/names/<hash>.<ext>                    spoken player names
    <narrator>/texts/<hash>.<ext>                    any other text (scenes filled with names, `say`)
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def scene_path(self, narrator_id: str, scene_id: str, variant: int, key: str, fmt: AudioFormat) -> Path:
        return self.root / narrator_id / "scenes" / scene_id / f"{variant:02d}-{key}.{fmt.extension}"

    def name_path(self, narrator_id: str, key: str, fmt: AudioFormat) -> Path:
        return self.root / narrator_id / "names" / f"{key}.{fmt.extension}"

    def text_path(self, narrator_id: str, key: str, fmt: AudioFormat) -> Path:
        return self.root / narrator_id / "texts" / f"{key}.{fmt.extension}"

    @staticmethod
    def ensure(path: Path, make: Callable[[], bytes]) -> Path:
        """The path, creating the file from `make()` first if it is missing (written atomically). A hit
        renews the file's time once a day, so `voices prune` keeps what games still use."""
        try:
            if path.stat().st_mtime < time.time() - RENEW_AFTER:
                os.utime(path)
            return path
        except FileNotFoundError:
            pass
        data = make()
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return path

    def size(self) -> tuple[int, int]:
        """(number of files, bytes) under the root."""
        files = [p for p in self.root.rglob("*") if p.is_file() and not p.name.startswith(".tmp-")]
        return len(files), sum(p.stat().st_size for p in files)
