"""Load benchmark: one Wolfrunde server process, N rooms of 10 bot players, whole games.

    .venv/bin/python bench/load.py --rooms 50 --pacing off --runs 3
    .venv/bin/python bench/load.py --rooms 1000 --think 2 --processes 2 --pacing on

Prints, for the time the games ran: games completed, messages per second all clients received, and the
50th/99th percentile of the time from a player's decision to its `ack` (checked and stored) and to the
first `game` update after that ack (measured on the deciding client). At night a seat that answered is
shown nothing new until the step ends (when the others have answered, or its timer ran out: by design,
so the stream does not tell who else acts), so with bots that think its decision→update holds the other
players' thinking; `day_p50_ms`/`day_p99_ms` count the decisions made by day only, where the server sends
every ballot's own view at once (with pacing on, a ballot that closes the vote still waits for the
narration of the verdict). `--pacing off` runs the server
without the game's deliberate pauses (bench/serve.py), so decision→update is the server's own work;
`--pacing on` is `serve --testing` (the pause that hides absent roles drawn from 0-20 ms, a hundredth of
the narration). The server's resident memory is sampled while the games run (`memory_per_room_kib`:
the peak over the server's memory before the rooms were created, by room). `messages_by_type` counts
what the bots received while the games ran, by type; `server_busy_share` and `client_busy_share` are
the CPU each side used over the games' wall time (per client process): near 1, that side's core was
what limited the run.
`gc_pauses`, `gc_seconds` and `gc_pause_max_ms`: the server's garbage collections while the games ran
(collections of every generation, how long the server stood still for them in all, the longest one;
`gc_seconds_by_generation` by the oldest generation each collected).
`--full-collection-at S` makes the server run a full collection S seconds into the games, with every
room and socket open (SIGUSR1 to bench/serve.py), and reports `tracked_objects` (the objects Python's
collector tracks then), `tracked_objects_per_room` and `full_collection_ms` (how long the server stood
still for it): CPython starts such a collection by itself now and then in a long-running process, and the
run's bench figures stand for its shorter collections only. That run's latencies and pause figures include
this pause; none is reported when the games ended before S.

The games are measured from when every seat of every room has sat down; then all rooms start at once (the
worst case: their nights and votes fall together), or, with `--stagger S`, each at a random moment within
S seconds, as rooms of real players do. `--timeline W` adds, per window of W seconds, the decisions
acknowledged then, their ack p50/p99 and the server's collection pauses: whether a high percentile is a
burst or lasts the whole run.

The bots run in `--processes` separate processes (each its own event loop, uvloop when installed) so the
client's own work can be spread out; the server is always a process of its own. They ask for incremental
updates (`patches=1`) when the server offers them and rebuild each full `game` message from them.
`--bare` also runs bench/bare_broadcast.py with the same sockets, as many messages and the same thinking,
and prints the ratio of the delivered messages per second and the bare server's send→echo percentiles
(`bare_echo_p50_ms`, `bare_echo_p99_ms`): a server that only relays, ten messages per send, so the floor
under Wolfrunde's decision→ack (about ten messages per decision) on this stack and machine. Every loop
is bounded by `--max-seconds`. 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from wolfrunde.bots.client import create_room, game_over, ws_url
from wolfrunde.bots.strategy import choose

try:
    from wolfrunde.server.rooms.deltas import GameStream as ClientStream
except ImportError:  # a server before incremental updates: full views only
    ClientStream = None  # type: ignore[assignment,misc]

HERE = Path(__file__).resolve().parent
PLAYERS = 10
TIMERS = {"night": 5, "day": 5, "vote": 5, "lovers": 5}  # the lower bounds; bots answer long before
SUMMARY_KEYS = (
    "games_completed",
    "messages_per_second",
    "p50_ms",
    "p99_ms",
    "day_p50_ms",
    "day_p99_ms",
    "ack_p50_ms",
    "ack_p99_ms",
    "memory_per_room_kib",
    "server_cpu_seconds",
    "server_cpu_ms_per_decision",
    "bare_messages_per_second",
    "ratio_to_bare",
    "bare_echo_p50_ms",
    "bare_echo_p99_ms",
    "gc_seconds",
    "gc_pause_max_ms",
    "tracked_objects_per_room",
    "full_collection_ms",
)


@dataclass
class Tally:
    received: int = 0
    received_bytes: int = 0
    patches: int = 0
    latencies: list[float] = field(default_factory=list)
    day_latencies: list[float] = field(default_factory=list)  # of the decisions made by day
    ack_latencies: list[float] = field(default_factory=list)
    ack_at: list[float] = field(default_factory=list)  # the wall time of each acknowledged decision
    finished_seats: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(data: Path, port: int, pacing: str, accounts: int, cookies: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, str(HERE / "serve.py"), "--data", str(data), "--port", str(port), "--pacing", pacing]
    command += ["--accounts", str(accounts), "--cookies", str(cookies), "--gc-log", str(data / "gc.log")]
    log = (data / "server.log").open("ab")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    wait_healthy(process, f"http://127.0.0.1:{port}/api/health", data / "server.log")
    return process


def wait_healthy(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited: see " + str(log))
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError("the server did not start")


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (robust on a shared machine, unlike wall time)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def decode(raw: str | bytes, stream: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(raw)
    if stream is not None:
        message = stream.receive(message)
    return message


async def seat(
    base: str,
    code: str,
    cookie: str,
    tally: Tally,
    rng: random.Random,
    host: bool,
    ready: asyncio.Event,
    full: asyncio.Queue[str],
    max_seconds: float,
    think: float = 0.0,
    start_delay: float = 0.0,
) -> None:
    """One bot: joins (or, as host, configures and starts) and answers its own requests until the end."""
    headers = {"Cookie": f"wolfrunde_session={cookie}"}
    stream = None if ClientStream is None else ClientStream()
    url = ws_url(base, code) + ("" if stream is None else "?patches=1")
    # ping_interval=None: a browser sends no ping frames of its own (it answers the server's, as this does)
    async with websockets.connect(
        url, additional_headers=headers, max_size=2**22, open_timeout=60, ping_interval=None
    ) as ws:
        if host:
            await ws.send(json.dumps({"type": "settings", "timers": TIMERS}))
        else:
            await ws.send(json.dumps({"type": "join"}))
        waiting: str | None = None
        by_day = False
        sent_at = 0.0
        acked = False
        counter = 0
        started = False
        async with asyncio.timeout(max_seconds):
            async for raw in ws:
                tally.received += 1
                tally.received_bytes += len(raw)
                patch = '"type":"game_patch"' in raw[:24]
                tally.patches += patch
                message = decode(raw, stream)
                kind = message.get("type")
                tally.kinds[counted_as(message, patch)] += 1
                if kind == "lobby" and host and not started and len(message["seats"]) >= PLAYERS:
                    started = True
                    full.put_nowait(code)  # all ten have sat down
                    await ready.wait()  # every room starts after all have sat down, at once unless staggered
                    await asyncio.sleep(start_delay)
                    await ws.send(json.dumps({"type": "start"}))
                elif kind == "ack" and message.get("ref") == waiting:
                    acked = True
                    tally.ack_latencies.append(time.perf_counter() - sent_at)
                    tally.ack_at.append(time.time())
                elif kind == "error" and message.get("ref") == waiting:
                    waiting = None
                elif kind == "game":
                    if waiting is not None and acked:
                        tally.latencies.append(time.perf_counter() - sent_at)
                        if by_day:
                            tally.day_latencies.append(tally.latencies[-1])
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
                            waiting, acked, by_day = f"d{counter}", False, view.get("phase") == "day"
                            sent_at = time.perf_counter()
                            await ws.send(
                                json.dumps({"type": "decide", "kind": move[0], "choice": move[1], "ref": waiting})
                            )


def counted_as(message: dict[str, Any], patch: bool) -> str:
    """The type a received message is counted under: patches as such, errors by their code."""
    if patch:
        return "game_patch"
    if message.get("type") == "error":
        return f"error:{message.get('code')}"
    return str(message.get("type"))


async def drive(spec: dict[str, Any], go: asyncio.Event, seated: asyncio.Event) -> dict[str, Any]:
    """Plays the rooms of `spec` (codes with their ten cookies each): sets `seated` once every room is
    full, starts them once `go` is set."""
    rng = random.Random(spec["seed"])
    tallies = [Tally() for _ in spec["rooms"]]
    full: asyncio.Queue[str] = asyncio.Queue()
    tasks = []
    for room, (code, cookies) in enumerate(spec["rooms"]):
        for index, cookie in enumerate(cookies):
            tasks.append(
                seat(
                    spec["base"],
                    code,
                    cookie,
                    tallies[room],
                    random.Random(rng.random()),
                    index == 0,
                    go,
                    full,
                    spec["max_seconds"],
                    spec["think"],
                    rng.uniform(0, spec["stagger"]) if index == 0 and spec["stagger"] else 0.0,
                )
            )
    gathered = asyncio.gather(*tasks, return_exceptions=True)
    async with asyncio.timeout(spec["max_seconds"]):  # the games are measured from when all have sat down
        for _ in spec["rooms"]:
            await full.get()
    seated.set()
    await go.wait()
    received_before = sum(t.received for t in tallies)
    kinds_before = sum((t.kinds for t in tallies), Counter())
    outcomes = await gathered
    failures = [f"{type(o).__name__}: {o}"[:200] for o in outcomes if isinstance(o, BaseException)]
    return {
        "games_completed": sum(1 for t in tallies if t.finished_seats == PLAYERS),
        "received": sum(t.received for t in tallies) - received_before,
        "received_bytes": sum(t.received_bytes for t in tallies),
        "patches": sum(t.patches for t in tallies),
        "latencies": [x for t in tallies for x in t.latencies],
        "day_latencies": [x for t in tallies for x in t.day_latencies],
        "acks": [x for t in tallies for x in t.ack_latencies],
        "ack_at": [x for t in tallies for x in t.ack_at],
        "failures": failures,
        "kinds": dict(sum((t.kinds for t in tallies), Counter()) - kinds_before),  # as `received`: from `go`
    }


def child_main() -> int:
    """A client process: reads its spec on stdin, says `seated`, waits for `go`, prints its tally."""
    spec = json.loads(sys.stdin.readline())
    use_uvloop()

    async def main() -> dict[str, Any]:
        go, seated = asyncio.Event(), asyncio.Event()
        loop = asyncio.get_running_loop()
        task = loop.create_task(drive(spec, go, seated))
        await seated.wait()
        print("seated", flush=True)
        await loop.run_in_executor(None, sys.stdin.readline)
        go.set()
        return await task

    result = asyncio.run(main())
    # a file, not the pipe: a tally of ten thousand sockets is megabytes, and a line that long on a pipe
    # can be broken by anything else the process writes
    Path(spec["result_path"]).write_text(json.dumps(result), encoding="utf-8")
    print("done", flush=True)
    return 0


def use_uvloop() -> None:
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


async def make_rooms(base: str, cookies: list[str], rooms: int) -> list[str]:
    codes = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for room in range(rooms):
            http.cookies.set("wolfrunde_session", cookies[room * PLAYERS])
            codes.append(await create_room(http))
    return codes


def run(
    base: str,
    cookies: list[str],
    rooms: int,
    seed: int,
    max_seconds: float,
    think: float,
    processes: int,
    server_pid: int | None = None,
    profile: str | None = None,
    profile_gil: bool = False,
    stagger: float = 0.0,
    full_collection_at: float = 0.0,
) -> dict[str, Any]:
    """One run against a running server whose accounts are `cookies` (ten a room); `full_collection_at`:
    seconds into the games when the server runs a full collection (0: none)."""
    memory_before = resident_kib(server_pid) if server_pid else 0
    profiler = None
    codes = asyncio.run(make_rooms(base, cookies, rooms))
    room_specs = [(code, cookies[i * PLAYERS : (i + 1) * PLAYERS]) for i, code in enumerate(codes)]
    shares = [room_specs[i::processes] for i in range(processes)]
    spec = {"base": base, "max_seconds": max_seconds, "think": think, "stagger": stagger}
    children = []
    for index, share in enumerate(shares):
        child = subprocess.Popen(
            [sys.executable, __file__, "--child"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert child.stdin is not None and child.stdout is not None
        result_path = str(Path(tempfile.mkdtemp(prefix="wolfrunde-load-")) / "tally.json")
        child.stdin.write(
            json.dumps({**spec, "rooms": share, "seed": seed * 1000 + index, "result_path": result_path}) + "\n"
        )
        child.stdin.flush()
        children.append((child, Path(result_path)))
    peak = [memory_before]
    stop = threading.Event()

    cpu_samples: list[tuple[float, float]] = []  # (wall time, the server's CPU seconds so far)

    def sample() -> None:
        while server_pid and not stop.wait(0.5):
            peak[0] = max(peak[0], resident_kib(server_pid))
            cpu_samples.append((time.time(), cpu_seconds(server_pid)))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    collect = None
    if full_collection_at > 0 and server_pid:
        collect = threading.Timer(full_collection_at, os.kill, (server_pid, signal.SIGUSR1))
    try:
        for child, _ in children:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "seated":
                raise RuntimeError("a client process failed before the games started")
        if profile and server_pid:  # the games only, as the CPU figure (not the lobby and seating)
            spy = str(Path(sys.executable).parent / "py-spy")
            profiler = subprocess.Popen(
                [spy, "record", "--pid", str(server_pid), "--rate", "200", "--format", "raw", "--output", profile]
                + ["--nonblocking"]  # the server is not stopped for each sample (with 10,000 sockets it fell behind)
                + (["--gil"] if profile_gil else []),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        started = time.perf_counter()
        started_at = time.time()
        cpu_before = cpu_seconds(server_pid) if server_pid else 0.0
        client_cpu = -sum(cpu_seconds(child.pid) for child, _ in children)
        for child, _ in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        if collect is not None:
            collect.start()
        parts = []
        for child, tally in children:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "done":
                raise RuntimeError("a client process failed during the games")
            client_cpu += cpu_seconds(child.pid)  # readable until it is waited for, even once it exited
            child.wait(timeout=max_seconds + 60)
            parts.append(json.loads(tally.read_text(encoding="utf-8")))
            shutil.rmtree(tally.parent, ignore_errors=True)
        elapsed = time.perf_counter() - started
        ended_at = time.time()
        cpu = cpu_seconds(server_pid) - cpu_before if server_pid else 0.0
    finally:
        stop.set()
        if collect is not None:
            collect.cancel()  # the games ended first: no full collection
        if profiler is not None:
            profiler.send_signal(2)
            profiler.wait(timeout=60)
        for child, _ in children:
            if child.poll() is None:
                child.kill()
    latencies = sorted(x for p in parts for x in p["latencies"])
    by_day = sorted(x for p in parts for x in p["day_latencies"])
    acks = sorted(x for p in parts for x in p["acks"])
    ack_series = sorted((at, x) for p in parts for at, x in zip(p["ack_at"], p["acks"], strict=True))
    failures = [f for p in parts for f in p["failures"]]
    received = sum(p["received"] for p in parts)
    return {
        "rooms": rooms,
        "sockets": rooms * PLAYERS,
        "started_at": started_at,
        "ended_at": ended_at,
        "think_seconds": think,
        "games_completed": sum(p["games_completed"] for p in parts),
        "seconds": round(elapsed, 2),
        "messages": received,
        "messages_per_second": round(received / elapsed, 1),
        "kib_received": sum(p["received_bytes"] for p in parts) // 1024,
        "patches_received": sum(p["patches"] for p in parts),
        "decisions": len(latencies),
        "p50_ms": round(1000 * percentile(latencies, 50), 1),
        "p99_ms": round(1000 * percentile(latencies, 99), 1),
        "day_p50_ms": round(1000 * percentile(by_day, 50), 1),
        "day_p99_ms": round(1000 * percentile(by_day, 99), 1),
        "ack_p50_ms": round(1000 * percentile(acks, 50), 1),
        "ack_p99_ms": round(1000 * percentile(acks, 99), 1),
        "server_cpu_seconds": round(cpu, 2),
        "server_cpu_ms_per_decision": round(1000 * cpu / max(1, len(acks)), 2),
        "server_busy_share": round(cpu / elapsed, 2),  # near 1: the server's core was the limit
        "client_busy_share": round(client_cpu / elapsed / processes, 2),  # near 1: the bots' processes were
        "memory_per_room_kib": round((peak[0] - memory_before) / rooms, 1) if server_pid else None,
        "messages_by_type": dict(sum((Counter(p["kinds"]) for p in parts), Counter()).most_common()),
        "client_failures": len(failures),
        "failure_examples": sorted(set(failures))[:3],
        "ack_series": ack_series,
        "cpu_samples": cpu_samples,
    }


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(len(values) * share / 100))]


def one_run(args: argparse.Namespace, run_index: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        cookies_file = Path(folder) / "cookies.txt"
        process = start_server(Path(folder), port, args.pacing, args.rooms * PLAYERS, cookies_file)
        try:
            cookies = cookies_file.read_text(encoding="utf-8").split()
            result = run(
                f"http://127.0.0.1:{port}",
                cookies,
                args.rooms,
                args.seed + run_index,
                args.max_seconds,
                args.think,
                args.processes,
                process.pid,
                args.profile,
                args.profile_gil,
                args.stagger,
                args.full_collection_at,
            )
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # closing ten thousand sockets can take longer: the run is over
                process.kill()
                process.wait()
        started_at, ended_at, series = result.pop("started_at"), result.pop("ended_at"), result.pop("ack_series")
        cpu = result.pop("cpu_samples")
        result.update(collections(Path(folder) / "gc.log", started_at, ended_at))
        if args.full_collection_at:
            result.update(full_collection(Path(folder) / "gc.log.full", started_at, ended_at, args.rooms))
        if args.timeline:
            result["timeline"] = timeline(series, Path(folder) / "gc.log", started_at, args.timeline, cpu)
    result["pacing"] = args.pacing
    if args.bare:
        result.update(bare(args, result))
    return result


def logged_collections(log: Path) -> list[tuple[float, str, float]]:
    """The server's garbage collections (bench/serve.py --gc-log): when each ended, the oldest generation
    it collected, and the milliseconds it took; none when the log is absent."""
    if not log.exists():
        return []
    rows = []
    for line in log.read_text(encoding="utf-8").splitlines():
        ended, generation, milliseconds = line.split()
        rows.append((float(ended), generation, float(milliseconds)))
    return rows


def collections(log: Path, start: float, end: float) -> dict[str, Any]:
    """The server's garbage collections that ended while the games ran."""
    pauses = []
    by_generation: Counter[str] = Counter()
    for ended, generation, milliseconds in logged_collections(log):
        if start <= ended <= end:
            pauses.append(milliseconds)
            by_generation[generation] += milliseconds
    return {
        "gc_pauses": len(pauses),
        "gc_seconds": round(sum(pauses) / 1000, 2),
        "gc_pause_max_ms": round(max(pauses, default=0.0), 1),
        "gc_seconds_by_generation": {g: round(ms / 1000, 2) for g, ms in sorted(by_generation.items())},
    }


