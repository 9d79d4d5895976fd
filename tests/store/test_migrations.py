"""The migrations and the models do not drift apart, and migration 0004 carries table games and
Werwörter rounds of an older database into the one room store."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext

from wolfrunde.store import Database, default_url, rooms
from wolfrunde.store.database import MIGRATIONS
from wolfrunde.store.models import Base


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return default_url(tmp_path / "data") if request.param == "sqlite" else str(request.getfixturevalue("postgres_url"))


def test_autogenerate_finds_nothing_to_do_after_the_migrations(url: str) -> None:
    database = Database(url)
    database.migrate()
    with database.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    database.close()
    assert differences == [], differences


def _upgrade(database: Database, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with database.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def test_table_games_and_werwoerter_rounds_move_into_the_one_room_store(url: str) -> None:
    database = Database(url)
    _upgrade(database, "0003")
    json = sa.JSON()
    with database.engine.begin() as connection:
        games = sa.table(
            "table_games",
            *(sa.column(c) for c in ("code", "mode", "status", "created_at", "updated_at")),
            sa.column("lobby", json),
            sa.column("setup", json),
            sa.column("timer", json),
        )
        commands = sa.table(
            "table_commands",
            *(sa.column(c) for c in ("game_code", "seq", "op", "seat", "kind", "at")),
            sa.column("choice", json),
        )
        ww = sa.table(
            "ww_rooms",
            *(sa.column(c) for c in ("code", "mode", "status", "created_at", "updated_at")),
            sa.column("seats", json),
            sa.column("settings", json),
            sa.column("setup", json),
            sa.column("stage", json),
        )
        ww_commands = sa.table(
            "ww_commands", *(sa.column(c) for c in ("room_code", "seq", "at")), sa.column("decision", json)
        )
        connection.execute(
            games.insert().values(
                code="TBLAB",
                mode="table_own_devices",
                status="running",
                lobby={"mode": "table_own_devices", "seats": []},
                setup={"x": 1},
                timer={"release": 1.0, "deadline": 2.0},
                created_at=1.0,
                updated_at=2.0,
            )
        )
        connection.execute(
            commands.insert().values(
                game_code="TBLAB", seq=0, op="decide", seat=3, kind="seer", choice="village", at=3.0
            )
        )
        connection.execute(
            ww.insert().values(
                code="WWXYZ",
                mode="devices",
                status="lobby",
                seats=[{"name": "A"}],
                settings={"difficulty": 2},
                setup=None,
                stage={"name": "lobby"},
                created_at=1.0,
                updated_at=1.0,
            )
        )
        connection.execute(ww_commands.insert().values(room_code="WWXYZ", seq=0, decision={"kind": "vote"}, at=4.0))
    database.migrate()
    table = rooms.load_room(database, "TBLAB")
    assert table is not None and table.kind == "table_own_devices" and table.status == "running"
    assert table.timer == {"release": 1.0, "deadline": 2.0} and table.host_id is None
    assert [(c.op, c.seat, c.kind, c.payload) for c in rooms.commands(database, "TBLAB")] == [
        ("decide", 3, "seer", "village")
    ]
    round_ = rooms.load_room(database, "WWXYZ")
    assert round_ is not None and round_.kind == "werwoerter"
    assert round_.state == {
        "mode": "devices",
        "seats": [{"name": "A"}],
        "settings": {"difficulty": 2},
        "stage": {"name": "lobby"},
    }
    assert [c.payload for c in rooms.commands(database, "WWXYZ")] == [{"kind": "vote"}]
    tables = set(sa.inspect(database.engine).get_table_names())
    assert not tables & {"table_games", "table_commands", "ww_rooms", "ww_commands"}
    database.close()
