"""The audio cache makes a clip once however many threads ask, and never replaces a finished file."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from wolfrunde.narration.cache import AudioCache, publish


def test_many_threads_asking_for_one_missing_clip_make_it_once(tmp_path: Path) -> None:
    cache = AudioCache(tmp_path)
    path = tmp_path / "jutta" / "names" / "anna.ogg"
    made: list[int] = []
    start = threading.Barrier(12)
    inside = threading.Event()

    def make() -> bytes:
        made.append(1)
        inside.set()
        return b"OggS" + bytes(len(made)) * 1000

    def ask(_: int) -> Path:
        start.wait()
        return cache.ensure(path, make)

    with ThreadPoolExecutor(12) as pool:
        paths = list(pool.map(ask, range(12)))
    assert inside.is_set() and made == [1]
    assert set(paths) == {path} and path.read_bytes() == b"OggS" + bytes(1) * 1000
    assert [p.name for p in path.parent.iterdir()] == ["anna.ogg"]  # no temporary file left


def test_a_finished_file_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "clip.ogg"
    publish(path, b"first")
    with path.open("rb") as reader:
        publish(path, b"second, longer")
        assert reader.read() == b"first"
    assert path.read_bytes() == b"first" and list(tmp_path.iterdir()) == [path]


def test_the_cache_crosses_to_worker_processes(tmp_path: Path) -> None:
    import pickle

    copy = pickle.loads(pickle.dumps(AudioCache(tmp_path)))
    assert copy.root == tmp_path and copy.ensure(tmp_path / "x.ogg", lambda: b"x").read_bytes() == b"x"