def full_collection(log: Path, start: float, end: float, rooms: int) -> dict[str, Any]:
    """The full collection the server ran while the games ran (bench/serve.py, SIGUSR1): the objects
    tracked then, by room, and its milliseconds; None for each when there was none."""
    rows = [line.split() for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    during = [(int(tracked), float(ms)) for ended, tracked, ms in rows if start <= float(ended) <= end]
    tracked, took = during[-1] if during else (None, None)
    return {
        "tracked_objects": tracked,
        "tracked_objects_per_room": None if tracked is None else round(tracked / rooms),
        "full_collection_ms": took,
    }


def timeline(
    series: list[tuple[float, float]],
    log: Path,
    start: float,
    width: float,
    cpu: Sequence[tuple[float, float]] = (),
) -> list[dict[str, Any]]:
    """Per window of `width` seconds from the start: how many decisions were acknowledged, their ack
    p50/p99, how long the server stood still for garbage collections then and the share of the window its
    CPU was busy (from `cpu`, samples of wall time and CPU seconds): whether the latency is a burst (the
    start, the rooms' days falling together) or lasts the whole run, and whether the core was the limit."""
    pauses = logged_collections(log)
    windows: dict[int, list[float]] = {}
    for at, latency in series:
        windows.setdefault(int((at - start) // width), []).append(latency)
    rows = []
    for index in sorted(windows):
        acks = sorted(windows[index])
        low, high = start + index * width, start + (index + 1) * width
        rows.append(
            {
                "from_s": round(index * width, 1),
                "decisions": len(acks),
                "ack_p50_ms": round(1000 * percentile(acks, 50), 1),
                "ack_p99_ms": round(1000 * percentile(acks, 99), 1),
                "gc_ms": round(sum(ms for ended, _generation, ms in pauses if low <= ended < high)),
                "server_busy_share": busy_share(cpu, low, high),
            }
        )
    return rows


def busy_share(cpu: Sequence[tuple[float, float]], low: float, high: float) -> float | None:
    """The server's CPU seconds per wall second between the first and the last sample within [low, high)."""
    inside = [sample for sample in cpu if low <= sample[0] < high]
    if len(inside) < 2:
        return None
    (first_at, first_cpu), (last_at, last_cpu) = inside[0], inside[-1]
    return round((last_cpu - first_cpu) / (last_at - first_at), 2)


def bare(args: argparse.Namespace, result: dict[str, Any]) -> dict[str, Any]:
    """The bare broadcast server under the same sockets, as many delivered messages and the same thinking:
    its messages per second, and its send→echo percentiles, the floor of decision→ack for any server of
    this stack that sends ten messages per decision (bench/bare_client.py)."""
    port = free_port()
    server = subprocess.Popen([sys.executable, str(HERE / "bare_broadcast.py"), str(port)])
    try:
        wait_healthy(server, f"http://127.0.0.1:{port}/health", Path("bench/bare_broadcast.py"))
        sends = max(1, math.ceil(result["messages"] / (result["sockets"] * PLAYERS)))
        command = [sys.executable, str(HERE / "bare_client.py"), str(port), str(args.rooms), str(PLAYERS)]
        command += [str(sends), str(args.processes), str(args.max_seconds), str(args.think)]
        out = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    finally:
        server.terminate()
        server.wait(timeout=30)
    rate = out["messages_per_second"]
    return {
        "bare_messages_per_second": rate,
        "ratio_to_bare": round(result["messages_per_second"] / rate, 3),
        "bare_echo_p50_ms": out["echo_p50_ms"],
        "bare_echo_p99_ms": out["echo_p99_ms"],
        "bare_failures": out["failures"],
        "bare_failure_examples": out["failure_examples"],
    }


def main() -> int:
    if "--child" in sys.argv:
        return child_main()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--runs", type=int, default=1, help="repeat and report the medians")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pacing", choices=("on", "off", "production"), default="off")
    parser.add_argument("--processes", type=int, default=1, help="client processes driving the bots")
    parser.add_argument("--profile", default=None, help="py-spy's raw stacks of the server to this file")
    parser.add_argument(
        "--profile-gil", action="store_true", help="with --profile: only the samples holding the GIL (py-spy --gil)"
    )
    parser.add_argument("--bare", action="store_true", help="also run the bare broadcast baseline")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a bot thinks before each decision (0: answer at once, a stress test)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="seconds over which the rooms start, each at a random moment (0: all at once, the worst case)",
    )
    parser.add_argument(
        "--timeline", type=float, default=0.0, help="also report the acks and GC pauses per window of this many s"
    )
    parser.add_argument(
        "--full-collection-at",
        type=float,
        default=0.0,
        help="seconds into the games when the server runs a full collection, to report its pause (0: none)",
    )
    parser.add_argument("--max-seconds", type=float, default=300.0, help="upper bound for one run")
    args = parser.parse_args()
    results = []
    for run_index in range(args.runs):
        result = one_run(args, run_index)
        print(json.dumps(result), flush=True)
        results.append(result)
    if args.runs > 1:
        known = {k: [r[k] for r in results if r.get(k) is not None] for k in SUMMARY_KEYS}
        medians = {k: statistics.median(values) for k, values in known.items() if values}
        print(json.dumps({"median_of_runs": args.runs, "pacing": args.pacing, "rooms": args.rooms, **medians}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
