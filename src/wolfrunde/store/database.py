"""Connecting to the database and bringing its schema up to date with Alembic."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 7_417_001  # PostgreSQL: processes starting at once migrate one after the other


def default_url(data_dir: str | Path) -> str:
    """The SQLite file inside the data folder (created if missing)."""
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'wolfrunde.sqlite3').resolve()}"


def json_text(value: Any) -> str:
    """A JSON column's text: orjson (the stored commands and timers of every decision pass here), or the
    standard library for what orjson refuses (a lone surrogate, an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_without_waiting(dbapi_connection: Any, _record: Any) -> None:
    """The pragmas of `Database.without_waiting`: a write that would wait for another writer's lock fails
    at once, and a commit never copies the log into the database file (that syncs the disk)."""
    _sqlite_pragmas(dbapi_connection, _record)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=0")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class Database:
    """Owns the SQLAlchemy engine; `session()` gives a transaction that commits on success."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {"json_serializer": json_text}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._without_waiting: dict[int, sqlite3.Connection] = {}  # by thread

    @property
    def writes_without_waiting(self) -> bool:
        """Whether `without_waiting` exists: SQLite, whose commit into its write-ahead log only writes to
        the operating system's cache (synchronous=NORMAL), so a short one may run on an event loop."""
        return self.engine.dialect.name == "sqlite"

    def without_waiting(self) -> sqlite3.Connection:
        """SQLite only: the calling thread's own connection (the driver's, with no SQLAlchemy around it:
        an event loop writes every decision through it) whose writes never wait for a lock (they raise
        OperationalError when another writer holds it) and whose commits never checkpoint (call
        `checkpoint` from a worker thread now and then). Its transactions are begun and ended explicitly
        (`store.loop_writes`)."""
        if not self.writes_without_waiting:
            raise RuntimeError("only SQLite writes without waiting")
        thread = threading.get_ident()
        connection = self._without_waiting.get(thread)
        if connection is None:
            path = make_url(self.url).database or ":memory:"
            connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            _sqlite_without_waiting(connection, None)
            self._without_waiting[thread] = connection
        return connection

    def checkpoint(self) -> None:
        """SQLite: copies what the write-ahead log holds into the database file, without waiting for or
        blocking writers (a passive checkpoint; it syncs the disk, so call it from a worker thread)."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def migrate(self) -> None:
        """Runs every Alembic migration not yet applied (idempotent; on PostgreSQL one process at a time)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def close(self) -> None:
        for connection in self._without_waiting.values():
            connection.close()
        self._without_waiting.clear()
        self.engine.dispose()
