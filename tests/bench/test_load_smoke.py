"""The load benchmark itself works: two rooms of ten bots play whole games against the bench server (in a
process of its own, without pacing), taking incremental updates, and it reports latencies and CPU."""

import signal
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.bench.scripts import bench_script


def load_bench() -> ModuleType:
    return bench_script("load")


def two_rooms(tmp_path: Path, seed: int, stagger: float = 0.0) -> dict[str, Any]:
    """`bench.run` of two rooms against a bench server of its own (without pacing), whose folder is `tmp_path`."""
    bench = load_bench()
    port = bench.free_port()
    cookies = tmp_path / "cookies.txt"
    server = bench.start_server(tmp_path, port, "off", 20, cookies)
    try:
        tokens = cookies.read_text(encoding="utf-8").split()
        result: dict[str, Any] = bench.run(
            f"http://127.0.0.1:{port}", tokens, 2, seed, 120.0, 0.0, 1, server.pid, stagger=stagger
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
    return result


def test_two_rooms_of_bots_finish_their_games_with_patches_and_report_latencies(tmp_path: Path) -> None:
    result = two_rooms(tmp_path, seed=3)
    assert result["games_completed"] == 2, result
    assert result["started_at"] < result["ended_at"]  # the window of `collections`
    assert (tmp_path / "gc.log").exists()  # the server logs its collections (bench/serve.py --gc-log)
    assert result["client_failures"] == 0, result
    assert result["decisions"] > 20
    assert result["patches_received"] > result["decisions"] / 2  # after the first view, patches
    assert 0 < result["p50_ms"] <= result["p99_ms"]
    assert 0 < result["day_p50_ms"] <= result["day_p99_ms"]  # every game has a day: its ballots count apart
    assert result["server_cpu_seconds"] > 0
    assert result["messages_per_second"] > 0
    kinds = result["messages_by_type"]
    assert sum(kinds.values()) == result["messages"], kinds  # every received message is counted once
    assert kinds["ack"] == result["decisions"] and kinds["game_patch"] == result["patches_received"], kinds
    assert result["server_busy_share"] > 0 and result["client_busy_share"] > 0, result
    assert "welcome" not in kinds, kinds  # measured from when every seat had sat down (welcomed on connecting)


def test_staggered_rooms_finish_and_the_timeline_counts_every_acknowledged_decision(tmp_path: Path) -> None:
    result = two_rooms(tmp_path, seed=5, stagger=1.0)
    assert result["games_completed"] == 2, result
    rows = load_bench().timeline(result["ack_series"], tmp_path / "gc.log", result["started_at"], 0.5)
    assert sum(row["decisions"] for row in rows) == result["messages_by_type"]["ack"]
    assert [row["from_s"] for row in rows] == sorted({row["from_s"] for row in rows})
    assert all(0 < row["ack_p50_ms"] <= row["ack_p99_ms"] for row in rows), rows


def test_busy_share_is_the_cpu_per_wall_second_between_the_samples_of_a_window() -> None:
    samples = [(10.0, 1.0), (10.5, 1.4), (11.0, 1.5), (11.5, 1.5), (12.0, 2.5)]
    busy_share = load_bench().busy_share
    assert busy_share(samples, 10.0, 11.5) == 0.5  # 0.5 CPU seconds from 10.0 to 11.0
    assert busy_share(samples, 11.0, 12.5) == 1.0
    assert busy_share(samples, 11.9, 12.5) is None  # one sample: no interval


def test_collections_counts_the_pauses_that_ended_while_the_games_ran(tmp_path: Path) -> None:
    log = tmp_path / "gc.log"
    log.write_text("99.000 0 5.00\n100.500 0 2.25\n101.000 1 40.50\n102.000 2 900.00\n", encoding="utf-8")
    figures = load_bench().collections(log, 100.0, 101.5)
    assert figures == {
        "gc_pauses": 2,
        "gc_seconds": 0.04,
        "gc_pause_max_ms": 40.5,
        "gc_seconds_by_generation": {"0": 0.0, "1": 0.04},
    }
    assert load_bench().collections(tmp_path / "absent.log", 0.0, 1.0)["gc_pauses"] == 0


def test_the_bench_server_runs_a_full_collection_on_sigusr1_and_logs_what_it_tracked(tmp_path: Path) -> None:
    bench = load_bench()
    server = bench.start_server(tmp_path, bench.free_port(), "off", 2, tmp_path / "cookies.txt")
    try:
        server.send_signal(signal.SIGUSR1)
        log = tmp_path / "gc.log.full"
        deadline = time.monotonic() + 60
        while not (log.exists() and log.read_text(encoding="utf-8").endswith("\n")):
            assert time.monotonic() < deadline, "no full collection was logged"
            assert server.poll() is None, "the server stopped"
            time.sleep(0.05)  # polls for the line the server writes: waits for an event, bounded
    finally:
        server.terminate()
        server.wait(timeout=30)
    ended, tracked, ms = log.read_text(encoding="utf-8").split()
    assert int(tracked) > 1_000  # what the server made once it served (what start-up made is frozen: not counted)
    assert float(ms) > 0
    assert bench.full_collection(log, float(ended) - 1, float(ended) + 1, 4) == {
        "tracked_objects": int(tracked),
        "tracked_objects_per_room": round(int(tracked) / 4),
        "full_collection_ms": float(ms),
    }
    assert bench.full_collection(log, 0.0, float(ended) - 1, 4)["full_collection_ms"] is None  # not in the window
