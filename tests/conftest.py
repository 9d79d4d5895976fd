"""Fixtures shared by all test folders: a real PostgreSQL server for the store and server tests.

`scripts/test.sh` starts one and sets WOLFRUNDE_TEST_POSTGRES_URL; without it, the fixture starts its
own throwaway server with `scripts/postgres.sh` (PostgreSQL must be installed).
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


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    url = os.environ.get("WOLFRUNDE_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    started = subprocess.run(
        ["bash", str(ROOT / "scripts/postgres.sh"), "start"], check=True, capture_output=True, text=True
    ).stdout
    exports = dict(line.removeprefix("export ").split("=", 1) for line in started.splitlines())
    try:
        yield exports["WOLFRUNDE_TEST_POSTGRES_URL"]
    finally:
        subprocess.run(["bash", str(ROOT / "scripts/postgres.sh"), "stop", exports["WOLFRUNDE_PG_DIR"]], check=False)


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
