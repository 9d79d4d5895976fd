"""Scale-out benchmark: games per second through HAProxy with 1, 2 and 3 `wolfrunde serve --testing`
processes on one PostgreSQL database (`wolfrunde cluster`), all on 127.0.0.1.

    .venv/bin/python bench/cluster_games.py --games 12 --processes 1 2 3

Starts its own PostgreSQL (scripts/postgres.sh) and Redis (scripts/redis.sh); for every process count a
fresh database and cluster. The accounts are made first (password hashing is not what is measured);
then all games are opened at once, five bot players each (bots.client, the public protocol), and the
time until the last game ended gives the games per second. Also prints the CPU seconds the serve
processes, HAProxy and PostgreSQL used meanwhile, which says where the time went.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from wolfrunde.bots.client import BotResult, create_room, play, sign_up

ROOT = Path(__file__).resolve().parents[1]
SEATS = 5


def script(name: str, *args: str) -> dict[str, str]:
    out = subprocess.run(["bash", str(ROOT / "scripts" / name), *args], check=True, capture_output=True, text=True)
    return dict(line.removeprefix("export ").split("=", 1) for line in out.stdout.splitlines() if "=" in line)


def cpu_seconds(pid: int) -> float:
    """User + system time of one process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_pids(pg_dir: str) -> list[int]:
    """The postmaster and its children (the backends serving the connections, the writers)."""
    postmaster = int((Path(pg_dir) / "data" / "postmaster.pid").read_text().split()[0])
    out = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    return [postmaster, *(int(pid) for pid in out)]


def healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def start_cluster(processes: int, database: str, redis_url: str, folder: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "wolfrunde", "cluster", "--processes", str(processes)]
    command += ["--database-url", database, "--redis-url", redis_url, "--port", str(port)]
    command += ["--data", str(folder), "--testing"]
    cluster = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 180
    ports = [port, *range(port + 1, port + 1 + processes)]
    while not all(healthy(f"http://127.0.0.1:{p}") for p in ports):
        if time.monotonic() > deadline or cluster.poll() is not None:
            raise RuntimeError("the cluster did not start")
        time.sleep(0.3)
    return cluster


async def games(base: str, count: int, seed: int) -> float:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        cookies = []
        for _ in range(count * SEATS):
            http.cookies.clear()
            cookies.append(await sign_up(http, f"Robo {secrets.token_hex(3)}"))
        codes = []
        for index in range(count):
            http.cookies.clear()
            http.cookies.set("wolfrunde_session", cookies[index * SEATS])
            codes.append(await create_room(http))
    started = time.monotonic()
    tasks = []
    for index, code in enumerate(codes):
        for offset in range(SEATS):
            result = BotResult(name=f"{index}-{offset}")
            host = offset == 0
            tasks.append(
                play(
                    base,
                    code,
                    cookies[index * SEATS + offset],
                    result,
                    random.Random(rng.random()),
                    start_at=SEATS if host else None,
                    max_seconds=300,
                )
            )
    results = await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started
    unfinished = sum(1 for result in results if not result.finished)
    if unfinished:
        raise RuntimeError(f"{unfinished} seats did not finish")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pg = script("postgres.sh", "start")
    redis = script("redis.sh", "start")
    admin = create_engine(pg["WOLFRUNDE_TEST_POSTGRES_URL"], isolation_level="AUTOCOMMIT")
    figures = []
    pg_dir = pg["WOLFRUNDE_PG_DIR"]
    try:
        for processes in args.processes:
            name = f"bench_{uuid.uuid4().hex[:8]}"
            with admin.connect() as connection:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
            database = f"{pg['WOLFRUNDE_TEST_POSTGRES_URL'].rsplit('/', 1)[0]}/{name}"
            port = random.randint(20_000, 50_000)
            with tempfile.TemporaryDirectory(prefix="wolfrunde-bench-") as folder:
                cluster = start_cluster(processes, database, redis["WOLFRUNDE_TEST_REDIS_URL"], Path(folder), port)
                try:
                    state = json.loads((Path(folder) / "cluster" / "processes.json").read_text())["processes"]
                    before = {pid: cpu_seconds(pid) for pid in [p["pid"] for p in state] + postgres_pids(pg_dir)}
                    elapsed = asyncio.run(games(f"http://127.0.0.1:{port}", args.games, args.seed))
                    after = {}
                    for pid in [p["pid"] for p in state] + postgres_pids(pg_dir):
                        with contextlib.suppress(OSError):
                            after[pid] = cpu_seconds(pid)
                    used = {pid: value - before.get(pid, 0.0) for pid, value in after.items()}
                finally:
                    cluster.terminate()
                    cluster.wait(timeout=60)
            serve = sum(used[p["pid"]] for p in state if p["name"] != "haproxy")
            balancer = sum(used[p["pid"]] for p in state if p["name"] == "haproxy")
            database_cpu = sum(v for pid, v in used.items() if pid not in {p["pid"] for p in state})
            figure = (
                f"{processes} process(es): {args.games} games in {elapsed:.1f} s = {args.games / elapsed:.2f} games/s;"
                f" CPU s: serve {serve:.1f}, PostgreSQL {database_cpu:.1f}, HAProxy {balancer:.1f}"
            )
            print(figure, flush=True)
            figures.append(figure)
    finally:
        admin.dispose()
        script("redis.sh", "stop", redis["WOLFRUNDE_REDIS_DIR"])
        script("postgres.sh", "stop", pg["WOLFRUNDE_PG_DIR"])
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
