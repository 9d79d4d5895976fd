"""Rooms of every kind, their accepted commands and their chat.

Every function is synchronous and short; the server calls them from worker threads, never on its event
loop, except `append_commands_without_waiting` (SQLite only, see there and `rooms.writer`). A command is
written with the sequence number its room's owner expects; if another writer took that number first,
`SequenceTaken` is raised and nothing is written.
"""

from __future__ import annotations

import functools
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Update, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from wolfrunde.store import loop_writes
from wolfrunde.store.database import Database
from wolfrunde.store.loop_writes import Row
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord

UNCHANGED: Any = object()
"""Leaves a column as it is in `save_room` and `append_command`."""


class SequenceTaken(Exception):
    """Another writer stored a command under this room's next sequence number: this process does not
    (or no longer) own the room."""


@dataclass(frozen=True)
class StoredRoom:
    code: str
    kind: str
    status: str
    host_id: int | None
    state: dict[str, Any]
    setup: dict[str, Any] | None
    timer: dict[str, Any] | None
    created_at: float
    updated_at: float
    ended_at: float | None


@dataclass(frozen=True)
class Command:
    """An accepted command as a room stores it: what was done (`op`), by which seat, of which request kind,
    with its canonical payload."""

    op: str
    seat: int | None = None
    kind: str | None = None
    payload: Any = None


@dataclass(frozen=True)
class StoredCommand:
    seq: int
    op: str
    seat: int | None
    kind: str | None
    payload: Any
    at: float


@dataclass(frozen=True)
class StoredChat:
    channel: str
    seat: int
    text: str
    at: float
    round: int | None = None  # the game's round when it was written (who joined a channel later reads from then)


def _stored(record: RoomRecord) -> StoredRoom:
    return StoredRoom(
        record.code,
        record.kind,
        record.status,
        record.host_id,
        dict(record.state),
        record.setup,
        record.timer,
        record.created_at,
        record.updated_at,
        record.ended_at,
    )


def create_room(
    db: Database,
    code: str,
    kind: str,
    state: dict[str, Any],
    *,
    host_id: int | None = None,
    status: str = "lobby",
    setup: dict[str, Any] | None = None,
) -> bool:
    """False when the code is already taken (by a room of any kind)."""
    now = time.time()
    with db.session() as session:
        if session.get(RoomRecord, code) is not None:
            return False
        session.add(
            RoomRecord(
                code=code,
                kind=kind,
                status=status,
                host_id=host_id,
                state=state,
                setup=setup,
                timer=None,
                created_at=now,
                updated_at=now,
            )
        )
        return True


def load_room(db: Database, code: str) -> StoredRoom | None:
    with db.session() as session:
        record = session.get(RoomRecord, code)
        return None if record is None else _stored(record)


def room_codes(db: Database, status: str) -> list[str]:
    """The codes of every room with this status, of every kind."""
    with db.session() as session:
        return list(session.scalars(select(RoomRecord.code).where(RoomRecord.status == status)))


def _apply(record: RoomRecord, now: float, fields: dict[str, Any]) -> None:
    for name, value in fields.items():
        if value is UNCHANGED:
            continue
        if name not in ("status", "state", "setup", "timer", "ended_at"):
            raise TypeError(f"rooms have no column {name!r}")
        setattr(record, name, value)
    record.updated_at = now


def save_room(db: Database, code: str, **fields: Any) -> None:
    """Updates the given columns (`status`, `state`, `setup`, `timer`, `ended_at`); None clears one.
    One Core UPDATE (no ORM load first): every lobby change and every game's start run it."""
    columns = _columns(time.time(), fields)
    with db.engine.begin() as connection:
        changed = connection.execute(_update_columns(frozenset(columns)), {"room": code, **columns})
        if changed.rowcount != 1:
            raise KeyError(code)


