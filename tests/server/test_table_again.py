"""Play again: an own-devices table goes back to its lobby with the same seats once a game is over; a
one-device table offers the same players in the same seats, with the same choices, for a new table."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import websockets
from starlette.testclient import TestClient
from tests.server.live import LiveServer
from tests.server.test_table_own_games import (
    GAME_SECONDS,
    NAMES,
    Device,
    play_seat,
    server,  # noqa: F401  (the module's live server)
)

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.table_single import SingleDeviceTable
from wolfrunde.server.table.lobby import SINGLE, TableSettings, new_lobby


async def again(url: str, code: str, token: str) -> tuple[dict[str, object], dict[str, object]]:
    async with websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/tables/{code}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ws.send(json.dumps({"type": "again", "ref": 1}))
        lobby = None
        while True:
            message = json.loads(await ws.recv())
            assert message["type"] != "error", message
            if message["type"] == "table" and message["status"] == "lobby":
                lobby = message
                await ws.send(json.dumps({"type": "start"}))
            elif message["type"] == "seat" and lobby is not None:
                return lobby, message


async def played_table(url: str, players: int) -> tuple[str, list[Device]]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        made = (await http.post("/api/tables", json={"mode": "own", "name": NAMES[0]})).json()
        devices = [Device(0, made["token"])]
        for name in NAMES[1:players]:
            guest = (await http.post(f"/api/tables/{made['code']}/guests", json={"name": name})).json()
            devices.append(Device(guest["seat"], guest["token"]))
    seats = [play_seat(url, made["code"], d, random.Random(d.seat), start=d.seat == 0) for d in devices]
    await asyncio.wait_for(asyncio.gather(*seats), GAME_SECONDS)
    return made["code"], devices


def test_an_own_devices_table_plays_again_with_the_same_seats(server: LiveServer) -> None:  # noqa: F811
    code, devices = asyncio.run(played_table(server.url, 5))
    assert all(d.result is not None for d in devices)
    lobby, seat = asyncio.run(asyncio.wait_for(again(server.url, code, devices[0].token), 30))
    names = [s["name"] for s in lobby["seats"]]  # type: ignore[index, attr-defined]
    assert names == ["Anna", "Ben", "Carla", "Dora", "Emil"], "the same players in the same seats"
    assert seat["round"] == 1 and seat["result"] is None, "a new game has begun"


def test_a_one_device_table_offers_the_same_players_and_choices(client: TestClient, config: ServerConfig) -> None:
    names = ["Anna", "Ben", "Carla", "Dora", "Emil"]
    settings = TableSettings(night_style="round", vote_style="secret", discussion=120)
    table = SingleDeviceTable.open(new_lobby(SINGLE, settings, names, "h"), config)
    offer = table._again()
    assert offer["names"] == names and offer["night_style"] == "round" and offer["discussion"] == 120
    made = client.post("/api/tables", json=offer)
    assert made.status_code == 201, made.text
