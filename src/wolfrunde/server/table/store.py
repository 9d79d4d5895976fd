"""Persistence of table games: the game record and its commands, in the order the room applied them.

Tables are SQLAlchemy Core objects of their own (created by migration 0003), so table games need no
accounts: devices are known by the SHA-256 of their random token.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Column, Float, Integer, MetaData, String, Table, func, insert, select, update

from wolfrunde.store import Database

metadata = MetaData()

table_games = Table(
    "table_games",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("mode", String(32), nullable=False),  # table_single_device | table_own_devices
    Column("status", String(16), nullable=False),  # lobby | running | ended
    Column("lobby", JSON, nullable=False),
    Column("setup", JSON, nullable=True),
    Column("timer", JSON, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

table_commands = Table(
    "table_commands",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_code", String(8), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("op", String(32), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("kind", String(64), nullable=True),
    Column("choice", JSON, nullable=True),
    Column("at", Float, nullable=False),
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    code: str
    mode: str
    status: str
    lobby: dict[str, Any]
    setup: dict[str, Any] | None
    timer: dict[str, Any] | None


@dataclass(frozen=True)
class Command:
    op: str
    seat: int | None
    kind: str | None
    choice: Any
    at: float


def create(db: Database, code: str, mode: str, lobby: dict[str, Any]) -> bool:
    """False when the code is taken."""
    now = time.time()
    with db.session() as session:
        if session.execute(select(table_games.c.code).where(table_games.c.code == code)).first():
            return False
        session.execute(
            insert(table_games).values(
                code=code,
                mode=mode,
                status="lobby",
                lobby=lobby,
                setup=None,
                timer=None,
                created_at=now,
                updated_at=now,
            )
        )
        return True


def load(db: Database, code: str) -> GameRecord | None:
    with db.session() as session:
        row = session.execute(select(table_games).where(table_games.c.code == code)).first()
    if row is None:
        return None
    return GameRecord(row.code, row.mode, row.status, row.lobby, row.setup, row.timer)


def running_codes(db: Database) -> list[str]:
    with db.session() as session:
        return list(session.scalars(select(table_games.c.code).where(table_games.c.status == "running")))


def save(db: Database, code: str, **fields: Any) -> None:
    """Updates the given columns (status, lobby, setup, timer)."""
    with db.session() as session:
        session.execute(update(table_games).where(table_games.c.code == code).values(**fields, updated_at=time.time()))


def append(db: Database, code: str, command: Command, **fields: Any) -> None:
    """Stores one accepted command (and the given game columns) in one transaction."""
    with db.session() as session:
        last = session.scalar(select(func.max(table_commands.c.seq)).where(table_commands.c.game_code == code))
        seq = 0 if last is None else last + 1
        session.execute(
            insert(table_commands).values(
                game_code=code,
                seq=seq,
                op=command.op,
                seat=command.seat,
                kind=command.kind,
                choice=command.choice,
                at=command.at,
            )
        )
        if fields:
            record = update(table_games).where(table_games.c.code == code)
            session.execute(record.values(**fields, updated_at=command.at))


def commands(db: Database, code: str) -> list[Command]:
    with db.session() as session:
        rows = session.execute(
            select(table_commands).where(table_commands.c.game_code == code).order_by(table_commands.c.seq)
        ).all()
    return [Command(r.op, r.seat, r.kind, r.choice, r.at) for r in rows]
