"""The cluster of every test in this folder: started once, stopped and removed afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from tests.cluster.harness import Cluster


@pytest.fixture(scope="module")
def cluster_database(postgres_server_url: str) -> Iterator[str]:
    name = f"c_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{postgres_server_url.rsplit('/', 1)[0]}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="module")
def cluster(cluster_database: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder: Path = tmp_path_factory.mktemp("cluster")
    running = Cluster(cluster_database, redis_url, folder)
    try:
        yield running.start()
    finally:
        running.stop()