def append_command(
    db: Database, code: str, seq: int, command: Command, *, at: float | None = None, **fields: Any
) -> float:
    """Stores one accepted command under sequence number `seq`, with the given room columns, in one
    transaction; returns its time (`at`, when the room applied it at a time of its own, else now).
    Raises SequenceTaken when `seq` is already taken."""
    try:
        with db.engine.begin() as connection:
            return _insert(connection, Append(code, seq, command, at, fields))
    except IntegrityError as taken:
        raise SequenceTaken(f"room {code}: command {seq} exists already") from taken


def _insert(connection: Connection, append: Append) -> float:
    return _insert_all(connection, [append])[0]


def _insert_all(connection: Connection, appends: list[Append]) -> list[float]:
    """The commands in one statement, then each room's columns. SQLAlchemy Core with bound parameters, not
    the ORM: this runs for every decision of every room on PostgreSQL (see bench/load.py), and on SQLite when
    the event loop could not write them itself (`append_commands_without_waiting`)."""
    times, rows, updates = _planned(appends)
    connection.execute(_INSERT_COMMAND, rows)
    several = connection.dialect.supports_sane_multi_rowcount  # an executemany's count is the sum
    for names, params in updates.items():
        if len(params) > 1 and several:
            if connection.execute(_update_columns(names), params).rowcount != len(params):
                raise KeyError(", ".join(row["room"] for row in params))
            continue
        for row in params:
            if connection.execute(_update_columns(names), row).rowcount != 1:
                raise KeyError(row["room"])
    return times


def _planned(appends: list[Append]) -> tuple[list[float], list[Row], dict[frozenset[str], list[Row]]]:
    """The commands' times, their rows, and the rooms' columns by the set of their names (one UPDATE each)."""
    times = [time.time() if append.at is None else append.at for append in appends]
    rows = [
        {
            "room_code": a.code,
            "seq": a.seq,
            "op": a.command.op,
            "seat": a.command.seat,
            "kind": a.command.kind,
            "payload": a.command.payload,
            "at": now,
        }
        for a, now in zip(appends, times, strict=True)
    ]
    updates: dict[frozenset[str], list[Row]] = {}
    for append, now in zip(appends, times, strict=True):
        if append.fields:
            columns = _columns(now, append.fields)
            updates.setdefault(frozenset(columns), []).append({"room": append.code, **columns})
    return times, rows, updates


_INSERT_COMMAND = insert(RoomCommand)


@functools.cache
def _update_columns(names: frozenset[str]) -> Update:
    """The UPDATE of these room columns, made once for each set of them (so SQLAlchemy compiles it once)."""
    return update(RoomRecord).where(RoomRecord.code == bindparam("room")).values({n: bindparam(n) for n in names})


@dataclass(frozen=True)
class Append:
    """One command to store under `seq` in room `code`, with room columns (`append_command`'s arguments)."""

    code: str
    seq: int
    command: Command
    at: float | None
    fields: dict[str, Any]


def append_commands(db: Database, appends: list[Append]) -> list[float | Exception]:
    """Stores several rooms' commands in one transaction; for each its time, or the exception it met
    (SequenceTaken, or KeyError for a room that is gone). When one of them fails, none of the shared
    transaction is kept and each is written again on its own, so the others are still stored."""
    if len(appends) > 1:
        try:
            with db.engine.begin() as connection:
                stored: list[float | Exception] = list(_insert_all(connection, appends))
            return stored
        except (IntegrityError, KeyError):
            pass
    outcomes: list[float | Exception] = []
    for append in appends:
        try:
            outcomes.append(append_command(db, append.code, append.seq, append.command, at=append.at, **append.fields))
        except (SequenceTaken, KeyError) as failed:
            outcomes.append(failed)
    return outcomes


