"""Persistence of Werwörter rooms: every accepted decision is stored (with the new stage) before it is sent."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select

from wolfrunde.server.werwoerter_app.models import WwCommand, WwRoomRecord
from wolfrunde.store import Database

_UNCHANGED: Any = object()


@dataclass(frozen=True)
class RoomData:
    code: str
    mode: str
    status: str
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    setup: dict[str, Any] | None
    stage: dict[str, Any] | None


def create(db: Database, data: RoomData) -> bool:
    """False when the code is already taken."""
    now = time.time()
    with db.session() as session:
        if session.get(WwRoomRecord, data.code) is not None:
            return False
        session.add(
            WwRoomRecord(
                code=data.code,
                mode=data.mode,
                status=data.status,
                seats=data.seats,
                settings=data.settings,
                setup=data.setup,
                stage=data.stage,
                created_at=now,
                updated_at=now,
            )
        )
        return True


def load(db: Database, code: str) -> RoomData | None:
    with db.session() as session:
        r = session.get(WwRoomRecord, code)
        if r is None:
            return None
        return RoomData(r.code, r.mode, r.status, list(r.seats), dict(r.settings), r.setup, r.stage)


def running_codes(db: Database) -> list[str]:
    with db.session() as session:
        return list(session.scalars(select(WwRoomRecord.code).where(WwRoomRecord.status == "running")))


def save(
    db: Database,
    code: str,
    *,
    status: str | None = None,
    seats: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
    setup: Any = _UNCHANGED,
    stage: Any = _UNCHANGED,
    decision: dict[str, Any] | None = None,
    new_game: bool = False,
) -> None:
    """Updates the given fields in one transaction; `decision` is appended as the next command,
    `new_game` drops the previous game's commands first."""
    now = time.time()
    with db.session() as session:
        record = session.get(WwRoomRecord, code)
        if record is None:
            raise KeyError(code)
        if new_game:
            session.execute(delete(WwCommand).where(WwCommand.room_code == code))
        if status is not None:
            record.status = status
        if seats is not None:
            record.seats = seats
        if settings is not None:
            record.settings = settings
        if setup is not _UNCHANGED:
            record.setup = setup
        if stage is not _UNCHANGED:
            record.stage = stage
        record.updated_at = now
        if decision is not None:
            last = session.scalar(select(func.max(WwCommand.seq)).where(WwCommand.room_code == code))
            seq = 0 if last is None else last + 1
            session.add(WwCommand(room_code=code, seq=seq, decision=decision, at=now))


def decisions(db: Database, code: str) -> list[dict[str, Any]]:
    with db.session() as session:
        rows = session.scalars(select(WwCommand).where(WwCommand.room_code == code).order_by(WwCommand.seq))
        return [dict(row.decision) for row in rows]
