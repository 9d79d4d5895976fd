"""The accepted commands an event loop writes itself (SQLite only; `rooms.append_commands_without_waiting`).

Every decision of every room passes here, so the batch goes straight to the driver on the thread's own
connection (`Database.without_waiting`): one INSERT for its commands and one UPDATE for each set of room
columns, in one transaction begun and ended here. SQLAlchemy around it (a connection from the pool, the
compiled statement's parameters row by row) cost about five times what SQLite's own writing did. The
values still pass the columns' own SQLAlchemy types (the JSON columns' serializer), so a row is stored
exactly as `rooms._insert_all` stores it through SQLAlchemy.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Dialect, Table

from wolfrunde.store.models import RoomCommand, RoomRecord

Row = dict[str, Any]
Converters = tuple[tuple[str, Callable[[Any], Any] | None], ...]  # each column's name and conversion
COMMAND_COLUMNS = ("room_code", "seq", "op", "seat", "kind", "payload", "at")
INSERT_COMMANDS = (
    f"INSERT INTO room_commands ({', '.join(COMMAND_COLUMNS)}) VALUES ({', '.join('?' * len(COMMAND_COLUMNS))})"
)


def write(
    connection: sqlite3.Connection, dialect: Dialect, commands: list[Row], rooms: dict[frozenset[str], list[Row]]
) -> None:
    """`commands` (rows of room_commands) and the room columns in `rooms` (for each set of column names,
    one row per room: the names and `room`, the room's code), all or nothing. Raises OperationalError when
    another writer holds the database, IntegrityError for a sequence number taken or a room that is gone,
    KeyError when a room to update is gone."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        connection.executemany(
            INSERT_COMMANDS, _values(commands, _converters(dialect, RoomCommand.__table__, COMMAND_COLUMNS))
        )
        for names, rows in rooms.items():
            columns = tuple(sorted(names))
            updated = connection.executemany(
                _update(columns), _values(rows, _converters(dialect, RoomRecord.__table__, (*columns, "room")))
            )
            if updated.rowcount != len(rows):
                raise KeyError(", ".join(row["room"] for row in rows))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _values(rows: list[Row], converters: Converters) -> Iterable[tuple[Any, ...]]:
    for row in rows:
        yield tuple(row[name] if convert is None else convert(row[name]) for name, convert in converters)


@functools.cache
def _update(columns: tuple[str, ...]) -> str:
    assignments = ", ".join(f"{name} = ?" for name in columns)
    return f"UPDATE rooms SET {assignments} WHERE code = ?"


@functools.cache
def _converters(dialect: Dialect, table: Table, names: tuple[str, ...]) -> Converters:
    """Each column's conversion to what the driver stores (None: stored as it is); `room` is the code."""
    return tuple((name, table.c["code" if name == "room" else name].type.bind_processor(dialect)) for name in names)