def append_commands_without_waiting(db: Database, appends: list[Append]) -> list[float] | None:
    """SQLite: `appends` in one transaction on the calling thread, if no other writer holds the database
    and none of them fails (`Database.without_waiting`); their times. None when that did not work: then
    nothing of them was stored, and `append_commands` (in a worker thread) gives each its outcome."""
    times, rows, updates = _planned(appends)
    try:
        loop_writes.write(db.without_waiting(), db.engine.dialect, rows, updates)
    except (sqlite3.OperationalError, sqlite3.IntegrityError, KeyError):
        return None
    return times


def _columns(now: float, fields: dict[str, Any]) -> dict[str, Any]:
    """`fields` as the columns an UPDATE sets (as `_apply` sets them on a record)."""
    columns = {}
    for name, value in fields.items():
        if value is UNCHANGED:
            continue
        if name not in ("status", "state", "setup", "timer", "ended_at"):
            raise TypeError(f"rooms have no column {name!r}")
        columns[name] = value
    columns["updated_at"] = now
    return columns


def next_seq(db: Database, code: str) -> int:
    """The sequence number the next command of this room gets."""
    with db.session() as session:
        last = session.scalar(select(func.max(RoomCommand.seq)).where(RoomCommand.room_code == code))
        return 0 if last is None else last + 1


def commands(db: Database, code: str) -> list[StoredCommand]:
    with db.session() as session:
        rows = session.scalars(select(RoomCommand).where(RoomCommand.room_code == code).order_by(RoomCommand.seq))
        return [StoredCommand(r.seq, r.op, r.seat, r.kind, r.payload, r.at) for r in rows]


def reset_game(db: Database, code: str, *, chat: bool = True, **fields: Any) -> None:
    """A new game in the same room: the old game's commands (and chat) are deleted, its setup and timer
    cleared, and the given columns set."""
    with db.session() as session:
        record = session.get(RoomRecord, code)
        if record is None:
            raise KeyError(code)
        session.execute(delete(RoomCommand).where(RoomCommand.room_code == code))
        if chat:
            session.execute(delete(ChatMessage).where(ChatMessage.room_code == code))
        _apply(record, time.time(), {"setup": None, "timer": None, "ended_at": None, **fields})


def add_chat(db: Database, code: str, channel: str, seat: int, text: str, round: int | None = None) -> StoredChat:
    now = time.time()
    with db.engine.begin() as connection:
        connection.execute(
            _INSERT_CHAT, {"room_code": code, "channel": channel, "seat": seat, "text": text, "at": now, "round": round}
        )
    return StoredChat(channel, seat, text, now, round)


def drop_chat_seat(db: Database, code: str, seat: int) -> None:
    """A seat left the lobby: its lines go, and the lines of the seats after it move up with them."""
    with db.session() as session:
        shift_chat_seats(session, code, seat)


def shift_chat_seats(session: Any, code: str, seat: int) -> None:
    in_room = ChatMessage.room_code == code
    session.execute(delete(ChatMessage).where(in_room, ChatMessage.seat == seat))
    session.execute(update(ChatMessage).where(in_room, ChatMessage.seat > seat).values(seat=ChatMessage.seat - 1))


CHAT_HISTORY = 500  # the lines of a room's chat a device is sent when it may read a channel
_INSERT_CHAT = insert(ChatMessage)
_CHAT_HISTORY = (
    select(ChatMessage.channel, ChatMessage.seat, ChatMessage.text, ChatMessage.at, ChatMessage.round)
    .where(ChatMessage.room_code == bindparam("room"))
    .order_by(ChatMessage.id.desc())
    .limit(bindparam("limit"))
)


def chat_history(db: Database, code: str, limit: int = CHAT_HISTORY) -> list[StoredChat]:
    """The room's last `limit` lines, oldest first. SQLAlchemy Core, not the ORM: a seat that may read a
    channel it could not read before is sent its history (at every death, at the end for every seat)."""
    with db.engine.connect() as connection:
        rows = connection.execute(_CHAT_HISTORY, {"room": code, "limit": limit}).all()
    return [StoredChat(channel, seat, text, at, round_) for channel, seat, text, at, round_ in reversed(rows)]
