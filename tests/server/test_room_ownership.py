"""A room is run by the one process that owns it: a second writer fails on the stored sequence, a
second process finds the room elsewhere, and a socket for a room held elsewhere is sent on (4409)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import as_user, sign_up

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.rooms.actor import RoomActor
from wolfrunde.server.rooms.connection import CLOSE_ELSEWHERE, LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry, RoomElsewhere
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.store import Database
from wolfrunde.store import rooms as store
from wolfrunde.store.ownership import AdvisoryLocks


def _online(config: ServerConfig) -> OnlineRoom:
    return OnlineRoom.create(1, "Anna", config)


def test_a_second_writer_fails_on_the_sequence_it_expected(tmp_path: Path) -> None:
    """Two actors that both believe they own a room: the one that writes second under the same
    number gets SequenceTaken, gives the room up, and nothing of its command is stored."""
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    config = ServerConfig(database_url=url)
    db = Database(url)
    db.migrate()
    room = _online(config)
    assert store.create_room(db, "KQWMT7", "online", room.lobby.to_dict())

    async def scene() -> list[RoomActor]:
        owner = RoomActor("KQWMT7", room, db, config, RoomStatus.LOBBY, seq=0)
        intruder = RoomActor("KQWMT7", _online(config), db, config, RoomStatus.LOBBY, seq=0)
        given_up: list[RoomActor] = []

        async def lost(actor: RoomActor) -> None:
            given_up.append(actor)

        intruder.on_lost = lost
        await owner.store_command(store.Command("decide", 0, "werewolves", {"choice": 3}))
        with pytest.raises(store.SequenceTaken):
            await intruder.store_command(store.Command("decide", 1, "seer", {"choice": 2}))
        assert intruder.seq == 0, "the intruder's count did not move"
        await owner.store_command(store.Command("decide", 2, "witch", {"choice": None}))
        return given_up

    try:
        given_up = asyncio.run(scene())
        assert len(given_up) == 1
        stored = store.commands(db, "KQWMT7")
        assert [(c.seq, c.kind) for c in stored] == [(0, "werewolves"), (1, "witch")]
    finally:
        db.close()


def test_two_processes_on_postgresql_never_run_the_same_room(postgres_url: str) -> None:
    config = ServerConfig(database_url=postgres_url)
    first_db, second_db = Database(postgres_url), Database(postgres_url)
    first_db.migrate()

    async def scene() -> None:
        first = Registry(first_db, config, all_kinds(), AdvisoryLocks(postgres_url, "127.0.0.1:9001"))
        second = Registry(second_db, config, all_kinds(), AdvisoryLocks(postgres_url, "127.0.0.1:9002"))
        try:
            room = _online(config)
            created = await second.create(room, room.lobby.to_dict())
            assert created.code not in second.rooms, "the creating process keeps no copy"
            actor = await first.get(created.code)
            assert actor is not None and first.rooms[created.code] is actor
            with pytest.raises(RoomElsewhere) as elsewhere:
                await second.get(created.code)
            assert elsewhere.value.owner == "127.0.0.1:9001"
            await asyncio.to_thread(store.save_room, second_db, created.code, status=RoomStatus.RUNNING.value)
            assert await second.restore() == 0, "a restarted process leaves a held room alone"
            assert created.code not in second.rooms
            await first.close()  # the owner stops: its rooms are free
            assert await second.get(created.code) is not None
        finally:
            await first.close()
            await second.close()

    try:
        asyncio.run(scene())
    finally:
        first_db.close()
        second_db.close()


def test_a_broken_lock_connection_drops_every_room_at_once(postgres_url: str) -> None:
    """The database ended the lock session (another process may take the rooms now): the registry gives
    up every room, its members are sent on, and later rooms are owned through a fresh connection."""
    config = ServerConfig(database_url=postgres_url)
    db = Database(postgres_url)
    db.migrate()
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")

    async def scene() -> None:
        locks = AdvisoryLocks(postgres_url, "127.0.0.1:9004")
        registry = Registry(db, config, all_kinds(), locks)
        try:
            room = _online(config)
            code = (await registry.create(room, room.lobby.to_dict())).code
            actor = await registry.get(code)
            assert actor is not None and await registry.check_ownership()
            member = LocalConnection(lambda _message: None)
            actor.attach_local(Peer(member, Identity(name="Anna")))
            with admin.connect() as connection:
                connection.execute(
                    text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :n"),
                    {"n": "wolfrunde@127.0.0.1:9004"},
                )
            assert not await registry.check_ownership()
            assert registry.rooms == {} and member.closed
            assert await registry.get(code) is not None and locks.held == frozenset({code})
        finally:
            await registry.close()

    try:
        asyncio.run(scene())
    finally:
        admin.dispose()
        db.close()


def test_a_socket_for_a_room_held_elsewhere_is_closed_with_4409(postgres_url: str) -> None:
    """The holder cannot be reached (it is going away): the client hears why and reconnects."""
    config = ServerConfig(database_url=postgres_url, process_address="127.0.0.1:9003")
    holder = AdvisoryLocks(postgres_url, "127.0.0.1:1")
    try:
        with TestClient(create_app(config), base_url="http://testserver") as client:
            token = sign_up(client, "Anna")
            code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
            assert holder.acquire(code)
            with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
                message = ws.receive_json()
                assert message["code"] == "room_elsewhere" and "anderen Server" in message["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == CLOSE_ELSEWHERE
            holder.release(code)
            with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
                assert ws.receive_json()["type"] == "welcome", "once free, the room is taken here"
    finally:
        holder.close()
