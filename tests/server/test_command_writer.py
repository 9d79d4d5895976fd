"""The command writer: commands of many rooms that arrive together share transactions, each still gets
its own outcome, and a conflict or a failed database fails exactly the commands it concerns."""

from __future__ import annotations

import asyncio
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
