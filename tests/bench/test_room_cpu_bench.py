"""The in-process room benchmark plays whole games and counts what it says: every seat of every room sees
its game end, the same seed deals the same games (so runs compare), the bots' own time is taken off, and
the deal it fixes for the bench is the server's own again afterwards."""

import asyncio
import random

from tests.bench.scripts import bench_script

from wolfrunde.server import match
from wolfrunde.server.kinds import online


def test_two_rooms_play_to_their_ends_and_the_same_seed_deals_the_same_games() -> None:
    bench = bench_script("room_cpu")
    first = asyncio.run(bench.one_run(2, seed=5))
    again = asyncio.run(bench.one_run(2, seed=5))
    assert first["decisions"] > 20
    assert first["decisions"] == again["decisions"]  # the same games, decision by decision
    assert first["server_cpu_seconds"] > 0 and first["bot_cpu_seconds"] > 0
    assert first["server_ms_per_decision"] > 0


def test_the_fixed_deal_is_undone_after_a_run() -> None:
    bench = bench_script("room_cpu")
    before = online._SYSTEM_RANDOM, match.secrets
    with bench.same_deals(1):
        assert isinstance(online._SYSTEM_RANDOM, random.Random) and online._SYSTEM_RANDOM is not before[0]
    assert (online._SYSTEM_RANDOM, match.secrets) == before
