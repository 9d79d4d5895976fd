"""A cluster on 127.0.0.1 for the tests, started by the tests: PostgreSQL (`scripts/postgres.sh`),
Redis (`scripts/redis.sh`) and `wolfrunde cluster` (three serve processes and HAProxy); and players that
speak the protocol through the balancer and reconnect whenever their connection breaks."""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from wolfrunde.bots.client import game_over, sign_up, ws_url
from wolfrunde.bots.strategy import choose

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 120.0
QUIET_SECONDS = 1.0  # a seat that heard nothing this long answers its last view again


def script(name: str, *args: str) -> dict[str, str]:
    """Runs scripts/<name> and returns the variables it exports."""
    out = subprocess.run(["bash", str(ROOT / "scripts" / name), *args], check=True, capture_output=True, text=True)
    return dict(line.removeprefix("export ").split("=", 1) for line in out.stdout.splitlines() if "=" in line)


def free_port_block(count: int) -> int:
    """A first port such that it and the `count - 1` after it are free now."""
    import socket

    for _ in range(100):
        first = random.randint(20_000, 60_000)
        sockets = []
        try:
            for port in range(first, first + count):
                sock = socket.socket()
                sock.bind(("127.0.0.1", port))
                sockets.append(sock)
            return first
        except OSError:
            continue
        finally:
            for sock in sockets:
                sock.close()
    raise RuntimeError("no free ports")


@dataclass
class Cluster:
    database_url: str
    redis_url: str
    folder: Path
    processes: int = 3
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Cluster:
        self.port = free_port_block(self.processes + 1)
        command = [
            sys.executable,
            "-m",
            "wolfrunde",
            "cluster",
            "--processes",
            str(self.processes),
            "--database-url",
            self.database_url,
            "--redis-url",
            self.redis_url,
            "--port",
            str(self.port),
            "--data",
            str(self.folder),
            "--testing",
        ]
        scratch = self.folder / "tmp"  # scratch files of killed processes stay in the test's folder (live.py)
        scratch.mkdir(parents=True, exist_ok=True)
        environment = {**os.environ, "TMPDIR": str(scratch)}
        with (self.folder / "cluster.out").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=environment)
        self.wait_healthy()
        return self

    @property
    def state_path(self) -> Path:
        return self.folder / "cluster" / "processes.json"

    def state(self) -> list[dict[str, Any]]:
        processes: list[dict[str, Any]] = json.loads(self.state_path.read_text())["processes"]
        return [p for p in processes if p["name"] != "haproxy"]

    def wait_healthy(self, timeout: float = START_SECONDS) -> None:
        """Until every serve process and the balancer answer /api/health."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.tail()
            up = self.state_path.exists() and all(self._healthy(p["port"]) for p in self.state())
            if up and self._healthy(self.port):
                return
            time.sleep(0.2)
        raise AssertionError(f"the cluster did not come up: {self.tail()}")

    @staticmethod
    def _healthy(port: int) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def port_of(self, address: str) -> int:
        return int(address.rsplit(":", 1)[1])

    def pid_on(self, port: int) -> int:
        for process in self.state():
            if process["port"] == port and process["pid"]:
                return int(process["pid"])
        raise AssertionError(f"no process on port {port}")

    def kill_hard(self, port: int) -> float:
        """kill -9 the serve process on `port`; the time of the kill."""
        pid = self.pid_on(port)
        at = time.time()
        os.kill(pid, signal.SIGKILL)
        return at

    def journal(self) -> list[tuple[float, str, str, int]]:
        """Every line of every process's ownership log: (time, what, room, port), in time order."""
        lines = []
        for path in (self.folder / "cluster").glob("*.owns"):
            for line in path.read_text().splitlines():
                at, what, code, address = line.split()
                lines.append((float(at), what, code, self.port_of(address)))
        return sorted(lines)

    def tail(self) -> str:
        texts = []
        for path in [*sorted((self.folder / "cluster").glob("*.log")), self.folder / "cluster.out"]:
            if path.exists():
                texts.append(f"--- {path.name}\n{path.read_text(errors='replace')[-1500:]}")
        return "\n".join(texts)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@dataclass
