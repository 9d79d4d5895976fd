"""A table's Aussprache and "knapp": the guests' instant preview of their own name (a table token instead
of an account, online's checks and limits), and the names and style the one device is opened with."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server.test_table_rooms import own_table

from wolfrunde.narration.formats import decode
from wolfrunde.server import narration_http
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.store import default_url


@pytest.fixture
def voiced(tmp_path: Path) -> Iterator[TestClient]:
    """A server with its own voice folder and a real (espeak) voice."""
    config = ServerConfig(
        database_url=default_url(tmp_path),
        bot_delay=(0.0, 0.01),
        pause_seconds=(0.0, 0.01),
        voices_dir=str(tmp_path / "voices"),
        voice_engine="espeak",
    )
    with TestClient(create_app(config), base_url="http://testserver") as test_client:
        yield test_client


def name_url(code: str) -> str:
    return f"/api/tables/{code}/name"


def test_a_guest_previews_his_own_name_with_his_table_token(voiced: TestClient) -> None:
    made, guests = own_table(voiced, players=2)
    code, ben = made["code"], {"x-table-token": guests[0]["token"]}
    plain = voiced.get(name_url(code), headers=ben)
    respelled = voiced.get(name_url(code), params={"say": "Bänn"}, headers=ben)
    assert plain.status_code == respelled.status_code == 200
    assert respelled.headers["content-type"].startswith("audio/ogg")
    assert plain.content != respelled.content and decode(respelled.content).seconds > 0.2
    names = Path(voiced.app.state.config.voices_dir) / "jutta" / "names"
    assert len(list(names.glob("*.ogg"))) == 2, "the table's narrator says the guest's own name"
    bad = voiced.get(name_url(code), params={"say": "B3n!"}, headers=ben)
    assert bad.status_code == 400 and bad.json()["error"] == "bad_pronunciation"
    assert "nur Buchstaben" in bad.json()["message"]
    nobody = voiced.get(name_url(code), params={"say": "Bänn"})
    stranger = voiced.get(name_url(code), params={"say": "Bänn"}, headers={"x-table-token": "falsch"})
    assert nobody.status_code == stranger.status_code == 401 and stranger.json()["error"] == "bad_token"
    assert voiced.get(name_url("ZZZZZZ"), headers=ben).status_code == 404


def test_a_table_asks_for_names_as_often_as_an_account(voiced: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(narration_http, "NEW_NAME_CLIPS", 2)
    made, guests = own_table(voiced, players=3)
    code, other = made["code"], own_table(voiced, players=1)[0]
    anna, ben = {"x-table-token": made["token"]}, {"x-table-token": guests[0]["token"]}
    assert voiced.get(name_url(code), headers=anna).status_code == 200
    assert voiced.get(name_url(code), headers=ben).status_code == 200
    refused = voiced.get(name_url(code), params={"say": "Bänn"}, headers=ben)
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_names", "the table is one client"
    assert voiced.get(name_url(code), headers=ben).status_code == 200  # cached: no new clip
    another = voiced.get(name_url(other["code"]), params={"say": "Anah"}, headers={"x-table-token": other["token"]})
    assert another.status_code == 200, "another table has its own limit"
