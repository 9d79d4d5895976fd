from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from starlette.testclient import TestClient

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.store import default_url


@pytest.fixture
def config(tmp_path: Path) -> ServerConfig:
    return ServerConfig(database_url=default_url(tmp_path), bot_delay=(0.0, 0.01), pause_seconds=(0.0, 0.01))


@pytest.fixture
def client(config: ServerConfig) -> Iterator[TestClient]:
    with TestClient(create_app(config), base_url="http://testserver") as test_client:
        yield test_client


@pytest.fixture
def voiced(tmp_path: Path) -> Iterator[TestClient]:
    """A server with a real (espeak) voice and a voice folder of its own, so "new" and "cached" mean what
    the test caused and the audio it gets is exactly the audio it asked for."""
    config = ServerConfig(
        database_url=default_url(tmp_path),
        bot_delay=(0.0, 0.01),
        pause_seconds=(0.0, 0.01),
        voices_dir=str(tmp_path / "voices"),
        voice_engine="espeak",
    )
    with TestClient(create_app(config), base_url="http://testserver") as test_client:
        yield test_client


@pytest.fixture
def two(postgres_url: str, redis_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes (apps) on one PostgreSQL database and one Redis, as behind the balancer."""
    with redis.Redis.from_url(redis_url) as fresh:  # account ids start at 1 in every new database
        fresh.flushdb()

    def app(address: str) -> TestClient:
        config = ServerConfig(database_url=postgres_url, redis_url=redis_url, process_address=address)
        return TestClient(create_app(config), base_url="http://testserver")

    with app("127.0.0.1:1") as one, app("127.0.0.1:2") as other:
        yield one, other


def sign_up(client: TestClient, name: str, password: str = "geheim-123") -> str:
    """Registers a user and returns its session cookie; the client's own cookie jar stays empty."""
    response = client.post("/api/register", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    token = response.cookies["wolfrunde_session"]
    client.cookies.clear()
    return token


def as_user(token: str) -> dict[str, str]:
    return {"cookie": f"wolfrunde_session={token}"}


def receive_until(ws, wanted: str, limit: int = 50) -> dict:  # type: ignore[no-untyped-def]
    """The next message of type `wanted` (others before it are skipped), within `limit` messages."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == wanted:
            return message
    raise AssertionError(f"no {wanted} message within {limit}")
