"""`wolfrunde cluster`: N `wolfrunde serve` processes on one PostgreSQL database behind HAProxy.

HAProxy sends every connection of a room to one process by the room's code (consistent hashing, so a
process that goes down moves only its own rooms), checks `/api/health` every second and retries a
connection that fails on another process at once (`option redispatch`). The processes decide among
themselves who runs a room (an advisory lock each, `store.ownership`); Redis, when given, carries the
limits they share. This command writes the HAProxy configuration, starts everything, restarts a process
that dies, and stops everything on Ctrl+C or SIGTERM. `processes.json` in the cluster folder always
names every process with its port, pid and log, for operators and tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

HELP = "Startet mehrere Server-Prozesse auf PostgreSQL hinter HAProxy"
HEALTH_PATH = "/api/health"
RESTART_DELAY = (0.5, 10.0)  # seconds before a dead process is started again: first, at most
STEADY_SECONDS = 30.0  # a process that ran this long counts as healthy again: the delay starts over
# the paths whose fourth part is a room's code: sockets and the requests that need the room's game
ROOM_PATHS = ("/ws/", "/api/rooms/", "/api/tables/", "/api/ww/")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--processes", type=int, default=3, help="Anzahl der Server-Prozesse (Standard: 3)")
    parser.add_argument("--database-url", required=True, help="postgresql+psycopg://… (alle Prozesse teilen sie)")
    parser.add_argument("--redis-url", default=None, help="redis://…: gemeinsame Limits für alle Prozesse")
    parser.add_argument("--host", default="127.0.0.1", help="Adresse des Load-Balancers")
    parser.add_argument("--port", type=int, default=8000, help="Port des Load-Balancers (Standard: 8000)")
    parser.add_argument(
        "--first-port", type=int, default=None, help="Port des ersten Server-Prozesses (Standard: --port + 1)"
    )
    parser.add_argument("--data", default="data", help="Datenordner (Stimmen, Logs, HAProxy-Konfiguration)")
    parser.add_argument(
        "--public-url",
        action="append",
        default=[],
        help="Adresse, unter der Spieler den Server öffnen; mehrfach möglich (Standard: der Load-Balancer)",
    )
    parser.add_argument("--haproxy", default="haproxy", help="das HAProxy-Programm (Standard: haproxy)")
    parser.add_argument("--testing", action="store_true", help=argparse.SUPPRESS)


@dataclass(frozen=True)
class Plan:
    """What the cluster consists of."""

    processes: int
    database_url: str
    redis_url: str | None
    host: str
    port: int
    first_port: int
    folder: Path
    public_urls: tuple[str, ...]
    testing: bool = False

    def name(self, index: int) -> str:
        return f"wolfrunde-{index + 1}"

    def process_port(self, index: int) -> int:
        return self.first_port + index

    def serve_command(self, index: int) -> list[str]:
        port = self.process_port(index)
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
            str(self.folder.parent),
            "--database-url",
            self.database_url,
            "--advertise",
            f"127.0.0.1:{port}",
            "--ownership-log",
            str(self.folder / f"{self.name(index)}.owns"),
            "--trusted-proxy",
            "127.0.0.1",
        ]
        for url in self.public_urls:
            command += ["--public-url", url]
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        if self.testing:
            command.append("--testing")
        return command


def haproxy_config(plan: Plan) -> str:
    """The balancer: one frontend, one backend of every process, routed by room code."""
    room_paths = " ".join(ROOM_PATHS)
    servers = "\n".join(
        f"    server {plan.name(index)} 127.0.0.1:{plan.process_port(index)}" for index in range(plan.processes)
    )
    return f"""# Written by `wolfrunde cluster`; changes are overwritten at the next start.
global
    maxconn 4096

defaults
    mode http
    option forwardfor
    option redispatch 1
    retries 3
    retry-on conn-failure empty-response
    timeout connect 500ms
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout client-fin 5s
    timeout check 2s

frontend wolfrunde
    bind {plan.host}:{plan.port}
    default_backend rooms

