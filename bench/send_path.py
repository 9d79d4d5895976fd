"""The cost of one message on the server's way out: a uvicorn server (the protocol `wolfrunde serve` uses)
with `--sockets` WebSockets, each a `SocketConnection` as a room holds it; every round sends each socket
`--per-turn` messages in one turn of the event loop (a narrator's line, a patch, a voice plan), as a
decision does. Prints the server's CPU per delivered message (user and system time of the process while
it sent, medians of `--runs`). The clients run in another process and only read.

    .venv/bin/python bench/send_path.py --sockets 300 --per-turn 1 --rounds 300 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import statistics
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
import websockets
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from load import free_port, wait_healthy  # bench/ is this script's first path entry
from wolfrunde.server.rooms.connection import Encoded, SocketConnection
from wolfrunde.server.ws_protocol import protocol_class

MESSAGES = [
    {"type": "narration", "cues": [{"text": "Die Seherin erwacht. " * 8, "seconds": 2.5, "audio": "/a/" + "x" * 60}]},
    {"type": "game_patch", "version": 12, "ops": [["set", ["phase"], "night"], ["add", ["log", 7], {"e": "y" * 120}]]},
    {"type": "voice", "plan": {"peers": [1, 2, 3], "speak": [1], "hear": [2, 3]}},
]


def serve(args: argparse.Namespace) -> None:
    """The server: waits for every socket, sends the rounds, prints its CPU per message, exits."""
    connections: list[SocketConnection] = []
    everyone = asyncio.Event()

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        conn = SocketConnection(websocket)
        connections.append(conn)
        if len(connections) == args.sockets:
            everyone.set()
        await conn.pump()

    async def send_rounds() -> None:
        await everyone.wait()
        before = resource.getrusage(resource.RUSAGE_SELF)
        for _ in range(args.rounds):
            encoded = Encoded()
            for conn in connections:
                for index in range(args.per_turn):
                    conn.send(MESSAGES[index % len(MESSAGES)], encoded)
            await asyncio.sleep(0)  # the turn ends: its messages are written
            while any(not conn.outbox.empty() for conn in connections):  # a client behind: its outbox drains
                await asyncio.sleep(0)
        after = resource.getrusage(resource.RUSAGE_SELF)
        messages = args.sockets * args.per_turn * args.rounds
        user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
        print(
            json.dumps(
                {
                    "messages": messages,
                    "us_per_message": round(1e6 * (user + system) / messages, 2),
                    "user_us": round(1e6 * user / messages, 2),
                    "system_us": round(1e6 * system / messages, 2),
                }
            ),
            flush=True,
        )
        for conn in connections:
            conn.close()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.get_running_loop().create_task(send_rounds())
        yield
        task.cancel()

    async def health(request: object) -> PlainTextResponse:
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/health", health), WebSocketRoute("/ws", endpoint)], lifespan=lifespan)
    uvicorn.run(app, host="127.0.0.1", port=args.port, ws=protocol_class(), log_level="warning", backlog=4096)


async def read_all(port: int, sockets: int) -> None:
    async def reader() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=2**22, open_timeout=60) as socket:
            async for _ in socket:
                pass

    await asyncio.gather(*(reader() for _ in range(sockets)), return_exceptions=True)


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    command = [sys.executable, __file__, "--serve", "--port", str(port)]
    command += ["--sockets", str(args.sockets), "--per-turn", str(args.per_turn), "--rounds", str(args.rounds)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE)
    try:
        wait_healthy(server, f"http://127.0.0.1:{port}/health", Path(__file__))
        clients = subprocess.Popen(
            [sys.executable, __file__, "--read", "--port", str(port), "--sockets", str(args.sockets)]
        )
        assert server.stdout is not None
        line = server.stdout.readline()
        clients.wait(timeout=120)
        return dict(json.loads(line))
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--per-turn", type=int, default=1, help="messages each socket gets in one turn")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--read", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    if args.read:
        asyncio.run(read_all(args.port, args.sockets))
        return
    runs = [one_run(args) for _ in range(args.runs)]
    for run in runs:
        print(json.dumps(run))
    summary = {key: statistics.median(run[key] for run in runs) for key in ("us_per_message", "user_us", "system_us")}
    print(json.dumps({"median_of_runs": args.runs, "sockets": args.sockets, "per_turn": args.per_turn, **summary}))


if __name__ == "__main__":
    main()
