"""Both table kinds on the room core: one error shape for unknown and malformed messages, a device that
does not say hello properly is told why and closed, a game to its end is stored tap by tap and swept from
memory, a stored game that cannot be replayed halts its table, and a table's facts come from the store."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.test_table_rooms import NAMES, hello, own_table, receive, receive_error, seated
from tests.server.test_table_single import tap

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.kinds.table_single import SingleDeviceTable
from wolfrunde.server.rooms.actor import Detach, Incoming
from wolfrunde.server.rooms.connection import LocalConnection, encode
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.table.devices import token_hash
from wolfrunde.server.table.lobby import SINGLE, TableSettings, new_lobby
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

WAIT = 20.0  # seconds a test waits at most for what it expects (the machine may be busy)
COMMON = [
    ('{"type": "fly", "ref": "a"}', "unknown_type", "a"),
    ('{"type": "hello", "token": "' + "x" * 43 + '"}', "unknown_type", None),  # hello only comes first
    ('{"type": "ping", "extra": 1}', "malformed", None),
    ('{"no": "type"}', "malformed", None),
    ("[1, 2]", "malformed", None),
    ("kein JSON", "malformed", None),
]
OWN_ONLY = [
    ('{"type": "decide", "ref": 2}', "malformed", 2),  # no kind
    ('{"type": "remove", "seat": "eins", "ref": 3}', "malformed", 3),
    ('{"type": "device", "op": "take", "ref": "c"}', "unknown_type", "c"),  # one device's tap
]
SINGLE_ONLY = [
    ('{"type": "device", "op": "fly", "ref": "c"}', "malformed", "c"),
    ('{"type": "device", "op": "take", "data": [], "ref": 4}', "malformed", 4),
    ('{"type": "start", "ref": 5}', "unknown_type", 5),  # own devices only
]


def single_table(client: TestClient) -> dict[str, Any]:
    return client.post("/api/tables", json={"mode": "single", "names": NAMES}).json()


def stored(client: TestClient, code: str) -> tuple[store.StoredRoom | None, list[store.StoredCommand]]:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return store.load_room(db, code), store.commands(db, code)


def test_unknown_and_malformed_messages_get_the_one_error_and_change_nothing(client: TestClient) -> None:
    made, _ = own_table(client, players=3)
    single = single_table(client)
    for table, bad in ((made, COMMON + OWN_ONLY), (single, COMMON + SINGLE_ONLY)):
        before = stored(client, table["code"])
        with seated(client, table["code"], table["token"]) as ws:
            for raw, code, ref in bad:
                ws.send_text(raw)
                error = receive_error(ws)
                assert set(error) == {"type", "code", "message", "ref"}, error
                assert (error["code"], error["ref"]) == (code, ref), (raw, error)
                assert error["message"].startswith(("Die Nachricht ist ungültig", "Unbekannter Nachrichtentyp"))
            ws.send_json({"type": "ping", "ref": "still-here"})
            assert receive(ws, "pong")["ref"] == "still-here", "the connection stays open"
        assert stored(client, table["code"]) == before, "nothing changed"


def test_a_device_without_a_proper_hello_is_told_why_in_german_and_closed(client: TestClient) -> None:
    made, _ = own_table(client, players=3)
    first_messages = [
        ('{"type": "ping"}', "hello_first"),
        ('{"type": "hello", "token": "kurz"}', "malformed"),
        ('{"type": "hello", "token": "' + "x" * 43 + '"}', "bad_token"),
        ("{", "malformed"),
    ]
    for raw, code in first_messages:
        with client.websocket_connect(f"/ws/tables/{made['code']}") as ws:
            ws.send_text(raw)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == code and error["message"], error
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401, (raw, closed.value.code)
    with client.websocket_connect("/ws/tables/AAAAAA") as ws:
        assert ws.receive_json()["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_table_s_facts_come_from_the_store_without_loading_its_game(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        made, _ = own_table(client, players=4)
        single = single_table(client)
    with TestClient(create_app(config)) as client:
        registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
        info = client.get(f"/api/tables/{made['code'].lower()}")
        assert info.json() == {"code": made["code"], "status": "lobby", "mode": "table_own_devices", "players": 4}
        assert client.get(f"/api/tables/{made['code']}/qr.svg").status_code == 200
        assert made["code"] not in registry.rooms, "a table in its lobby is not loaded to be described"
        info = client.get(f"/api/tables/{single['code']}")
        assert info.json() == {"code": single["code"], "status": "running", "mode": SINGLE, "players": 8}
        assert client.get("/api/tables/AAAAAA").json()["error"] == "no_table"


def test_a_table_whose_stored_game_cannot_be_replayed_is_halted_and_reported(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        own, _ = own_table(client, players=4)
        with seated(client, own["code"], own["token"]) as host:
            host.send_json({"type": "start"})
            receive(host, "seat")
        single = single_table(client)
        db: Database = client.app.state.db  # type: ignore[attr-defined]
        store.append_command(db, own["code"], 0, store.Command("decide", 0, "vote", 99))  # no such request at night
        store.append_command(db, single["code"], 0, store.Command("device", None, "done", {}))  # the card was not taken
    with TestClient(create_app(config)) as client:
        for table in (own, single):
            started = time.monotonic()
            with client.websocket_connect(f"/ws/tables/{table['code']}") as ws:
                hello(ws, table["token"])
                assert receive(ws, "welcome")
                assert receive_error(ws)["code"] == "table_halted"
            assert time.monotonic() - started < WAIT
            assert client.get(f"/api/tables/{table['code']}").json()["status"] == "halted"
            with client.websocket_connect(f"/ws/tables/{table['code']}") as ws:  # and stays so, told again
                hello(ws, table["token"])
                assert receive_error(ws)["code"] == "table_halted"
        assert len(stored(client, own["code"])[1]) == 1, "nothing more was stored"
        assert client.get("/api/health").json() == {"ok": True}


async def play_to_the_end(config: ServerConfig, tmp_path: Path) -> None:
    """One device plays a whole game in-process (no rate limit): each tap is stored before its screen,
    with the time it was applied; the ended table leaves memory once nobody is there and comes back
    from the store exactly as it ended."""
    db = Database(config.database_url)
    db.migrate()
    registry = Registry(db, config, all_kinds())
    token = "d" * 43
    lobby = new_lobby(SINGLE, TableSettings(vote_style="secret"), NAMES[:6], token_hash(token))
    table = SingleDeviceTable.open(lobby, config)
    status, setup = table.opening()
    assert status is RoomStatus.RUNNING and setup is not None, "one device: the cards are dealt at once"
    actor = await registry.create(table, lobby.to_dict(), status=status, setup=setup)
    screens: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def deliver(message: dict[str, Any]) -> None:
        if message["type"] in ("screen", "error"):
            screens.put_nowait(message)

    peer = Peer(LocalConnection(deliver), Identity(token_hash=token_hash(token)))
    assert await actor.attach(peer) is None
    rng, taps, screen = random.Random(4), 0, await asyncio.wait_for(screens.get(), WAIT)
    while screen["screen"] != "over":
        assert screen["type"] == "screen", screen
        op, data = tap(screen, rng)
        actor.post(Incoming(peer, actor.kind.schema.parse(encode({"type": "device", "op": op, "data": data}))))
        taps += 1
        screen = await asyncio.wait_for(screens.get(), WAIT)
        assert len(store.commands(db, actor.code)) == taps, "stored before its screen was sent"
    record = store.load_room(db, actor.code)
    assert record is not None and record.status == "ended" and record.ended_at is not None
    assert actor.status is RoomStatus.ENDED
    assert await registry.sweep(time.time()) == [], "somebody is still at the table"
    actor.post(Detach(peer))
    await actor.call(lambda: None)  # handled after the detach, in the room's own task
    assert await registry.sweep(time.time() + config.ended_room_seconds) == [actor.code]
    assert actor.code not in registry.rooms, "the ended table left memory"
    again = await registry.get(actor.code)
    assert again is not None and again.status is RoomStatus.ENDED
    assert isinstance(again.kind, SingleDeviceTable) and again.kind.device is not None
    assert again.kind.device.screen() == {k: v for k, v in screen.items() if k not in ("code", "now", "again")}
    await registry.close()


def test_a_single_device_game_is_stored_tap_by_tap_and_swept_after_its_end(
    config: ServerConfig, tmp_path: Path
) -> None:
    asyncio.run(play_to_the_end(config, tmp_path))
