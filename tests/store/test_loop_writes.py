"""The commands an event loop writes itself on SQLite (`store.loop_writes`, through the driver alone) are
stored exactly as SQLAlchemy stores them (`rooms.append_commands`), row by row and byte by byte, and a
batch that cannot be stored whole leaves nothing behind."""

import sqlite3
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.store import Database, default_url, rooms

CODES = ("AAAA", "BBBB", "CCCC")
SCALARS = st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False)
JSON_VALUES = st.recursive(
    SCALARS | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "status": st.sampled_from(["running", "ended"]),
        "timer": st.none() | st.dictionaries(st.text(max_size=4), JSON_VALUES, max_size=3),
        "state": st.dictionaries(st.text(max_size=4), JSON_VALUES, max_size=3),
        "ended_at": st.none() | st.floats(0, 2e9),
    },
)
APPENDS = st.lists(
    st.tuples(
        st.sampled_from(CODES),
        st.sampled_from(["decide", "timeout", "start"]),
        st.none() | st.integers(0, 11),
        st.none() | st.text(max_size=10),
        JSON_VALUES,
        st.floats(0, 2e9),
        FIELDS,
    ),
    min_size=1,
    max_size=6,
)


def fresh(folder: Path) -> Database:
    db = Database(default_url(folder))
    db.migrate()
    for code in CODES:
        assert rooms.create_room(db, code, "online", {"lobby": "ä"})
    with sqlite3.connect(folder / "wolfrunde.sqlite3") as connection:  # created alike in both databases
        connection.execute("UPDATE rooms SET created_at = 0, updated_at = 0")
    return db


def stored(db: Database) -> tuple[list[Any], list[Any]]:
    """Both tables as the driver reads them (the JSON columns as their stored text), without their own ids."""
    path = db.engine.url.database
    assert path is not None
    with sqlite3.connect(path) as connection:
        commands = connection.execute(
            "SELECT room_code, seq, op, seat, kind, payload, at FROM room_commands ORDER BY room_code, seq"
        ).fetchall()
        records = connection.execute(
            "SELECT code, status, state, setup, timer, ended_at, updated_at FROM rooms ORDER BY code"
        ).fetchall()
    return commands, records


def numbered(batch: list[Any]) -> list[rooms.Append]:
    """The appends with each room's next sequence numbers, in order."""
    seqs = dict.fromkeys(CODES, 0)
    appends = []
    for code, op, seat, kind, payload, at, fields in batch:
        appends.append(rooms.Append(code, seqs[code], rooms.Command(op, seat, kind, payload), at, fields))
        seqs[code] += 1
    return appends


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=APPENDS)
def test_the_loop_stores_every_batch_as_sqlalchemy_does(tmp_path_factory: Any, batch: list[Any]) -> None:
    appends = numbered(batch)
    through_sqlalchemy, on_the_loop = fresh(tmp_path_factory.mktemp("a")), fresh(tmp_path_factory.mktemp("b"))
    try:
        expected = rooms.append_commands(through_sqlalchemy, appends)
        assert not any(isinstance(outcome, Exception) for outcome in expected)
        times = rooms.append_commands_without_waiting(on_the_loop, appends)
        assert times == expected
        assert stored(on_the_loop) == stored(through_sqlalchemy)
        replayed = rooms.commands(on_the_loop, appends[0].code)  # read back through SQLAlchemy
        assert [c.payload for c in replayed] == [a.command.payload for a in appends if a.code == appends[0].code]
    finally:
        through_sqlalchemy.close()
        on_the_loop.close()


def test_a_batch_with_a_taken_sequence_number_or_a_missing_room_stores_nothing(tmp_path: Path) -> None:
    db = fresh(tmp_path)
    first = rooms.Append(CODES[0], 0, rooms.Command("start"), 1.0, {"status": "running"})
    assert rooms.append_commands_without_waiting(db, [first]) == [1.0]
    before = stored(db)
    taken = [rooms.Append(CODES[1], 0, rooms.Command("start"), 2.0, {"status": "running"}), first]
    assert rooms.append_commands_without_waiting(db, taken) is None
    gone = [
        rooms.Append(CODES[1], 0, rooms.Command("start"), 2.0, {}),
        rooms.Append("ZZZZ", 0, rooms.Command("x"), 3.0, {}),
    ]
    assert rooms.append_commands_without_waiting(db, gone) is None
    unknown = [rooms.Append(CODES[2], 0, rooms.Command("start"), 2.0, {"status": "running"})]
    with sqlite3.connect(tmp_path / "wolfrunde.sqlite3") as connection:
        connection.execute("DELETE FROM rooms WHERE code = ?", (CODES[2],))
    assert rooms.append_commands_without_waiting(db, unknown) is None
    after = stored(db)
    assert after[0] == before[0]  # not one command of the failed batches
    assert not db.without_waiting().in_transaction  # the connection is ready for the next batch
    assert rooms.append_commands_without_waiting(db, [taken[0]]) == [2.0]
    db.close()
