"""Names and chat lines a player types: nothing invisible, no look-alike of a name already there."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.test_lobby_ws import open_room

from wolfrunde.server.online.chat import shown_text
from wolfrunde.server.player_names import account_name_problem, same_name_key, spelling_problem, tidy


@pytest.mark.parametrize("name", ["\u202eBen", "Ben\u0000", "Be\u200bn", "Ben\u2066"])
def test_a_name_with_a_character_nobody_sees_is_refused_naming_it(name: str) -> None:
    problem = spelling_problem(name)
    assert problem is not None and "U+" in problem and "unsichtbar" in problem


def test_a_name_in_wide_or_special_letters_is_refused_and_reads_as_its_plain_form() -> None:
    assert spelling_problem("Ａnna") is not None
    assert same_name_key("Ａnna") == same_name_key("anna") == same_name_key(" Anna ")


def test_accents_typed_apart_are_kept_together() -> None:
    assert tidy("Zoe\u0308") == "Zoë" and spelling_problem(tidy("Zoe\u0308")) is None


def test_an_account_name_keeps_to_one_script() -> None:
    assert account_name_problem("\u0410nna") is not None, "a Cyrillic А posing as Anna"
    assert account_name_problem("Анна") is None and account_name_problem("Jörg-Åke 2") is None


def test_a_chat_line_keeps_no_turning_marks_and_must_show_something() -> None:
    assert shown_text("a\u202eb") == "ab"
    assert shown_text("zwei\nZeilen") == "zwei\nZeilen"
    assert shown_text("\u0000\u202e\u200b") is None and shown_text("   ") is None


def test_registration_refuses_a_look_alike_of_another_account(client: TestClient) -> None:
    sign_up(client, "Anna")
    for look_alike in ("\u0410nna", "Ａnna"):
        answer = client.post("/api/register", json={"name": look_alike, "password": "geheim123"})
        assert answer.status_code == 400 and answer.json()["error"] == "bad_name_spelling", answer.json()


def test_a_table_guest_cannot_take_an_invisible_or_wide_copy_of_a_name(client: TestClient) -> None:
    made = client.post("/api/tables", json={"mode": "own", "name": "Anna"}).json()
    assert client.post(f"/api/tables/{made['code']}/guests", json={"name": "Ben"}).status_code == 201
    for copy in ("\u202eBen", "Ben\u0000", "Ｂen"):
        answer = client.post(f"/api/tables/{made['code']}/guests", json={"name": copy})
        assert answer.status_code == 400, copy


def test_an_empty_chat_line_is_refused(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_json({"type": "chat", "channel": "lobby", "text": "\u200b \u202e", "ref": "e"})
        assert receive_until(ws, "error")["code"] == "empty_chat"


@pytest.mark.parametrize("name", ["😀😀", "???", "..."])
def test_a_name_the_narrator_cannot_say_is_refused(name: str) -> None:
    problem = spelling_problem(name)
    assert problem is not None and "Buchstaben oder eine Ziffer" in problem


def test_a_name_typed_with_its_accent_apart_logs_in_as_registered(client: TestClient) -> None:
    sign_up(client, "Zoë")
    for typed in ("zoe\u0308", "ZOË", "Zoë"):
        answer = client.post("/api/login", json={"name": typed, "password": "geheim-123"})
        assert answer.status_code == 200, typed
        client.cookies.clear()


def test_registration_names_the_invisible_character_it_refuses(client: TestClient) -> None:
    answer = client.post("/api/register", json={"name": "Ali\u200fce", "password": "geheim123"})
    assert answer.status_code == 400 and "U+200F" in answer.json()["message"]
