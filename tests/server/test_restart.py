"""kill -9 of the server in the middle of a game; after a restart on the same SQLite file the game
continues where it was, with the same timer deadline."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from tests.server.live import LiveServer

from wolfrunde.bots.client import create_room, ws_url
from wolfrunde.bots.strategy import choose

TIMER = 5  # seconds: the shortest timer a host may set
GRACE = 3.0  # seconds `serve --testing` gives an open step after a restart


async def next_game(ws: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message = json.loads(await ws.recv())
        if message["type"] == "game":
            return message
    raise AssertionError("no game message")


async def settled(ws: Any, last: dict[str, Any]) -> dict[str, Any]:
    """The last game message once the bots have done all they can while the host's request is open."""
    while True:
        try:
            async with asyncio.timeout(1.0):
                message = json.loads(await ws.recv())
        except TimeoutError:
            return last
        if message["type"] == "game":
            last = message


async def first_phase(url: str, cookie: str, seed: int) -> tuple[str, dict[str, Any]] | None:
    """Opens a room with 6 server bots, plays until the host has a request, and leaves it unanswered.
    None when the game ended first (the host died before that)."""
    async with httpx.AsyncClient(base_url=url) as http:
        http.cookies.set("wolfrunde_session", cookie)
        code = await create_room(http)
    headers = {"Cookie": f"wolfrunde_session={cookie}"}
    rng = random.Random(seed)
    async with websockets.connect(ws_url(url, code), additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "settings", "timers": {"night": TIMER, "day": TIMER, "vote": TIMER}}))
        for _ in range(6):
            await ws.send(json.dumps({"type": "add_bot"}))
        await ws.send(json.dumps({"type": "start"}))
        answered = 0
        async with asyncio.timeout(30):
            while True:
                message = await next_game(ws)
                view = message["view"]
                if view["result"] is not None:
                    return None
                if not view["pending"]:
                    continue
                if answered >= 1:
                    return code, await settled(ws, message)  # leave this one open and "crash"
                move = choose(view, rng)
                assert move is not None
                await ws.send(json.dumps({"type": "decide", "kind": move[0], "choice": move[1]}))
                answered += 1


async def after_restart(url: str, cookie: str, code: str, before: dict[str, Any], back: float) -> dict[str, Any]:
    headers = {"Cookie": f"wolfrunde_session={cookie}"}
    rng = random.Random(6)
    async with websockets.connect(ws_url(url, code), additional_headers=headers) as ws:
        again = await next_game(ws)
        assert again["view"] == before["view"], "the restored game is where it was"
        deadline = again["timer"]["deadline"]
        assert deadline >= before["timer"]["deadline"], "the timer keeps its deadline, or gives more time"
        assert deadline >= back + GRACE - 0.5, "after a restart the open step gets a grace period"
        async with asyncio.timeout(30):  # the host stays silent: the server's timer must decide
            changed = await next_game(ws)
            while changed["view"] == before["view"]:
                changed = await next_game(ws)
        assert time.time() >= deadline - 0.5
        timed_out = changed
        async with asyncio.timeout(60):
            while changed["view"]["result"] is None:
                move = choose(changed["view"], rng)
                if move is not None:
                    await ws.send(json.dumps({"type": "decide", "kind": move[0], "choice": move[1]}))
                changed = await next_game(ws)
        assert timed_out["view"]["events"][: len(before["view"]["events"])] == before["view"]["events"]
        return changed


def test_a_running_game_survives_kill_9_and_continues_with_its_timers(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data").start()
    try:
        with httpx.Client(base_url=server.url) as http:
            response = http.post("/api/register", json={"name": "Anna", "password": "geheim-123"})
            cookie = response.cookies["wolfrunde_session"]
        for seed in range(10):
            started = asyncio.run(first_phase(server.url, cookie, seed))
            if started is not None:
                break
        assert started is not None, "the host never had a request in ten games"
        code, before = started
        server.kill_hard()
        back = time.time()
        server = LiveServer(tmp_path / "data", port=server.port).start()
        final = asyncio.run(after_restart(server.url, cookie, code, before, back))
        assert final["view"]["result"]["winner"]
        assert all(player["role"] for player in final["view"]["players"])
    finally:
        server.stop()
