"""Rooms, their accepted game commands and their chat."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select

from wolfrunde.store.database import Database
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord


@dataclass(frozen=True)
class StoredCommand:
    seq: int
    op: str
    seat: int | None
    kind: str | None
    choice: Any
    at: float


@dataclass(frozen=True)
class StoredChat:
    channel: str
    seat: int
    text: str
    at: float


def create_room(db: Database, code: str, host_id: int, lobby: dict[str, Any]) -> bool:
    """False when the code is already taken."""
    now = time.time()
    with db.session() as session:
        if session.get(RoomRecord, code) is not None:
            return False
        session.add(RoomRecord(code=code, host_id=host_id, status="lobby", lobby=lobby, created_at=now, updated_at=now))
        return True


def load_room(db: Database, code: str) -> RoomRecord | None:
    with db.session() as session:
        return session.get(RoomRecord, code)


def running_room_codes(db: Database) -> list[str]:
    with db.session() as session:
        return list(session.scalars(select(RoomRecord.code).where(RoomRecord.status == "running")))


def save_room(
    db: Database,
    code: str,
    *,
    status: str | None = None,
    lobby: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
    timer: dict[str, Any] | bool | None = False,
) -> None:
    """Updates the given fields (timer=False leaves the timer alone; None clears it)."""
    with db.session() as session:
        record = session.get(RoomRecord, code)
        if record is None:
            raise KeyError(code)
        if status is not None:
            record.status = status
        if lobby is not None:
            record.lobby = lobby
        if setup is not None:
            record.setup = setup
        if timer is not False:
            record.timer = timer  # type: ignore[assignment]
        record.updated_at = time.time()


def append_command(
    db: Database,
    code: str,
    op: str,
    seat: int | None = None,
    kind: str | None = None,
    choice: Any = None,
    timer: dict[str, Any] | bool | None = False,
) -> int:
    """Stores one accepted command (and optionally the new timer) in one transaction; returns its seq."""
    now = time.time()
    with db.session() as session:
        last = session.scalar(select(func.max(RoomCommand.seq)).where(RoomCommand.room_code == code))
        seq = 0 if last is None else last + 1
        session.add(RoomCommand(room_code=code, seq=seq, op=op, seat=seat, kind=kind, choice=choice, at=now))
        if timer is not False:
            record = session.get(RoomRecord, code)
            if record is not None:
                record.timer = timer  # type: ignore[assignment]
                record.updated_at = now
        return seq


def reset_game(db: Database, code: str) -> None:
    """Back to the lobby after a finished game: the game's commands, setup, timer and chat are deleted."""
    with db.session() as session:
        record = session.get(RoomRecord, code)
        if record is None:
            raise KeyError(code)
        session.execute(delete(RoomCommand).where(RoomCommand.room_code == code))
        session.execute(delete(ChatMessage).where(ChatMessage.room_code == code))
        record.status = "lobby"
        record.setup = None
        record.timer = None
        record.updated_at = time.time()


def commands(db: Database, code: str) -> list[StoredCommand]:
    with db.session() as session:
        rows = session.scalars(select(RoomCommand).where(RoomCommand.room_code == code).order_by(RoomCommand.seq))
        return [StoredCommand(r.seq, r.op, r.seat, r.kind, r.choice, r.at) for r in rows]


def add_chat(db: Database, code: str, channel: str, seat: int, text: str) -> StoredChat:
    now = time.time()
    with db.session() as session:
        session.add(ChatMessage(room_code=code, channel=channel, seat=seat, text=text, at=now))
    return StoredChat(channel, seat, text, now)


def chat_history(db: Database, code: str, limit: int = 500) -> list[StoredChat]:
    with db.session() as session:
        rows = session.scalars(
            select(ChatMessage).where(ChatMessage.room_code == code).order_by(ChatMessage.id.desc()).limit(limit)
        )
        return [StoredChat(r.channel, r.seat, r.text, r.at) for r in reversed(list(rows))]
