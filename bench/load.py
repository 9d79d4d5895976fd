"""Load benchmark: one `wolfrunde serve --testing` process, N rooms of 10 bot players, whole games.

    .venv/bin/python bench/load.py --rooms 50

Prints the games completed, the messages per second all clients received while the games ran, and the
50th/99th percentile of the time from a player's decision to the `game` update it causes (measured on
the deciding client: from sending `decide` to the first `game` after its `ack`), and to its `ack` (the
decision checked and stored). The update includes the game's deliberate pacing: when a decision ends a
step, the next step waits for the narration and for the random pause that hides absent roles (in
--testing a hundredth of the spoken time). 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from wolfrunde.bots.client import create_room, game_over, sign_up, ws_url
from wolfrunde.bots.strategy import choose

PLAYERS = 10
TIMERS = {"night": 5, "day": 5, "vote": 5, "lovers": 5}  # the lower bounds; bots answer long before


@dataclass
class Tally:
    received: int = 0
    latencies: list[float] = field(default_factory=list)
    ack_latencies: list[float] = field(default_factory=list)
    finished_seats: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "wolfrunde",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data",
        str(data),
        "--testing",
    ]
    log = (data / "server.log").open("ab")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited: see " + str(data / "server.log"))
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError("the server did not start")


async def accounts(base: str, count: int, prefix: str) -> list[str]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        cookies = []
        for index in range(count):
            http.cookies.clear()
            cookies.append(await sign_up(http, f"{prefix}{index:03d}"))
        return cookies


async def seat(
    base: str,
    code: str,
    cookie: str,
    tally: Tally,
    rng: random.Random,
    host: bool,
    ready: asyncio.Event,
    max_seconds: float,
    think: float = 0.0,
) -> None:
    """One bot: joins (or, as host, configures and starts) and answers its own requests until the end."""
    headers = {"Cookie": f"wolfrunde_session={cookie}"}
    async with websockets.connect(ws_url(base, code), additional_headers=headers, max_size=2**22) as ws:
        if host:
            await ws.send(json.dumps({"type": "settings", "timers": TIMERS}))
        else:
            await ws.send(json.dumps({"type": "join"}))
        waiting: str | None = None
        sent_at = 0.0
        acked = False
        counter = 0
        started = False
        async with asyncio.timeout(max_seconds):
            async for raw in ws:
                tally.received += 1
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "lobby" and host and not started and len(message["seats"]) >= PLAYERS:
                    started = True
                    await ready.wait()  # every room starts at once, after all have sat down
                    await ws.send(json.dumps({"type": "start"}))
                elif kind == "ack" and message.get("ref") == waiting:
                    acked = True
                    tally.ack_latencies.append(time.perf_counter() - sent_at)
                elif kind == "error" and message.get("ref") == waiting:
                    waiting = None
                elif kind == "game":
                    if waiting is not None and acked:
                        tally.latencies.append(time.perf_counter() - sent_at)
                        waiting = None
                    view = message["view"]
                    if game_over(view):
                        tally.finished_seats += 1
                        return
                    if waiting is None:
                        move = choose(view, rng)
                        if move is not None and think > 0:
                            await asyncio.sleep(rng.uniform(think / 2, think * 1.5))  # a player thinks
                        if move is not None:
                            counter += 1
                            waiting, acked = f"d{counter}", False
                            sent_at = time.perf_counter()
                            await ws.send(
                                json.dumps({"type": "decide", "kind": move[0], "choice": move[1], "ref": waiting})
                            )


async def run(base: str, rooms: int, seed: int, max_seconds: float, think: float = 0.0) -> dict[str, Any]:
    rng = random.Random(seed)
    cookies = await accounts(base, rooms * PLAYERS, f"Last{secrets.token_hex(2)}x")
    codes = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for room in range(rooms):
            http.cookies.set("wolfrunde_session", cookies[room * PLAYERS])
            codes.append(await create_room(http))
    tallies = [Tally() for _ in codes]
    ready = asyncio.Event()
    tasks = []
    for room, code in enumerate(codes):
        for index in range(PLAYERS):
            cookie = cookies[room * PLAYERS + index]
            tasks.append(
                seat(
                    base,
                    code,
                    cookie,
                    tallies[room],
                    random.Random(rng.random()),
                    index == 0,
                    ready,
                    max_seconds,
                    think,
                )
            )
    gathered = asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(2.0)  # everyone connects and sits down
    received_before = sum(t.received for t in tallies)
    started = time.perf_counter()
    ready.set()
    outcomes = await gathered
    elapsed = time.perf_counter() - started
    failures = [o for o in outcomes if isinstance(o, BaseException)]
    latencies = sorted(x for t in tallies for x in t.latencies)
    acks = sorted(x for t in tallies for x in t.ack_latencies)
    return {
        "rooms": rooms,
        "think_seconds": think,
        "games_completed": sum(1 for t in tallies if t.finished_seats == PLAYERS),
        "seconds": round(elapsed, 2),
        "messages_per_second": round((sum(t.received for t in tallies) - received_before) / elapsed, 1),
        "decisions": len(latencies),
        "p50_ms": round(1000 * percentile(latencies, 50), 1),
        "p99_ms": round(1000 * percentile(latencies, 99), 1),
        "ack_p50_ms": round(1000 * percentile(acks, 50), 1),
        "ack_p99_ms": round(1000 * percentile(acks, 99), 1),
        "client_failures": len(failures),
    }


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(len(values) * share / 100))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--runs", type=int, default=1, help="repeat and report the medians")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a bot thinks before each decision (0: answer at once, a stress test)",
    )
    parser.add_argument("--max-seconds", type=float, default=300.0, help="upper bound for one run")
    parser.add_argument("--url", default=None, help="an already running server on 127.0.0.1 (else one is started)")
    args = parser.parse_args()
    results = []
    for run_index in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            process = None
            base = args.url
            if base is None:
                port = free_port()
                process = start_server(Path(folder), port)
                base = f"http://127.0.0.1:{port}"
            try:
                result = asyncio.run(run(base, args.rooms, args.seed + run_index, args.max_seconds, args.think))
            finally:
                if process is not None:
                    process.terminate()
                    process.wait(timeout=15)
        print(json.dumps(result), flush=True)
        results.append(result)
    if args.runs > 1:
        keys = ("games_completed", "messages_per_second", "p50_ms", "p99_ms", "ack_p50_ms", "ack_p99_ms")
        print(json.dumps({"median_of_runs": args.runs, **{k: statistics.median(r[k] for r in results) for k in keys}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
