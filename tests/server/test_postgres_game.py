"""The whole online flow on PostgreSQL: accounts, a room, a complete game with bots, stored commands."""

import random
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from tests.server.conftest import as_user
from tests.server.test_game_ws import game_messages, open_room, start_with_bots

from wolfrunde.bots.strategy import choose
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import replay
from wolfrunde.store import Database, rooms


@pytest.fixture
def pg_client(postgres_url: str) -> Iterator[TestClient]:
    config = ServerConfig(database_url=postgres_url, bot_delay=(0.0, 0.01), pause_seconds=(0.0, 0.01))
    with TestClient(create_app(config), base_url="http://testserver") as client:
        yield client


def test_a_whole_game_on_postgresql(pg_client: TestClient, postgres_url: str) -> None:
    token, code = open_room(pg_client)
    rng = random.Random(7)
    with pg_client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        for message in game_messages(ws, start_with_bots(pg_client, ws, 5)):
            if message["view"]["result"] is not None:
                break
            move = choose(message["view"], rng)
            if move is not None:
                ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})
        else:
            raise AssertionError("the game did not end")
    assert pg_client.get(f"/api/rooms/{code}").json()["status"] == "ended"
    database = Database(postgres_url)
    try:
        stored = rooms.commands(database, code)
        assert [c.seq for c in stored] == list(range(len(stored)))
        record = rooms.load_room(database, code)
        assert record is not None and record.setup is not None
        again = replay(record.setup, [(c.op, c.seat, c.kind, c.payload) for c in stored])
        assert again.over, "the stored commands alone replay the whole game to its end"
        assert len(stored) >= 3  # at least the night: the wolves, and whoever else acted or timed out
    finally:
        database.close()
