"""Whole own-device table games over real WebSockets against a real server (`serve --testing`, where
the table waits a hundredth of the narration): every game ends, no device is ever shown a question it
cannot answer yet, every seat hears (or reads) the narrator before it is called, and at the end every
device shows the whole game, night by night."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import websockets
from tests.server.live import LiveServer

from wolfrunde.bots.strategy import answer

GAME_SECONDS = 120.0
NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jonas"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("table-live")).start()
    yield live
    live.stop()


@dataclass
class Device:
    seat: int
    token: str
    errors: list[dict[str, Any]] = field(default_factory=list)
    cues: list[int] = field(default_factory=list)  # ids of the cues that reached this device, in order
    answered: int = 0
    result: dict[str, Any] | None = None
    called_before_told: list[int] = field(default_factory=list)


async def play_seat(url: str, code: str, device: Device, rng: random.Random, start: bool) -> None:
    async with websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/tables/{code}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": device.token}))
        done: set[str] = set()
        while device.result is None:
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "error":
                device.errors.append(message)
            elif kind == "table" and start and all(s["online"] for s in message["seats"]):
                start = False
                speaker = rng.randrange(len(message["seats"]))
                await ws.send(json.dumps({"type": "settings", "speaker": speaker}))
                await ws.send(json.dumps({"type": "start"}))
            elif kind == "narration":
                device.cues.extend(cue["id"] for cue in message["cues"])
            elif kind == "seat":
                told = max(device.cues, default=-1)
                if message["questions"] and any(c["id"] > told for c in message["captions"]):
                    device.called_before_told.append(message["round"])  # its narration had not come yet
                device.cues.extend(c["id"] for c in message["captions"] if c["id"] > told)
                device.result = message["result"]
                key = json.dumps([message["deadline"], message["questions"]])
                if message["questions"] and key not in done:
                    done.add(key)
                    question = message["questions"][0]
                    move = answer({"kind": question["kind"], "options": question["options"]}, device.seat, rng)
                    assert move is not None, question
                    await asyncio.sleep(rng.uniform(0.0, 0.05))
                    await ws.send(json.dumps({"type": "decide", "kind": move[0], "choice": move[1]}))
                    device.answered += 1


async def play_table(url: str, players: int, seed: int) -> list[Device]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        made = (await http.post("/api/tables", json={"mode": "own", "name": NAMES[0]})).json()
        code = made["code"]
        devices = [Device(0, made["token"])]
        for name in NAMES[1:players]:
            guest = (await http.post(f"/api/tables/{code}/guests", json={"name": name})).json()
            devices.append(Device(guest["seat"], guest["token"]))
    rng = random.Random(seed)
    seats = [play_seat(url, code, d, random.Random(rng.random()), start=d.seat == 0) for d in devices]
    await asyncio.wait_for(asyncio.gather(*seats), GAME_SECONDS)
    return devices


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (8, 2), (10, 3)])
def test_own_device_games_end_and_tell_before_they_call(server: LiveServer, players: int, seed: int) -> None:
    devices = asyncio.run(play_table(server.url, players, seed))
    for device in devices:
        assert device.errors == [], f"seat {device.seat} was refused: {device.errors}"
        assert device.result is not None and device.result["winner"], "every device sees the end"
        assert device.cues == sorted(set(device.cues)), "every cue once, in order"
        assert device.called_before_told == [], "no question came before the narration that leads to it"
        log = device.result["log"]
        assert log[0] == "Die Partie beginnt." and any("hat die Karte" in line for line in log), log[:3]
        assert any("Nacht" in line for line in log), "the whole game, night by night"
    assert sum(d.answered for d in devices) >= 1, "the game was played, not just ended"
    assert len({d.result["winner"] for d in devices if d.result}) == 1, "every device tells the same end"
    assert len({json.dumps(d.result["log"]) for d in devices if d.result}) == 1, "every device shows the same log"
