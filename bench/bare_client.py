"""Drives bench/bare_broadcast.py: ROOMS rooms of SEATS sockets; each socket sends SENDS messages, the
next one when the server has echoed the previous one back to it (after THINK seconds on average, drawn as
bench/load.py's bots draw theirs; 0: at once), and counts every message it receives.

    python bench/bare_client.py PORT ROOMS SEATS SENDS PROCESSES MAX_SECONDS THINK

prints, as JSON over all client processes, the delivered messages per second and the 50th/99th percentile
of the time from a send to its echo (`echo_p50_ms`, `echo_p99_ms`), from when every socket of every client
process is open (they then start together). The server does nothing but relay, so
the echo is the floor of a decision→ack for a server that sends as many messages per decision (SEATS) with
this stack on this machine: what no game logic can go below."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import websockets

from load import percentile  # bench/ is this script's first path entry

MESSAGE = json.dumps({"type": "game", "view": {"text": "x" * 200}})


@dataclass
class Tally:
    received: int = 0
    echoes: list[float] = field(default_factory=list)  # seconds from a send to its echo


async def member(
    url: str,
    sends: int,
    think: float,
    rng: random.Random,
    tally: Tally,
    connected: asyncio.Queue[None],
    started: asyncio.Event,
) -> None:
    async with websockets.connect(url, max_size=2**22, open_timeout=60, ping_interval=None) as ws:  # as load.py
        mark = f"#{id(ws)}#"
        connected.put_nowait(None)
        await started.wait()
        mine = 0
        sent = await send_after_thinking(ws, mark, think, rng)
        async for raw in ws:
            tally.received += 1
            if str(raw).endswith(mark):
                tally.echoes.append(time.perf_counter() - sent)
                mine += 1
                if mine >= sends:
                    return
                sent = await send_after_thinking(ws, mark, think, rng)


async def send_after_thinking(ws: Any, mark: str, think: float, rng: random.Random) -> float:
    """Sends the member's next message after its thinking time (the first one too, as a bot thinks before
    its first move); the moment it was sent."""
    if think > 0:
        await asyncio.sleep(rng.uniform(think / 2, think * 1.5))
    sent = time.perf_counter()
    await ws.send(MESSAGE + mark)
    return sent


async def share(port: int, rooms: range, seats: int, sends: int, max_seconds: float, think: float) -> dict[str, Any]:
    tally = Tally()
    connected: asyncio.Queue[None] = asyncio.Queue()
    started = asyncio.Event()
    rng = random.Random(rooms.start)
    tasks = [
        member(
            f"ws://127.0.0.1:{port}/ws/r{room}", sends, think, random.Random(rng.random()), tally, connected, started
        )
        for room in rooms
        for _ in range(seats)
    ]
    gathered = asyncio.gather(*tasks, return_exceptions=True)
    async with asyncio.timeout(max_seconds):  # measured from when every socket is open, as bench/load.py does
        for _ in tasks:
            await connected.get()
    print("connected", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # every process starts at once
    begin = time.time()
    started.set()
    async with asyncio.timeout(max_seconds):
        outcomes = await gathered
    failed = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    end = time.time()
    echoes = [round(1000 * wait, 2) for wait in tally.echoes]
    examples = sorted({f"{type(failure).__name__}: {failure}"[:200] for failure in failed})[:3]
    return {
        "received": tally.received,
        "begin": begin,
        "end": end,
        "echo_ms": echoes,
        "failures": len(failed),
        "examples": examples,
    }


def main() -> int:
    port, rooms, seats, sends, processes = (int(value) for value in sys.argv[1:6])
    max_seconds, think = float(sys.argv[6]), float(sys.argv[7])
    if len(sys.argv) > 8:  # one client process: its share of the rooms
        index = int(sys.argv[8])
        result = asyncio.run(share(port, range(index, rooms, processes), seats, sends, max_seconds, think))
        print(json.dumps(result))
        return 0
    children = [
        subprocess.Popen(
            [sys.executable, __file__, *sys.argv[1:8], str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for i in range(processes)
    ]
    for child in children:
        assert child.stdout is not None
        if child.stdout.readline().strip() != "connected":
            raise RuntimeError("a client process failed before its sockets were open")
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    parts = [json.loads(child.communicate(timeout=max_seconds + 120)[0]) for child in children]
    seconds = max(part["end"] for part in parts) - min(part["begin"] for part in parts)
    received = sum(part["received"] for part in parts)
    echoes = sorted(wait for part in parts for wait in part["echo_ms"])
    summary = {
        "received": received,
        "seconds": round(seconds, 2),
        "messages_per_second": round(received / seconds, 1),
        "echo_p50_ms": percentile(echoes, 50),
        "echo_p99_ms": percentile(echoes, 99),
        "failures": sum(part["failures"] for part in parts),
        "failure_examples": sorted({example for part in parts for example in part["examples"]})[:5],
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
