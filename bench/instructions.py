"""The server's instructions per decision, counted by valgrind, in the work tree and in another revision:
`bench/room_cpu.py` (its `--rooms` online rooms of 10 bots in one process, the same deals from `--seed`)
run under cachegrind, which counts every instruction the process executes; `--base REV` adds the revision.

Why instructions and not time: on the shared 2-core machine the same run's CPU time varies by up to a third
within minutes, so a change of a few percent drowns in it. The instructions of a run depend far less on the
machine's load once the run is made the same: `PYTHONHASHSEED=0` (the order of sets and dicts of strings,
and so the games' paths) and `OPENBLAS_NUM_THREADS=1` (numpy's idle OpenBLAS threads spin for as long as the
scheduler lets them: with them, runs of one tree at 1 room differed by 1.5%, without them by under 0.01%).
What still varies follows the clock, most likely the rooms' pacing (when a narration's release is due, the
log's checkpoint at most every second), and under valgrind the games run about 50 times slower: runs of one
tree at 10 rooms started minutes apart differed by up to about half a percent, runs started together by about
0.05%. So the runs go two at a time, the two trees' runs at the same R together (the 2R runs first), and the
slope of one tree still moved by about half a percent between invocations (3 of them, at 10 rooms): repeat a
comparison whose ratio is within a percent of 1.

Each tree is run at `--rooms` R and at 2R; its `instructions_per_decision` is the slope
(I(2R) − I(R)) / (decisions(2R) − decisions(R)), which takes off the imports and the setup (about 5 G
instructions, the same at any R). What is left is still more than the server's own work: the bots' decoding
of every message and their choosing (room_cpu takes their time off, instructions cannot be), and the seating
of the extra R rooms. Both are the same in both trees as long as the bots and the seating are, so
`difference_per_decision` and `ratio` (new/base) are the server's; the absolute figure is an upper bound.
`same_games` says whether both trees dealt the same decisions at each R (if not, the games differ and the
comparison is of different play).

Not counted: the kernel's work (system calls, the SQLite file's writes) and anything that costs time without
instructions: cache misses, branch mispredictions, memory traffic. A change that trades instructions for
memory may look better here than it runs; confirm a large one with room_cpu's alternating timed runs. The
base tree is exported with `git archive` into a temporary folder and run with this work tree's virtualenv
(its dependencies, not the base's). One run at R=10 takes about 45 s under valgrind.

    .venv/bin/python bench/instructions.py --rooms 10 --base HEAD
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TREE = Path(__file__).resolve().parents[1]
SCRIPT = Path("bench") / "room_cpu.py"
PARALLEL = 2  # the machine's cores: the counts do not depend on load, the waiting does
INSTRUCTIONS = re.compile(r"^==\d+==\s+I\s+refs:\s+([\d,]+)\s*$", re.MULTILINE)
STDERR_TAIL = 20  # lines of a failed run's stderr shown


class BenchError(Exception):
    """A failure to report in one line (or a few, with a run's stderr) and the exit status to leave with."""

    status = 1


class UsageError(BenchError):
    """Missing valgrind or a revision that is none: exit status 2."""

    status = 2


@dataclass(frozen=True)
class Run:
    instructions: int
    decisions: int


@dataclass(frozen=True)
class TreeResult:
    runs: dict[int, Run]  # by rooms

    @property
    def instructions_per_decision(self) -> float:
        small, large = (self.runs[rooms] for rooms in sorted(self.runs))
        decisions = large.decisions - small.decisions
        if decisions <= 0:
            raise BenchError(f"no more decisions with more rooms ({small.decisions}, then {large.decisions})")
        return (large.instructions - small.instructions) / decisions

    def to_dict(self) -> dict[str, Any]:
        return {
            "instructions": {rooms: run.instructions for rooms, run in sorted(self.runs.items())},
            "decisions": {rooms: run.decisions for rooms, run in sorted(self.runs.items())},
            "instructions_per_decision": round(self.instructions_per_decision),
        }


def require_valgrind() -> str:
    """valgrind's path on PATH, or a UsageError saying how to install it."""
    found = shutil.which("valgrind")
    if found is None:
        raise UsageError(
            "valgrind is not on PATH: install it (apt-get install valgrind; scripts/system-packages.sh does)"
        )
    return found


def environment(tree: Path) -> dict[str, str]:
    """The run's environment: `tree`'s sources first, the same hashes of strings in every run, no bytecode written
    (else a tree's first run compiles its modules and the next one reads them: a cost not in the slope), and no
    OpenBLAS threads (numpy's: idle, they spin for as long as the scheduler lets them, up to 1.5% of a run)."""
    return {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "PYTHONPATH": str(tree / "src"),
    }


def command(valgrind: str, rooms: int, seed: int) -> list[str]:
    return [
        valgrind,
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(SCRIPT),
        "--rooms",
        str(rooms),
        "--runs",
        "1",
        "--seed",
        str(seed),
    ]


def tail(text: str, lines: int = STDERR_TAIL) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def parse_run(stdout: str, stderr: str) -> Run:
    """valgrind's `I refs` from stderr and room_cpu's decisions from the last JSON line of stdout."""
    counted = INSTRUCTIONS.findall(stderr)
    if not counted:
        raise BenchError(f"valgrind's output has no `I refs` line; its stderr ends:\n{tail(stderr)}")
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise BenchError(f"room_cpu printed no JSON line; its stderr ends:\n{tail(stderr)}")
    decisions = json.loads(lines[-1])["decisions"]
    if isinstance(decisions, list):  # one entry per run, and there is one run
        (decisions,) = decisions
    return Run(instructions=int(counted[-1].replace(",", "")), decisions=int(decisions))


def measure_run(valgrind: str, tree: Path, rooms: int, seed: int) -> Run:
    """One run of `tree`'s room_cpu at `rooms`, under valgrind."""
    done = subprocess.run(
        command(valgrind, rooms, seed), cwd=tree, env=environment(tree), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise BenchError(
            f"{tree}: room_cpu --rooms {rooms} exited with {done.returncode}; its stderr ends:\n{tail(done.stderr)}"
        )
    return parse_run(done.stdout, done.stderr)


def check_sources(tree: Path) -> None:
    """`tree` has room_cpu, and its runs import wolfrunde from `tree`/src (not the installed work tree)."""
    if not (tree / SCRIPT).is_file():
        raise BenchError(f"{tree} has no {SCRIPT}")
    done = subprocess.run(
        [sys.executable, "-c", "import wolfrunde; print(wolfrunde.__file__)"],
        cwd=tree,
        env=environment(tree),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise BenchError(f"{tree}: wolfrunde does not import; its stderr ends:\n{tail(done.stderr)}")
    imported = Path(done.stdout.strip()).resolve()
    if not imported.is_relative_to((tree / "src").resolve()):
        raise BenchError(f"{tree}: wolfrunde is imported from {imported}, not from this tree")


def measure_trees(trees: Mapping[str, Path], rooms: int, seed: int) -> dict[str, TreeResult]:
    """Each tree at `rooms` and 2×`rooms`, two valgrind runs at a time: the trees' runs at 2×`rooms` together,
    then those at `rooms` (what the clock still changes in a run, it changes alike in runs made together)."""
    valgrind = require_valgrind()
    for tree in trees.values():
        check_sources(tree)
    jobs = sorted(((name, count) for name in trees for count in (rooms, 2 * rooms)), key=lambda job: -job[1])
    with ThreadPoolExecutor(max_workers=PARALLEL) as pool:
        futures: dict[tuple[str, int], Future[Run]] = {
            (name, count): pool.submit(measure_run, valgrind, trees[name], count, seed) for name, count in jobs
        }
        try:
            runs = {job: future.result() for job, future in futures.items()}
        except BaseException:
            pool.shutdown(cancel_futures=True)  # the runs under way end by themselves
            raise
    return {name: TreeResult({count: runs[name, count] for count in (rooms, 2 * rooms)}) for name in trees}


def resolve_revision(revision: str) -> str:
    """The commit `revision` names in the work tree's repository, or a UsageError."""
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        cwd=TREE,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise UsageError(f"--base {revision!r} is not a revision of {TREE} (git rev-parse found no commit)")
    return done.stdout.strip()


def export_revision(commit: str, folder: Path) -> None:
    """`git archive commit | tar -x -C folder`."""
    archive = subprocess.Popen(["git", "archive", commit], cwd=TREE, stdout=subprocess.PIPE)
    assert archive.stdout is not None
    extract = subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, capture_output=True)
    archive.stdout.close()
    if archive.wait() != 0 or extract.returncode != 0:
        raise BenchError(f"could not export {commit}: {extract.stderr.decode(errors='replace').strip()}")


def report(results: Mapping[str, TreeResult], rooms: int, seed: int, base: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"rooms": [rooms, 2 * rooms], "seed": seed}
    out.update({name: result.to_dict() for name, result in results.items()})
    if base is not None:
        new, old = results["work_tree"], results["base"]
        out["base"]["revision"] = base
        out["same_games"] = {r: run.decisions for r, run in new.runs.items()} == {
            r: run.decisions for r, run in old.runs.items()
        }
        out["difference_per_decision"] = round(new.instructions_per_decision - old.instructions_per_decision)
        out["ratio"] = round(new.instructions_per_decision / old.instructions_per_decision, 4)
    return out


def run(rooms: int, seed: int, base: str | None) -> dict[str, Any]:
    require_valgrind()
    if base is None:
        return report(measure_trees({"work_tree": TREE}, rooms, seed), rooms, seed, None)
    commit = resolve_revision(base)
    with tempfile.TemporaryDirectory(prefix="wolfrunde-instructions-") as folder:
        export_revision(commit, Path(folder))
        if not (Path(folder) / SCRIPT).is_file():
            raise UsageError(f"--base {base!r} ({commit[:12]}) has no {SCRIPT} to run")
        results = measure_trees({"work_tree": TREE, "base": Path(folder)}, rooms, seed)
    return report(results, rooms, seed, f"{base} ({commit[:12]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10, help="R: each tree runs at R and 2R rooms")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", help="a git revision to compare the work tree with")
    args = parser.parse_args()
    if args.rooms < 1:
        parser.error("--rooms must be at least 1")
    try:
        print(json.dumps(run(args.rooms, args.seed, args.base)))
    except BenchError as error:
        print(f"bench/instructions.py: {error}", file=sys.stderr)
        sys.exit(error.status)


if __name__ == "__main__":
    main()
