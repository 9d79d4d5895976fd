"""Drives bench/bare_broadcast.py: ROOMS rooms of SEATS sockets; each socket sends SENDS messages, the
next one when the server has echoed the previous one back to it, and counts every message it receives.
`python bench/bare_client.py PORT ROOMS SEATS SENDS PROCESSES MAX_SECONDS` prints the delivered
messages per second over all client processes as JSON."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import websockets

MESSAGE = json.dumps({"type": "game", "view": {"text": "x" * 200}})


async def member(url: str, sends: int, tally: list[int], started: asyncio.Event) -> None:
    async with websockets.connect(url, max_size=2**22, open_timeout=60) as ws:
        await started.wait()
        mine = 0
        await ws.send(MESSAGE + f"#{id(ws)}#")
        async for raw in ws:
            tally[0] += 1
            if str(raw).endswith(f"#{id(ws)}#"):
                mine += 1
                if mine >= sends:
                    return
                await ws.send(MESSAGE + f"#{id(ws)}#")


async def share(port: int, rooms: range, seats: int, sends: int, max_seconds: float) -> dict[str, float]:
    tally = [0]
    started = asyncio.Event()
    tasks = [member(f"ws://127.0.0.1:{port}/ws/r{room}", sends, tally, started) for room in rooms for _ in range(seats)]
    gathered = asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(2.0 + 0.002 * len(tasks))
    begin = time.perf_counter()
    started.set()
    async with asyncio.timeout(max_seconds):
        await gathered
    return {"received": tally[0], "seconds": time.perf_counter() - begin}


def main() -> int:
    port, rooms, seats, sends, processes = (int(value) for value in sys.argv[1:6])
    max_seconds = float(sys.argv[6])
    if len(sys.argv) > 7:  # one client process: its share of the rooms
        index = int(sys.argv[7])
        result = asyncio.run(share(port, range(index, rooms, processes), seats, sends, max_seconds))
        print(json.dumps(result))
        return 0
    children = [
        subprocess.Popen([sys.executable, __file__, *sys.argv[1:7], str(i)], stdout=subprocess.PIPE, text=True)
        for i in range(processes)
    ]
    parts = [json.loads(child.communicate(timeout=max_seconds + 120)[0]) for child in children]
    seconds = max(part["seconds"] for part in parts)
    received = sum(part["received"] for part in parts)
    rate = round(received / seconds, 1)
    print(json.dumps({"received": received, "seconds": round(seconds, 2), "messages_per_second": rate}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
