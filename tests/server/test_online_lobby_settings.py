"""The online lobby's newer settings over the WebSocket: a player's Aussprache, spectators allowed or
not, the narrator's "knapp" style, and German errors that name no internal key."""

from __future__ import annotations

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up


def open_room(client: TestClient, host: str = "Anna") -> tuple[str, str]:
    token = sign_up(client, host)
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    return token, code


def test_a_player_gives_his_aussprache_and_a_bad_one_is_refused_in_german(client: TestClient) -> None:
    host, code = open_room(client, "Jean")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_json({"type": "pronounce", "say": "  Schohn  ", "ref": 1})
        lobby = receive_until(ws, "lobby")
        while lobby["seats"][0]["say"] is None:
            lobby = receive_until(ws, "lobby")
        assert lobby["seats"][0]["say"] == "Schohn"
        ws.send_json({"type": "pronounce", "say": "Sch0hn", "ref": 2})
        error = receive_until(ws, "error")
        assert error["ref"] == 2 and "Die Aussprache darf nur Buchstaben" in error["message"]
        ws.send_json({"type": "pronounce", "say": "", "ref": 3})
        lobby = receive_until(ws, "lobby")
        while lobby["seats"][0]["say"] is not None:
            lobby = receive_until(ws, "lobby")


def test_a_guest_joins_with_his_aussprache(client: TestClient) -> None:
    _, code = open_room(client)
    guest = sign_up(client, "Jeanne")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as ws:
        ws.send_json({"type": "join", "say": "Schann", "ref": 1})
        lobby = receive_until(ws, "lobby")
        while len(lobby["seats"]) < 2:
            lobby = receive_until(ws, "lobby")
        assert lobby["seats"][1]["say"] == "Schann"


def test_spectators_and_the_short_style_are_lobby_settings(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        first = receive_until(ws, "lobby")["settings"]
        assert first["spectators"] is True and first["style"] == "voll"
        ws.send_json({"type": "settings", "spectators": False, "style": "knapp", "ref": 1})
        settings = receive_until(ws, "lobby")["settings"]
        while settings["style"] != "knapp":
            settings = receive_until(ws, "lobby")["settings"]
        assert settings["spectators"] is False
        ws.send_json({"type": "settings", "style": "laut", "ref": 2})
        assert receive_until(ws, "error")["code"] == "malformed"


def test_timer_and_player_count_errors_speak_german_not_keys(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_json({"type": "settings", "timers": {"night": 2}, "ref": 1})
        message = receive_until(ws, "error")["message"]
        assert "„Nacht“" in message and "night" not in message
        ws.send_json({"type": "start", "ref": 2})
        message = receive_until(ws, "error")["message"]
        assert "mindestens 5" in message and "keine Rollen" not in message
