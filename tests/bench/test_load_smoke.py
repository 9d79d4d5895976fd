"""The load benchmark itself works: two rooms of ten bots play whole games against a real server."""

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.server.live import LiveServer

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def load_bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_load", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_two_rooms_of_bots_finish_their_games_and_report_latencies(tmp_path: Path) -> None:
    bench = load_bench()
    server = LiveServer(tmp_path / "data").start()
    try:
        # a thread of its own: Playwright's tests may have left an event loop running in this one
        with ThreadPoolExecutor(max_workers=1) as pool:
            result = pool.submit(lambda: asyncio.run(bench.run(server.url, rooms=2, seed=3, max_seconds=90))).result()
    finally:
        server.stop()
    assert result["games_completed"] == 2
    assert result["client_failures"] == 0
    assert result["decisions"] > 20
    assert 0 < result["p50_ms"] <= result["p99_ms"] < 5000
    assert result["messages_per_second"] > 0
