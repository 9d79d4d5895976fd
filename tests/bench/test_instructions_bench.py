"""The instruction-count benchmark: it reads valgrind's count and room_cpu's decisions from their output, says
plainly when valgrind is missing, and measured on the work tree (1 and 2 rooms, two valgrind runs at once)
gives more instructions and decisions with more rooms and a plausible cost per decision."""

from pathlib import Path

import pytest
from tests.bench.scripts import bench_script

SAMPLE_STDOUT = """\
some line the server logged
{"rooms": 1, "runs": 1, "server_ms_per_decision": 22.9, "each_run": [22.9], "decisions": [72]}
"""
SAMPLE_STDERR = """\
==30930== Cachegrind, a cache and branch-prediction profiler
==30930== brk segment overflow in thread #1: can't grow to 0x4842000
==30930==
==30930== I   refs:      5,531,154,963
"""


def test_the_count_and_the_decisions_are_read_from_the_runs_output() -> None:
    bench = bench_script("instructions")
    run = bench.parse_run(SAMPLE_STDOUT, SAMPLE_STDERR)
    assert run == bench.Run(instructions=5_531_154_963, decisions=72)
    with pytest.raises(bench.BenchError, match="I refs"):
        bench.parse_run(SAMPLE_STDOUT, "==1== Killed\n")


def test_a_missing_valgrind_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bench = bench_script("instructions")
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no valgrind on it
    with pytest.raises(bench.UsageError, match="apt-get install valgrind") as raised:
        bench.require_valgrind()
    assert raised.value.status == 2
    assert "\n" not in str(raised.value)


def test_the_work_tree_costs_more_with_more_rooms_and_a_plausible_amount_per_decision() -> None:
    bench = bench_script("instructions")
    result = bench.measure_trees({"work_tree": bench.TREE}, rooms=1, seed=1)["work_tree"]
    one, two = result.runs[1], result.runs[2]
    assert two.decisions > one.decisions > 0
    assert two.instructions > one.instructions > 0
    assert 0.3e6 < result.instructions_per_decision < 50e6
