"""Room ownership on PostgreSQL: one advisory lock per room on a connection of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from wolfrunde.store.ownership import AdvisoryLocks, OwnershipLost, SingleOwner, lock_key, ownership_for


def test_a_room_has_one_owner_and_the_others_know_where(postgres_url: str, tmp_path: Path) -> None:
    journal = tmp_path / "a.owns"
    first = AdvisoryLocks(postgres_url, "127.0.0.1:9001", str(journal))
    second = AdvisoryLocks(postgres_url, "127.0.0.1:9002")
    try:
        assert first.acquire("KQWMT7")
        assert first.acquire("KQWMT7"), "holding it already counts as owning it"
        assert not second.acquire("KQWMT7")
        assert second.owner_of("KQWMT7") == "127.0.0.1:9001"
        assert second.owner_of("ACDEF3") is None
        assert second.acquire("ACDEF3"), "other rooms are free"
        first.release("KQWMT7")
        assert second.acquire("KQWMT7")
        assert not first.acquire("KQWMT7")
        assert [line.split()[1:3] for line in journal.read_text().splitlines()] == [
            ["acquire", "KQWMT7"],
            ["release", "KQWMT7"],
        ]
    finally:
        first.close()
        second.close()


def test_a_dead_owners_rooms_are_free_at_once(postgres_url: str) -> None:
    """The database ends the dead process's session (as when its socket closes): its locks go with it,
    and the process itself learns that it can no longer trust them."""
    dying = AdvisoryLocks(postgres_url, "127.0.0.1:9001")
    other = AdvisoryLocks(postgres_url, "127.0.0.1:9002")
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    try:
        assert dying.acquire("KQWMT7")
        assert not other.acquire("KQWMT7")
        with admin.connect() as connection:  # waits until the session has ended (its locks go with it)
            ended = connection.execute(
                text("SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity WHERE application_name = :name"),
                {"name": "wolfrunde@127.0.0.1:9001"},
            ).scalar_one()
        assert ended
        assert other.acquire("KQWMT7")
        with pytest.raises(OwnershipLost):
            dying.check()
        dying.reconnect()
        assert dying.held == frozenset()
        assert not dying.acquire("KQWMT7")
    finally:
        admin.dispose()
        dying.close()
        other.close()


def test_sqlite_has_one_process_that_owns_every_room(tmp_path: Path) -> None:
    owner = ownership_for(f"sqlite:///{tmp_path / 'w.sqlite3'}", "local")
    assert isinstance(owner, SingleOwner) and not owner.shared
    assert owner.acquire("KQWMT7") and owner.acquire("KQWMT7")
    assert owner.owner_of("KQWMT7") is None


def test_lock_keys_are_stable_and_distinct() -> None:
    assert lock_key("KQWMT7") == lock_key("KQWMT7")
    keys = {lock_key(code) for code in ("KQWMT7", "KQWMT6", "ACDEF", "ACDEF3")}
    assert len(keys) == 4
    assert all(-(2**63) <= key < 2**63 for key in keys)
