from pathlib import Path

import pytest
from sqlalchemy import inspect

from wolfrunde.store import Database, accounts, default_url, invites, rooms


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Database:
    """Every store test runs on SQLite and on a real PostgreSQL server."""
    url = default_url(tmp_path / "data") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    database = Database(url)
    database.migrate()
    yield database
    database.close()


def test_migrations_create_every_table_and_run_twice(tmp_path: Path) -> None:
    database = Database(default_url(tmp_path))
    database.migrate()
    database.migrate()
    tables = set(inspect(database.engine).get_table_names())
    assert {"users", "sessions", "rooms", "room_commands", "chat_messages", "alembic_version"} <= tables
    assert (tmp_path / "wolfrunde.sqlite3").exists()
    database.close()


def test_user_names_are_unique_ignoring_case(db: Database) -> None:
    assert accounts.create_user(db, "Anna", "hash") is not None
    assert accounts.create_user(db, "ANNA ", "other") is None
    found = accounts.find_user(db, "anna")
    assert found is not None and found.name == "Anna"


def test_sessions_store_only_a_hash_and_expire(db: Database) -> None:
    user = accounts.create_user(db, "Ben", "hash")
    assert user is not None
    token = accounts.open_session(db, user.id, now=1000.0)
    with db.session() as session:
        stored = [row[0] for row in session.execute(accounts.SessionRecord.__table__.select())]
    assert token not in stored
    assert accounts.session_user(db, token, now=1001.0).id == user.id
    assert accounts.session_user(db, token, now=1000.0 + accounts.SESSION_SECONDS + 1) is None
    accounts.close_session(db, token)
    assert accounts.session_user(db, token, now=1001.0) is None


def test_room_commands_keep_their_order_and_timer(db: Database) -> None:
    user = accounts.create_user(db, "Carl", "hash")
    assert rooms.create_room(db, "ACDEF", "online", {"host_id": user.id, "seats": []}, host_id=user.id)
    assert not rooms.create_room(db, "ACDEF", "table_own_devices", {}), "a code is one room of any kind"
    assert rooms.next_seq(db, "ACDEF") == 0
    rooms.append_command(db, "ACDEF", 0, rooms.Command("decide", 2, "seer", 4))
    rooms.append_command(db, "ACDEF", 1, rooms.Command("timeout"), timer={"deadline": 12.5})
    stored = rooms.commands(db, "ACDEF")
    assert [(c.seq, c.op, c.seat, c.kind, c.payload) for c in stored] == [
        (0, "decide", 2, "seer", 4),
        (1, "timeout", None, None, None),
    ]
    assert rooms.next_seq(db, "ACDEF") == 2
    room = rooms.load_room(db, "ACDEF")
    assert room is not None and room.timer == {"deadline": 12.5} and room.kind == "online"
    rooms.save_room(db, "ACDEF", status="running", setup={"names": ["a"]})
    assert rooms.room_codes(db, "running") == ["ACDEF"]


def test_a_second_writer_of_a_room_fails_on_the_sequence_number_and_writes_nothing(db: Database) -> None:
    assert rooms.create_room(db, "TQRWX", "table_single_device", {"seats": []})
    rooms.append_command(db, "TQRWX", 0, rooms.Command("device", None, "take", {}), status="running")
    with pytest.raises(rooms.SequenceTaken):
        rooms.append_command(db, "TQRWX", 0, rooms.Command("device", None, "done", {}), status="ended")
    assert [c.kind for c in rooms.commands(db, "TQRWX")] == ["take"]
    room = rooms.load_room(db, "TQRWX")
    assert room is not None and room.status == "running", "the refused command's columns are not written"


def test_chat_history_is_in_order(db: Database) -> None:
    user = accounts.create_user(db, "Dora", "hash")
    rooms.create_room(db, "HJKMN", "online", {}, host_id=user.id)
    for index in range(3):
        rooms.add_chat(db, "HJKMN", "village", index, f"Hallo {index}")
    assert [m.text for m in rooms.chat_history(db, "HJKMN")] == ["Hallo 0", "Hallo 1", "Hallo 2"]
    assert [m.text for m in rooms.chat_history(db, "HJKMN", limit=2)] == ["Hallo 1", "Hallo 2"]


def test_closing_invitations_deletes_exactly_the_named_ones_and_returns_them(db: Database) -> None:
    host, *guests = (accounts.create_user(db, name, "hash") for name in ("Host", "Gast1", "Gast2", "Gast3"))
    assert host is not None and all(guest is not None for guest in guests)
    ids = [guest.id for guest in guests if guest is not None]
    for code in ("KLMNP", "KLMNQ"):
        assert rooms.create_room(db, code, "online", {"host_id": host.id, "seats": []}, host_id=host.id)
        for guest in ids:
            invites.save_invite(db, code, host.id, guest)
    closed = invites.close_for(db, "KLMNP", {ids[0], ids[2]})
    assert sorted((c.code, c.invitee_id) for c in closed) == [("KLMNP", ids[0]), ("KLMNP", ids[2])]
    assert invites.close_for(db, "KLMNP", {ids[0]}) == []  # already gone
    assert [(i.code, i.invitee_id) for i in invites.pending(db, ids[1])] == [("KLMNP", ids[1]), ("KLMNQ", ids[1])]
    assert sorted(c.invitee_id for c in invites.close_room(db, "KLMNQ")) == sorted(ids)
    assert [i.code for i in invites.pending(db, ids[0])] == []
    assert [i.code for i in invites.pending(db, ids[1])] == ["KLMNP"]