backend rooms
    # a room's code is the fourth part of its socket's and its requests' paths: /ws/rooms/CODE …
    http-request set-var(txn.room) path,field(4,/),upper if {{ path_beg {room_paths} }}
    balance hash var(txn.room)
    hash-type consistent
    option httpchk GET {HEALTH_PATH}
    http-check expect status 200
    # a process that dies closes its connections itself; one that is only slow to answer a check keeps them
    default-server check inter 1s fastinter 250ms downinter 1s fall 3 rise 2
{servers}
"""


@dataclass
class Child:
    """One supervised program: a serve process or HAProxy."""

    name: str
    command: list[str]
    log: Path
    port: int
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    restarts: int = 0
    delay: float = RESTART_DELAY[0]
    due: float = 0.0  # when a dead child is started again
    env: dict[str, str] = field(default_factory=dict)

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **self.env},
                start_new_session=True,  # Ctrl+C reaches the supervisor, which stops the children in order
            )
        self.started = time.monotonic()

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=timeout)


class Supervisor:
    """Starts the children, starts a dead one again (waiting longer each time it dies soon), stops all."""

    def __init__(self, plan: Plan, haproxy: str) -> None:
        self.plan = plan
        plan.folder.mkdir(parents=True, exist_ok=True)
        self.config_path = plan.folder / "haproxy.cfg"
        self.config_path.write_text(haproxy_config(plan), encoding="utf-8")
        self.servers = [
            Child(plan.name(i), plan.serve_command(i), plan.folder / f"{plan.name(i)}.log", plan.process_port(i))
            for i in range(plan.processes)
        ]
        self.balancer = Child(
            "haproxy", [haproxy, "-db", "-f", str(self.config_path)], plan.folder / "haproxy.log", plan.port
        )
        self.stopping = False

    @property
    def children(self) -> list[Child]:
        return [*self.servers, self.balancer]

    def write_state(self) -> None:
        state = {
            "balancer": f"http://{self.plan.host}:{self.plan.port}",
            "processes": [
                {
                    "name": child.name,
                    "port": child.port,
                    "pid": child.process.pid if child.alive and child.process else None,
                    "restarts": child.restarts,
                    "log": str(child.log),
                }
                for child in self.children
            ],
        }
        path = self.plan.folder / "processes.json"
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(state, indent=2), encoding="utf-8")
        temporary.replace(path)

    def start(self) -> None:
        from wolfrunde.store import Database

        database = Database(self.plan.database_url)
        try:
            database.migrate()  # once, before the processes start
        finally:
            database.close()
        for child in self.children:
            child.start()
        self.write_state()

    def tend(self, now: float) -> None:
        """One round of supervision: a child that died is started again when its delay is up."""
        changed = False
        for child in self.children:
            if child.alive:
                if now - child.started >= STEADY_SECONDS:
                    child.delay = RESTART_DELAY[0]
                continue
            if child.due == 0.0:
                code = child.process.returncode if child.process else None
                print(f"{child.name} beendet (Code {code}); Neustart in {child.delay:.1f} s", flush=True)
                child.due = now + child.delay
                child.delay = min(RESTART_DELAY[1], child.delay * 2)
            elif now >= child.due:
                child.due = 0.0
                child.restarts += 1
                child.start()
                changed = True
        if changed:
            self.write_state()

    def run(self) -> int:
        def stop(signum: int, _frame: FrameType | None) -> None:
            self.stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        self.start()
        print(f"Wolfrunde-Cluster mit {self.plan.processes} Prozessen: http://{self.plan.host}:{self.plan.port}/")
        print(f"Logs und HAProxy-Konfiguration: {self.plan.folder}", flush=True)
        try:
            while not self.stopping:
                self.tend(time.monotonic())
                time.sleep(0.2)
        finally:
            self.balancer.stop()
            for child in self.servers:
                child.stop()
            self.write_state()
        return 0


def plan_from(args: argparse.Namespace) -> Plan | str:
    """The cluster the arguments describe, or a German message saying what is wrong with them."""
    if not 1 <= args.processes <= 64:
        return "Es können 1 bis 64 Prozesse laufen."
    if not args.database_url.startswith("postgresql"):
        return "Mehrere Prozesse brauchen PostgreSQL (--database-url postgresql+psycopg://…); SQLite reicht für einen."
    first = args.first_port if args.first_port is not None else args.port + 1
    if first <= args.port < first + args.processes:
        return f"Der Port {args.port} des Load-Balancers liegt zwischen den Ports der Prozesse."
    public = tuple(args.public_url) or (f"http://{args.host}:{args.port}",)
    folder = Path(args.data).resolve() / "cluster"
    return Plan(
        args.processes, args.database_url, args.redis_url, args.host, args.port, first, folder, public, args.testing
    )


def run(args: argparse.Namespace) -> int:
    plan = plan_from(args)
    if isinstance(plan, str):
        print(plan)
        return 2
    if shutil.which(args.haproxy) is None:
        print(f"HAProxy fehlt ({args.haproxy}); unter Debian: apt-get install haproxy (scripts/system-packages.sh).")
        return 2
    check = subprocess.run(
        [args.haproxy, "-c", "-q", "-f", "/dev/stdin"], input=haproxy_config(plan).encode(), capture_output=True
    )
    if check.returncode != 0:
        print(f"Die HAProxy-Konfiguration ist ungültig: {check.stderr.decode(errors='replace')}")
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        return Supervisor(plan, args.haproxy).run()
    return 0
