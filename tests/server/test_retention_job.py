"""The server removes ended games past their retention by itself, on a schedule; the operator sets the
retention with `wolfrunde serve --retention-days`, and "Datenschutz" names the value in force."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server.site.html_tools import parse

from wolfrunde.cli import build_parser
from wolfrunde.server.app import create_app
from wolfrunde.server.config import DEFAULT_RETENTION_DAYS, ServerConfig
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.retention import purge, remove_unused_clips
from wolfrunde.server.rooms.actor import Detach
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store
from wolfrunde.store.models import RoomRecord, SessionRecord
from wolfrunde.store.retention import DAY

WAIT = 30.0  # seconds at most for the job to do what is expected (the machine may be busy)


def _stored(
    db: Database, code: str, ended_days_ago: float, kind: str = "table_single_device", state: dict | None = None
) -> None:  # type: ignore[type-arg]
    state = state if state is not None else {"seats": [{"name": "Gast Gunda"}]}
    assert store.create_room(db, code, kind, state, status="ended")
    store.append_command(db, code, 0, store.Command("decide", 0, "vote", 1))
    store.add_chat(db, code, "village", 0, "gute Nacht")
    with db.session() as session:
        record = session.get(RoomRecord, code)
        assert record is not None
        record.ended_at = record.updated_at = time.time() - ended_days_ago * DAY


def _wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"the retention job did not {what} within {WAIT} s"
        time.sleep(0.05)


def test_the_server_removes_ended_games_past_the_retention_by_itself(tmp_path: Path) -> None:
    config = ServerConfig(database_url=default_url(tmp_path), retention_days=7, retention_check_seconds=0.05)
    db = Database(config.database_url)
    db.migrate()
    _stored(db, "GQNEAC", ended_days_ago=8)
    _stored(db, "KEEPTA", ended_days_ago=6)
    user = accounts.create_user(db, "Anna", "hash")
    assert user is not None
    accounts.open_session(db, user.id, now=time.time() - accounts.SESSION_SECONDS - 1)
    with TestClient(create_app(config)) as client:
        _wait_for(lambda: store.load_room(db, "GQNEAC") is None, "remove the old game")
        assert store.commands(db, "GQNEAC") == [] and store.chat_history(db, "GQNEAC") == []
        assert store.load_room(db, "KEEPTA") is not None and len(store.chat_history(db, "KEEPTA")) == 1
        _stored(db, "LATERA", ended_days_ago=30)  # the job keeps running
        runs = client.app.state.retention.runs  # type: ignore[attr-defined]
        # a run counts once it has ended: the game may be gone a moment before the run that removed it counts
        _wait_for(
            lambda: store.load_room(db, "LATERA") is None and client.app.state.retention.runs > runs,  # type: ignore[attr-defined]
            "remove a game on a later run",
        )
        with db.session() as session:
            assert session.execute(SessionRecord.__table__.select()).all() == []  # the expired session is gone
    db.close()


def test_a_room_someone_has_open_waits_until_it_is_empty(tmp_path: Path) -> None:
    config = ServerConfig(database_url=default_url(tmp_path), retention_days=1, retention_check_seconds=3600.0)
    with TestClient(create_app(config)) as client:
        registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
        db = registry.db
        _wait_for(lambda: client.app.state.retention.runs >= 1, "run at the start")  # type: ignore[attr-defined]
        _stored(db, "JQTDAC", ended_days_ago=2, kind="online", state=Lobby(host_id=1).to_dict())
        _stored(db, "KQTDAC", ended_days_ago=2, kind="online", state=Lobby(host_id=1).to_dict())
        actor = client.portal.call(registry.get, "JQTDAC")
        assert actor is not None and client.portal.call(registry.get, "KQTDAC") is not None
        someone = Peer(LocalConnection(lambda message: None), Identity(user_id=1, name="Anna"))
        assert client.portal.call(actor.attach, someone) is None  # someone has it open
        assert client.portal.call(purge, registry, time.time()).rooms == ["KQTDAC"]  # nobody in that one
        assert store.load_room(db, "JQTDAC") is not None and registry.holds("JQTDAC")
        assert not registry.holds("KQTDAC")
        client.portal.call(actor.post, Detach(someone))  # in the room's own loop
        _wait_for(lambda: actor.idle, "see the room empty")
        assert client.portal.call(purge, registry, time.time()).rooms == ["JQTDAC"]
        assert store.load_room(db, "JQTDAC") is None and not registry.holds("JQTDAC")


def test_spoken_names_nobody_used_for_the_retention_time_leave_the_audio_cache(tmp_path: Path) -> None:
    root = tmp_path / "voices"
    old, fresh, scene = root / "jutta" / "names" / "ab.ogg", root / "hedda" / "texts" / "cd.mp3", root / "jutta"
    scene = scene / "scenes" / "night_falls" / "00-ef.ogg"
    for path in (old, fresh, scene):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"clip")
    long_ago = time.time() - 10 * DAY
    os.utime(old, (long_ago, long_ago))
    os.utime(scene, (long_ago, long_ago))
    assert remove_unused_clips(root, time.time() - 7 * DAY) == 1
    assert not old.exists() and fresh.exists() and scene.exists()  # scenes hold no names: `voices prune` keeps them


def test_the_privacy_page_names_the_retention_in_force(tmp_path: Path) -> None:
    config = ServerConfig(database_url=default_url(tmp_path), retention_days=14)
    with TestClient(create_app(config)) as client:
        text = parse(client.get("/datenschutz").text).by_id("frist").text()
    assert f"auf 14 Tage gesetzt (Voreinstellung: {DEFAULT_RETENTION_DAYS} Tage)" in text


def test_the_retention_is_a_serve_option_with_a_german_error(capsys: pytest.CaptureFixture[str]) -> None:
    parser, _ = build_parser()
    assert parser.parse_args(["serve"]).retention_days == DEFAULT_RETENTION_DAYS
    assert parser.parse_args(["serve", "--retention-days", "14"]).retention_days == 14
    for bad in ("0", "-3", "zwei", "1.5", "4000"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--retention-days", bad])
        assert f"„{bad}“ ist keine gültige Aufbewahrungsfrist" in capsys.readouterr().err
