"""Which process owns which room: exactly one, enforced by the database.

On PostgreSQL a process owns a room while it holds a session-level advisory lock on one dedicated
connection. The lock is the database's: when the process dies, its connection closes and every lock it
held is released at once; a second process cannot take a room the first still holds. The connection's
`application_name` carries the owner's address, so another process can find where a room lives.

On SQLite there is one process: it owns every room (`SingleOwner`).

Every method is synchronous and short; the server calls them from worker threads.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
import time
from typing import Protocol

import psycopg
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)
LOCK_NAMESPACE = b"wolfrunde-room:"


class OwnershipLost(Exception):
    """The lock connection broke: every room this process held may already belong to another."""


class Ownership(Protocol):
    shared: bool  # True: other processes may own rooms of the same database

    def acquire(self, code: str) -> bool:
        """Takes the room if nobody else holds it; True when this process owns it (now or already)."""

    def release(self, code: str) -> None: ...

    def owner_of(self, code: str) -> str | None:
        """The address of the process that holds the room (None: nobody, or not known)."""

    def check(self) -> None:
        """Raises OwnershipLost when the locks can no longer be trusted."""

    def reconnect(self) -> None:
        """After OwnershipLost: holds nothing, with a fresh connection for the rooms to come."""

    def close(self) -> None: ...


def lock_key(code: str) -> int:
    """The advisory lock's 64-bit key for a room code (stable across processes and versions)."""
    digest = hashlib.blake2b(LOCK_NAMESPACE + code.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class SingleOwner:
    """One process on SQLite: it owns every room."""

    shared = False

    def acquire(self, code: str) -> bool:
        return True

    def release(self, code: str) -> None:
        pass

    def owner_of(self, code: str) -> str | None:
        return None

    def check(self) -> None:
        pass

    def reconnect(self) -> None:
        pass

    def close(self) -> None:
        pass


class AdvisoryLocks:
    """Rooms owned through PostgreSQL advisory locks on one connection of their own.

    `address` is where other processes reach this one (host:port); it is the connection's
    application_name. `journal`, when given, receives one line per room taken or given up, with the
    time, so that the history of owners can be checked afterwards."""

    shared = True

    def __init__(self, database_url: str, address: str, journal: str | None = None) -> None:
        url = make_url(database_url).set(drivername="postgresql")
        self._dsn = url.render_as_string(hide_password=False)
        self.address = address
        self._journal = journal
        self._mutex = threading.Lock()
        self._held: set[str] = set()
        self._connection: psycopg.Connection[tuple[object, ...]] | None = None
        self._connect()

    def _connect(self) -> None:
        self._connection = psycopg.connect(
            self._dsn,
            autocommit=True,
            application_name=f"wolfrunde@{self.address}"[:63],
            keepalives=1,
            keepalives_idle=5,
            keepalives_interval=2,
            keepalives_count=2,
            connect_timeout=5,
        )

    @property
    def held(self) -> frozenset[str]:
        return frozenset(self._held)

    def _query(self, sql: str, *params: object) -> object:
        if self._connection is None or self._connection.closed:
            raise OwnershipLost("the lock connection is closed")
        try:
            row = self._connection.execute(sql, params).fetchone()
        except psycopg.Error as broken:
            raise OwnershipLost(str(broken)) from broken
        return None if row is None else row[0]

    def acquire(self, code: str) -> bool:
        with self._mutex:
            if code in self._held:
                return True
            if not self._query("SELECT pg_try_advisory_lock(%s)", lock_key(code)):
                return False
            self._held.add(code)
            self._note("acquire", code)
            return True

    def release(self, code: str) -> None:
        with self._mutex:
            if code not in self._held:
                return
            self._note("release", code)
            self._held.discard(code)
            with contextlib.suppress(OwnershipLost):  # a lost connection has released it already
                self._query("SELECT pg_advisory_unlock(%s)", lock_key(code))

    def owner_of(self, code: str) -> str | None:
        key = lock_key(code)
        high, low = (key >> 32) & 0xFFFFFFFF, key & 0xFFFFFFFF
        with self._mutex:
            if code in self._held:
                return self.address
            name = self._query(
                "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
                " AND l.classid::bigint = %s AND l.objid::bigint = %s LIMIT 1",
                high,
                low,
            )
        if not isinstance(name, str) or not name.startswith("wolfrunde@"):
            return None
        return name.removeprefix("wolfrunde@")

    def check(self) -> None:
        with self._mutex:
            self._query("SELECT 1")

    def reconnect(self) -> None:
        """After OwnershipLost: a fresh connection holding nothing (the caller dropped every room)."""
        with self._mutex:
            for code in sorted(self._held):
                self._note("lost", code)
            self._held.clear()
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            self._connect()

    def close(self) -> None:
        with self._mutex:
            for code in sorted(self._held):
                self._note("release", code)
            if self._held:
                # released now, not when the server notices the closed connection: another process may take
                # these rooms at once (PostgreSQL frees a session's locks only once its backend has ended)
                with contextlib.suppress(OwnershipLost):
                    self._query("SELECT pg_advisory_unlock_all()")
            self._held.clear()
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _note(self, what: str, code: str) -> None:
        line = f"{time.time():.6f} {what} {code} {self.address}"
        log.info("ownership: %s", line)
        if self._journal is not None:
            with open(self._journal, "a", encoding="utf-8") as journal:
                journal.write(line + "\n")
                journal.flush()


def ownership_for(database_url: str, address: str, journal: str | None = None) -> Ownership:
    """Advisory locks on PostgreSQL, a single owner otherwise."""
    if make_url(database_url).get_backend_name() == "postgresql":
        return AdvisoryLocks(database_url, address, journal)
    return SingleOwner()
