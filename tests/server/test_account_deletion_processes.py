"""Deleting an account on one server process reaches the rooms another process holds (two apps on one
PostgreSQL database and one Redis, as behind the balancer): their lobbies lose the account's seat, their
games' chat no longer holds its lines, and nothing they save later brings it back."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.invite_helpers import join, open_room, receive, start_with_bots
from tests.server.test_account_deletion import NAME, PASSWORD, _db

from wolfrunde.store import rooms as store


def _delete_on(client: TestClient, token: str) -> None:
    assert client.post("/konto", data={"passwort": PASSWORD}, headers=as_user(token)).status_code == 200


def _next_lobby(ws: Any, wanted: Callable[[list[dict[str, Any]]], bool]) -> dict[str, Any]:
    """The first lobby message whose seats are `wanted` (each message waited for with a deadline)."""
    while True:
        message = receive(ws)
        if message["type"] == "lobby" and wanted(message["seats"]):
            return message


def test_a_lobby_held_by_another_process_loses_the_deleted_seat_for_good(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    anna, zenzi = sign_up(a, "Anna"), sign_up(a, NAME, PASSWORD)
    code = open_room(a, anna)
    join(a, zenzi, code)  # process A holds the room from now on
    with a.websocket_connect(f"/ws/rooms/{code}", headers=as_user(anna)) as annas:
        assert [seat["name"] for seat in receive_until(annas, "lobby")["seats"]] == ["Anna", NAME]
        _delete_on(b, zenzi)
        assert [seat["name"] for seat in _next_lobby(annas, lambda seats: len(seats) == 1)["seats"]] == ["Anna"]
        annas.send_json({"type": "add_bot", "ref": "bot"})  # A saves its lobby again
        while (message := receive(annas))["type"] != "ack":
            assert message["type"] != "error", message
    stored = store.load_room(_db(a), code)
    assert stored is not None and NAME not in json.dumps(stored.state, ensure_ascii=False)
    assert len(stored.state["seats"]) == 2


def test_a_game_held_by_another_process_no_longer_sends_the_deleted_accounts_chat(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    anna, zenzi = sign_up(a, "Anna"), sign_up(a, NAME, PASSWORD)
    code = open_room(a, anna)
    store.add_chat(_db(a), code, "village", 0, "Anna war hier", 1)  # stored before A reads the room's chat
    store.add_chat(_db(a), code, "village", 1, f"{NAME} war hier", 1)  # (A reads it when Zenzi sits down)
    join(a, zenzi, code)
    start_with_bots(a, anna, code)  # A runs the game: Anna seat 0, Zenzi seat 1, three bots
    with a.websocket_connect(f"/ws/rooms/{code}", headers=as_user(anna)) as annas:
        history = receive_until(annas, "chat_history")["messages"]
        assert [line["text"] for line in history] == ["Anna war hier", f"{NAME} war hier"]  # A keeps them now
        _delete_on(b, zenzi)
        # A has forgotten the account (Redis brought it the event)
        _next_lobby(annas, lambda seats: all(seat["name"] != NAME for seat in seats))
    with a.websocket_connect(f"/ws/rooms/{code}", headers=as_user(anna)) as annas:
        history = receive_until(annas, "chat_history")["messages"]
    assert [line["text"] for line in history] == ["Anna war hier"]
