"""A server shutting down lets the narrator's background speech finish and drops what has not started,
so no half-made clip or speech engine's scratch folder outlives it."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from starlette.testclient import TestClient

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_voices import ServerVoices, voices_for
from wolfrunde.store import default_url

WORK_SECONDS = 0.3  # how long the pretended clip takes to make


def _clip(started: threading.Event, finished: threading.Event) -> None:
    started.set()
    time.sleep(WORK_SECONDS)
    finished.set()


def _busy(started: threading.Event, release: threading.Event) -> None:
    started.set()
    release.wait(10)


def test_settle_waits_for_the_running_jobs_and_drops_the_queued_ones(tmp_path: Path) -> None:
    voices = ServerVoices(tmp_path / "voices")
    release = threading.Event()
    workers = [threading.Event() for _ in range(2)]
    running = [voices._submit(_busy, started, release) for started in workers]  # the pool's two workers
    for started in workers:
        assert started.wait(10)
    queued_ran = threading.Event()
    queued = voices._submit(queued_ran.set)
    dropped = threading.Event()
    queued.add_done_callback(lambda _: dropped.set())
    settling = threading.Thread(target=voices.settle)
    settling.start()
    assert dropped.wait(10), "the job not yet started is dropped at once"
    assert settling.is_alive(), "while the running ones are waited for"
    release.set()
    settling.join(10)
    assert not settling.is_alive()
    assert all(job.done() and not job.cancelled() for job in running)
    assert queued.cancelled() and not queued_ran.is_set()


def test_the_server_shutting_down_waits_for_speech_under_way(tmp_path: Path) -> None:
    config = ServerConfig(database_url=default_url(tmp_path), voices_dir=str(tmp_path / "voices"))
    started, finished = threading.Event(), threading.Event()
    with TestClient(create_app(config)):
        voices_for(config)._submit(_clip, started, finished)
        assert started.wait(10)
    assert finished.is_set(), "the clip under way was finished before the server was gone"
