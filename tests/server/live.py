"""A real `wolfrunde serve` process on 127.0.0.1 and a free port, for WebSocket tests; or one WebSocket
endpoint served by uvicorn with the protocol `wolfrunde serve` uses, in a thread (`serving`)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

from wolfrunde.server.ws_protocol import protocol_class

START_SECONDS = 90  # a loaded machine starts slowly


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _Started(uvicorn.Server):
    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: Any = None) -> None:
        await super().startup(sockets)
        self.ready.set()


@contextlib.contextmanager
def serving(endpoint: Any) -> Iterator[int]:
    """Serves `endpoint` at /ws on 127.0.0.1 (uvicorn, `ws_protocol.protocol_class`) in a thread; its port."""
    port = free_port()
    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    server = _Started(uvicorn.Config(app, host="127.0.0.1", port=port, ws=protocol_class(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        assert server.ready.wait(START_SECONDS)
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=30)


class LiveServer:
    def __init__(self, data: Path, port: int | None = None, args: tuple[str, ...] = ()) -> None:
        self.data = data
        self.args = args  # more `wolfrunde serve` options
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data / "server.log"

    def start(self) -> LiveServer:
        self.data.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable,
            "-m",
            "wolfrunde",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            "--testing",
            *self.args,
        ]
        # its scratch files (a voice being made) in the test's own folder: a server killed with -9 runs no
        # clean-up, and nothing of it may stay behind in the machine's /tmp
        scratch = self.data / "tmp"
        scratch.mkdir(exist_ok=True)
        environment = {**os.environ, "TMPDIR": str(scratch)}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def kill_hard(self) -> None:
        """kill -9: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill_hard()
