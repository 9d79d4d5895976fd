"""Fixtures shared by all test folders: a real PostgreSQL server for the store and server tests, and a
throwaway Redis for the tests of what several processes share.

`scripts/test.sh` starts PostgreSQL and sets WOLFRUNDE_TEST_POSTGRES_URL; without it, the fixture starts
its own throwaway server with `scripts/postgres.sh` (PostgreSQL must be installed). Redis is started by
`scripts/redis.sh` for each test module that asks for it.
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]


def script(name: str, *args: str) -> dict[str, str]:
    """Runs one of `scripts/` and returns the variables it exports."""
    out = subprocess.run(["bash", str(ROOT / "scripts" / name), *args], check=True, capture_output=True, text=True)
    return dict(line.removeprefix("export ").split("=", 1) for line in out.stdout.splitlines() if "=" in line)


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    url = os.environ.get("WOLFRUNDE_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    exports = script("postgres.sh", "start")
    try:
        yield exports["WOLFRUNDE_TEST_POSTGRES_URL"]
    finally:
        subprocess.run(["bash", str(ROOT / "scripts/postgres.sh"), "stop", exports["WOLFRUNDE_PG_DIR"]], check=False)


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    exports = script("redis.sh", "start")
    try:
        yield exports["WOLFRUNDE_TEST_REDIS_URL"]
    finally:
        subprocess.run(["bash", str(ROOT / "scripts/redis.sh"), "stop", exports["WOLFRUNDE_REDIS_DIR"]], check=False)


@pytest.fixture
def postgres_url(postgres_server_url: str) -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    base = postgres_server_url.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