class Player:
    """One seat played through the balancer: reconnects after every lost connection."""

    name: str
    cookie: str
    rng: random.Random
    seat: int | None = None
    final: dict[str, Any] | None = None
    games: list[tuple[float, dict[str, Any]]] = field(default_factory=list)  # (time received, view)
    connects: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Table:
    """The players of one room and what the test steers: a gate that holds every answer, and a hook
    called once a night decision was stored (the moment to kill the owner)."""

    code: str
    players: list[Player]
    gate: asyncio.Event = field(default_factory=asyncio.Event)
    on_night_ack: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        self.gate.set()


async def new_players(base_url: str, count: int, seed: int) -> list[Player]:
    rng = random.Random(seed)
    players = []
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        for _ in range(count):
            name = f"Robo {secrets.token_hex(3)}"
            http.cookies.clear()
            players.append(Player(name, await sign_up(http, name), random.Random(rng.random())))
    return players


async def open_room(base_url: str, host: Player) -> str:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        response = await http.post("/api/rooms", headers={"Cookie": f"wolfrunde_session={host.cookie}"})
        assert response.status_code == 201, response.text
        return str(response.json()["code"])


async def play(base_url: str, table: Table, player: Player, *, host: bool, seats: int, deadline: float) -> None:
    """Plays one seat until the game is over, reconnecting as often as needed."""
    headers = {"Cookie": f"wolfrunde_session={player.cookie}"}
    started = False
    while player.final is None:
        assert time.monotonic() < deadline, f"{player.name} did not finish in time: {player.errors[-5:]}"
        try:
            async with websockets.connect(ws_url(base_url, table.code), additional_headers=headers) as ws:
                player.connects += 1
                started = await _session(ws, table, player, host=host, seats=seats, started=started)
        except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake, TimeoutError):
            pass
        if player.final is None:
            await asyncio.sleep(0.05)


async def _session(ws: Any, table: Table, player: Player, *, host: bool, seats: int, started: bool) -> bool:
    waiting: tuple[str, str] | None = None  # (ref, phase) of the decision in flight
    view: dict[str, Any] | None = None  # the last view: answered again when the server stays silent
    counter = 0

    async def decide(current: dict[str, Any]) -> tuple[str, str] | None:
        nonlocal counter
        await table.gate.wait()
        move = choose(current, player.rng)
        if move is None:
            return None
        counter += 1
        ref = f"d{player.connects}-{counter}"
        await ws.send(json.dumps({"type": "decide", "kind": move[0], "choice": move[1], "ref": ref}))
        return ref, str(current.get("phase"))

    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=QUIET_SECONDS)
        except TimeoutError:  # a refused or lost decision: the step is still open, answer it again
            if waiting is None and view is not None:
                waiting = await decide(view)
            continue
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "welcome":
            player.seat = message["you"]["seat"]
            if player.seat is None:
                await ws.send(json.dumps({"type": "join", "ref": "join"}))
        elif kind == "lobby" and host and not started and message["status"] == "lobby":
            if len(message["seats"]) >= seats:
                started = True
                await ws.send(json.dumps({"type": "start", "ref": "start"}))
        elif kind == "error":
            player.errors.append(message)
            if waiting is not None and message.get("ref") == waiting[0]:
                waiting = None
        elif kind == "ack" and waiting is not None and message.get("ref") == waiting[0]:
            night = waiting[1] == "night"
            waiting = None
            if night and table.on_night_ack is not None:
                hook, table.on_night_ack = table.on_night_ack, None
                hook()
        elif kind == "game":
            view = message["view"]
            player.games.append((time.time(), view))
            if game_over(view):
                player.final = view
                return started
            if waiting is None:
                waiting = await decide(view)


async def run_table(base_url: str, table: Table, seats: int, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    tasks = [
        play(base_url, table, player, host=index == 0, seats=seats, deadline=deadline)
        for index, player in enumerate(table.players)
    ]
    await asyncio.gather(*tasks)


def first_game_after(player: Player, moment: float) -> float | None:
    for at, _view in player.games:
        if at > moment:
            return at
    return None
