"""What the store keeps no longer than the retention: finished and abandoned rooms, expired sessions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from wolfrunde.store import Database, accounts, default_url, rooms
from wolfrunde.store import retention as store
from wolfrunde.store.models import ChatMessage, RoomCommand, RoomRecord

DAY = store.DAY
NOW = 1_000_000_000.0


def _db(tmp_path: Path) -> Database:
    db = Database(default_url(tmp_path))
    db.migrate()
    return db


def _room(db: Database, code: str, status: str, *, ended_days_ago: float | None, touched_days_ago: float) -> None:
    assert rooms.create_room(db, code, "table_single_device", {"seats": [{"name": "Gast Gunda"}]})
    rooms.append_command(db, code, 0, rooms.Command("decide", 0, "vote", 1))
    rooms.add_chat(db, code, "village", 0, "hallo")
    ended = None if ended_days_ago is None else NOW - ended_days_ago * DAY
    touched = NOW - touched_days_ago * DAY
    with db.session() as session:
        record = session.get(RoomRecord, code)
        assert record is not None
        record.status, record.ended_at, record.updated_at = status, ended, touched
        session.execute(update(RoomCommand).where(RoomCommand.room_code == code).values(at=touched))
        session.execute(update(ChatMessage).where(ChatMessage.room_code == code).values(at=touched))


def _left(db: Database) -> dict[str, tuple[int, int]]:
    """Room code -> (commands, chat lines) still stored."""
    with db.session() as session:
        codes = list(session.scalars(RoomRecord.__table__.select().with_only_columns(RoomRecord.code)))
        return {
            code: (
                len(session.scalars(RoomCommand.__table__.select().where(RoomCommand.room_code == code)).all()),
                len(session.scalars(ChatMessage.__table__.select().where(ChatMessage.room_code == code)).all()),
            )
            for code in codes
        }


def test_finished_and_abandoned_rooms_past_the_retention_go_with_their_commands_and_chat(tmp_path: Path) -> None:
    db = _db(tmp_path)
    _room(db, "ENDED1", "ended", ended_days_ago=31, touched_days_ago=31)
    _room(db, "HALTED", "halted", ended_days_ago=45, touched_days_ago=45)
    _room(db, "ENDED2", "ended", ended_days_ago=29, touched_days_ago=29)  # not yet
    _room(db, "OLDEND", "ended", ended_days_ago=None, touched_days_ago=40)  # ended before ended_at was kept
    _room(db, "LOBBY1", "lobby", ended_days_ago=None, touched_days_ago=31)  # left behind in the lobby
    _room(db, "LOBBY2", "lobby", ended_days_ago=None, touched_days_ago=2)
    _room(db, "RUNOLD", "running", ended_days_ago=None, touched_days_ago=40)  # nobody played on: abandoned
    _room(db, "RUNNOW", "running", ended_days_ago=None, touched_days_ago=40)
    rooms.append_command(db, "RUNNOW", 1, rooms.Command("timeout"), at=NOW - DAY)  # played on yesterday, without a save
    _room(db, "TALKED", "lobby", ended_days_ago=None, touched_days_ago=40)
    with db.session() as session:  # somebody wrote in the lobby's chat yesterday
        session.add(ChatMessage(room_code="TALKED", channel="lobby", seat=0, text="noch da?", at=NOW - DAY))
    before = store.cutoff(NOW, 30)
    due = store.rooms_past_retention(db, before)
    assert due == ["ENDED1", "HALTED", "LOBBY1", "OLDEND", "RUNOLD"]
    assert store.remove_rooms(db, due, before) == due
    assert _left(db) == {"ENDED2": (1, 1), "LOBBY2": (1, 1), "RUNNOW": (2, 1), "TALKED": (1, 2)}
    assert store.rooms_past_retention(db, before) == []


def test_a_room_that_started_again_meanwhile_stays(tmp_path: Path) -> None:
    db = _db(tmp_path)
    _room(db, "AGAIN1", "ended", ended_days_ago=31, touched_days_ago=31)
    before = store.cutoff(NOW, 30)
    due = store.rooms_past_retention(db, before)
    rooms.save_room(db, "AGAIN1", status="running", ended_at=None)  # between the look and the removal
    assert store.remove_rooms(db, due, before) == []
    assert "AGAIN1" in _left(db)


def test_expired_sessions_are_deleted_and_live_ones_kept(tmp_path: Path) -> None:
    db = _db(tmp_path)
    user = accounts.create_user(db, "Anna", "hash")
    assert user is not None
    old = accounts.open_session(db, user.id, now=NOW - accounts.SESSION_SECONDS - 10)
    fresh = accounts.open_session(db, user.id, now=NOW - 10)
    assert store.remove_expired_sessions(db, NOW) == 1
    assert accounts.session_user(db, fresh, now=NOW) is not None
    assert accounts.session_user(db, old, now=NOW - accounts.SESSION_SECONDS) is None  # its row is gone


@pytest.fixture(scope="module")
def shared_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    db = _db(tmp_path_factory.mktemp("retention"))
    yield db
    db.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    days=st.integers(min_value=1, max_value=365),
    ended=st.floats(min_value=0, max_value=400),
    status=st.sampled_from(["lobby", "running", "ended", "halted"]),
)
def test_a_room_is_due_exactly_when_its_retention_has_passed(
    shared_db: Database, days: int, ended: float, status: str
) -> None:
    finished = status in ("ended", "halted")
    _room(shared_db, "RQQMCA", status, ended_days_ago=ended if finished else None, touched_days_ago=ended)
    try:
        due = store.rooms_past_retention(shared_db, store.cutoff(NOW, days))
        assert (due == ["RQQMCA"]) == (ended > days)
    finally:
        store.remove_rooms(shared_db, ["RQQMCA"], float("inf"))
        with shared_db.session() as session:
            record = session.get(RoomRecord, "RQQMCA")
            if record is not None:
                session.delete(record)
