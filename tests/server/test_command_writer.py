"""The command writer: commands of many rooms that arrive together share transactions, each still gets
its own outcome, and a conflict or a failed database fails exactly the commands it concerns."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from wolfrunde.server.rooms.writer import CommandWriter
from wolfrunde.store import Database, default_url, rooms

ROOMS = [f"WRTR{a}{b}" for a in "ACDEFGHJ" for b in "KMNPQ"]  # 40 rooms


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Database:
    url = default_url(tmp_path) if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    database = Database(url)
    database.migrate()
    for code in ROOMS:
        assert rooms.create_room(database, code, "online", {})
    yield database
    database.close()


def test_many_rooms_writing_at_once_share_transactions_and_keep_every_command(db: Database) -> None:
    writer = CommandWriter(db)

    async def room(code: str) -> list[float]:
        return [
            await writer.append(code, seq, rooms.Command("decide", seq % 10, "vote", seq), None, {"timer": {"n": seq}})
            for seq in range(5)
        ]

    async def everyone() -> list[list[float]]:
        return await asyncio.gather(*(room(code) for code in ROOMS))

    times = asyncio.run(everyone())
    assert all(len(stored) == 5 and stored == sorted(stored) for stored in times)
    assert writer.batches < 5 * len(ROOMS) / 2, f"{writer.batches} transactions for {5 * len(ROOMS)} commands"
    for code in ROOMS:
        stored = rooms.commands(db, code)
        assert [(c.seq, c.seat, c.payload) for c in stored] == [(seq, seq % 10, seq) for seq in range(5)]
        record = rooms.load_room(db, code)
        assert record is not None and record.timer == {"n": 4}


def test_a_taken_sequence_number_fails_only_its_own_command(db: Database) -> None:
    rooms.append_command(db, ROOMS[3], 0, rooms.Command("decide", 1, "vote", "first"))  # another writer was first
    writer = CommandWriter(db)

    async def together() -> list[float | BaseException]:
        writes = [writer.append(code, 0, rooms.Command("decide", 0, "vote", "mine"), None, {}) for code in ROOMS[:8]]
        return await asyncio.gather(*writes, return_exceptions=True)

    outcomes = asyncio.run(together())
    assert isinstance(outcomes[3], rooms.SequenceTaken)
    assert all(isinstance(outcome, float) for index, outcome in enumerate(outcomes) if index != 3)
    assert [c.payload for c in rooms.commands(db, ROOMS[3])] == ["first"], "the other writer's command stays"
    assert all([c.payload for c in rooms.commands(db, code)] == ["mine"] for code in ROOMS[:8] if code != ROOMS[3])


def test_a_failing_database_fails_every_command_of_the_batch(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'gone.sqlite3'}")  # never migrated: there is no table to write to
    writer = CommandWriter(db)

    async def together() -> list[float | BaseException]:
        writes = [writer.append(code, 0, rooms.Command("timeout"), None, {}) for code in ROOMS[:4]]
        return await asyncio.gather(*writes, return_exceptions=True)

    outcomes = asyncio.run(together())
    assert all(isinstance(outcome, Exception) and not isinstance(outcome, rooms.SequenceTaken) for outcome in outcomes)
    db.close()


def test_sqlite_batches_are_written_on_the_loop_and_postgresql_ones_in_a_thread(db: Database) -> None:
    writer = CommandWriter(db)

    async def everyone() -> None:
        await asyncio.gather(
            *(writer.append(code, 0, rooms.Command("timeout"), None, {"timer": None}) for code in ROOMS)
        )
        await writer.close()

    asyncio.run(everyone())
    assert writer.batches >= 1
    assert writer.batches_on_loop == (writer.batches if db.writes_without_waiting else 0)
    assert all(len(rooms.commands(db, code)) == 1 for code in ROOMS)


def test_a_batch_waits_for_another_writers_lock_in_a_thread_while_the_loop_runs(tmp_path: Path) -> None:
    db = Database(default_url(tmp_path))
    db.migrate()
    assert rooms.create_room(db, ROOMS[0], "online", {})
    holder = sqlite3.connect(tmp_path / "wolfrunde.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the database (a long save elsewhere)
    writer = CommandWriter(db)
    ticks = 0

    async def scenario() -> float:
        nonlocal ticks
        stored = asyncio.ensure_future(writer.append(ROOMS[0], 0, rooms.Command("timeout"), None, {}))
        while ticks < 20:  # the loop goes on while the command waits for the lock
            await asyncio.sleep(0.001)
            ticks += 1
            assert not stored.done()
        holder.execute("ROLLBACK")
        return await stored

    assert isinstance(asyncio.run(scenario()), float)
    assert ticks == 20 and writer.batches == 1 and writer.batches_on_loop == 0
    loop_connection = db.without_waiting()  # the loop's thread's: what keeps the loop from waiting on the lock
    assert loop_connection.execute("PRAGMA busy_timeout").fetchone() == (0,)
    assert loop_connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    assert [c.op for c in rooms.commands(db, ROOMS[0])] == ["timeout"]
    holder.close()
    db.close()


def test_sqlite_log_is_copied_into_the_database_file_by_a_worker_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = Database(default_url(tmp_path))
    db.migrate()
    for code in ROOMS[:3]:
        assert rooms.create_room(db, code, "online", {})
    threads: list[int] = []
    copy = db.checkpoint

    def checkpoint() -> None:
        threads.append(threading.get_ident())
        copy()

    monkeypatch.setattr(db, "checkpoint", checkpoint)
    writer = CommandWriter(db, checkpoint_seconds=0.0)

    async def three_rounds() -> int:
        for seq in range(3):
            await asyncio.gather(*(writer.append(code, seq, rooms.Command("timeout"), None, {}) for code in ROOMS[:3]))
        await writer.close()
        return threading.get_ident()

    loop_thread = asyncio.run(three_rounds())
    assert writer.batches_on_loop == writer.batches >= 3
    assert writer.checkpoints == len(threads) >= 1
    assert loop_thread not in threads
    wal = sqlite3.connect(tmp_path / "wolfrunde.sqlite3").execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    assert wal[0] == 0  # not busy: nothing of the writer's holds the database
    db.close()
