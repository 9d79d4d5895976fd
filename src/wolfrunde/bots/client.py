"""A bot player that speaks the documented protocol only: HTTP for its account, WebSocket for the room."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets

from wolfrunde.bots.strategy import choose

log = logging.getLogger(__name__)
PASSWORD_BYTES = 18


@dataclass
class BotResult:
    name: str
    seat: int | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False


def ws_url(base: str, code: str) -> str:
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, f"/ws/rooms/{code}", "", ""))


async def sign_up(http: httpx.AsyncClient, name: str) -> str:
    """Registers a fresh account and returns its session cookie value."""
    password = secrets.token_urlsafe(PASSWORD_BYTES)
    response = await http.post("/api/register", json={"name": name, "password": password})
    if response.status_code != 201:
        raise RuntimeError(f"Anmeldung von {name} fehlgeschlagen: {response.status_code} {response.text}")
    cookie = response.cookies.get("wolfrunde_session")
    if not cookie:
        raise RuntimeError("Der Server hat kein Sitzungs-Cookie gesetzt.")
    return cookie


async def create_room(http: httpx.AsyncClient) -> str:
    response = await http.post("/api/rooms")
    response.raise_for_status()
    return str(response.json()["code"])


def game_over(view: dict[str, Any]) -> bool:
    return view.get("result") is not None or view.get("phase") == "over"


async def play(
    base_url: str,
    code: str,
    cookie: str,
    result: BotResult,
    rng: random.Random,
    *,
    start_at: int | None = None,
    settings: dict[str, Any] | None = None,
    max_seconds: float = 600.0,
) -> BotResult:
    """Joins the room and answers every open request until the game is over.

    With `start_at`, this bot is the host: it sends `settings` and starts once that many seats are taken."""
    headers = {"Cookie": f"wolfrunde_session={cookie}"}
    async with websockets.connect(ws_url(base_url, code), additional_headers=headers, max_size=2**22) as ws:
        if settings:
            await ws.send(json.dumps({"type": "settings", **settings}))
        started = joined = False
        waiting_ref: str | None = None
        counter = 0
        async with asyncio.timeout(max_seconds):
            async for raw in ws:
                message = json.loads(raw)
                result.messages.append(message)
                kind = message.get("type")
                if kind == "welcome":
                    result.seat = message["you"]["seat"]
                    if result.seat is None and not joined:
                        joined = True
                        await ws.send(json.dumps({"type": "join", "ref": "join"}))
                elif kind == "error":
                    result.errors.append(message)
                    if message.get("ref") == waiting_ref:
                        waiting_ref = None
                elif kind == "ack" and message.get("ref") == waiting_ref:
                    waiting_ref = None
                elif kind == "lobby" and start_at and not started and message["status"] == "lobby":
                    if len(message["seats"]) >= start_at:
                        started = True
                        await ws.send(json.dumps({"type": "start", "ref": "start"}))
                elif kind == "game":
                    view = message["view"]
                    if game_over(view):
                        result.finished = True
                        break
                    if waiting_ref is not None:
                        continue
                    move = choose(view, rng)
                    if move is not None:
                        counter += 1
                        waiting_ref = f"d{counter}"
                        decision = {"type": "decide", "kind": move[0], "choice": move[1], "ref": waiting_ref}
                        await ws.send(json.dumps(decision))
    return result


async def run_bots(base_url: str, code: str, count: int, seed: int | None = None) -> list[BotResult]:
    """Signs up `count` bots and lets them all play in the room until the game ends."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        cookies = []
        results = []
        for _ in range(count):
            name = f"Robo {secrets.token_hex(3)}"
            http.cookies.clear()
            cookies.append(await sign_up(http, name))
            results.append(BotResult(name=name))
    tasks = [
        play(base_url, code, cookie, result, random.Random(rng.random()))
        for cookie, result in zip(cookies, results, strict=True)
    ]
    return list(await asyncio.gather(*tasks))
