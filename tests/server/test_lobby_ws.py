import json

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up

from wolfrunde.server.rooms.protocol import MAX_MESSAGE_CHARS


def open_room(client: TestClient, host: str = "Anna") -> tuple[str, str]:
    token = sign_up(client, host)
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    return token, code


def test_host_sits_at_seat_zero_and_a_guest_joins_by_code(client: TestClient) -> None:
    host, code = open_room(client)
    guest = sign_up(client, "Ben")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as host_ws:
        welcome = host_ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["you"]["seat"] == 0
        with client.websocket_connect(f"/ws/rooms/{code.lower()}", headers=as_user(guest)) as guest_ws:
            assert guest_ws.receive_json()["you"]["seat"] is None
            guest_ws.send_json({"type": "join", "ref": 1})
            assert receive_until(guest_ws, "welcome")["you"]["seat"] == 1
            lobby = receive_until(host_ws, "lobby")
            while len(lobby["seats"]) < 2:
                lobby = receive_until(host_ws, "lobby")
            assert [(s["seat"], s["name"], s["host"], s["online"]) for s in lobby["seats"]] == [
                (0, "Anna", True, True),
                (1, "Ben", False, True),
            ]
            assert lobby["link"] == f"/r/{code}"
            guest_ws.send_json({"type": "join"})
            assert receive_until(guest_ws, "error")["code"] == "already_seated"


def test_only_the_host_changes_settings_and_bad_settings_are_refused(client: TestClient) -> None:
    host, code = open_room(client)
    guest = sign_up(client, "Ben")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as guest_ws:
        guest_ws.send_json({"type": "settings", "meldeliste": True, "ref": "s"})
        error = receive_until(guest_ws, "error")
        assert error == {
            "type": "error",
            "code": "not_host",
            "ref": "s",
            "message": "Das darf nur die Spielleitung des Raums.",
        }
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_json({"type": "settings", "timers": {"night": 2}})
        assert "zwischen" in receive_until(ws, "error")["message"]
        ws.send_json({"type": "settings", "roles": ["seer", "witch", "villager", "villager", "hunter"]})
        error = receive_until(ws, "error")
        assert error["code"] == "bad_settings" and "Wölfe" in error["message"]
        ws.send_json({"type": "settings", "rules": "duesterwald", "meldeliste": True, "timers": {"day": 90}})
        lobby = receive_until(ws, "lobby")
        while not lobby["settings"]["meldeliste"]:
            lobby = receive_until(ws, "lobby")
        assert lobby["settings"]["rules"] == "duesterwald" and lobby["settings"]["timers"]["day"] == 90
        assert lobby["settings"]["recommended"] is True


def test_host_adds_bots_and_removes_a_player(client: TestClient) -> None:
    host, code = open_room(client)
    guest = sign_up(client, "Ben")
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as host_ws,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as guest_ws,
    ):
        guest_ws.send_json({"type": "join"})
        assert receive_until(guest_ws, "welcome")["you"]["seat"] is None
        assert receive_until(guest_ws, "welcome")["you"]["seat"] == 1
        host_ws.send_json({"type": "add_bot"})
        host_ws.send_json({"type": "kick", "seat": 0})
        assert receive_until(host_ws, "error")["code"] == "cannot_remove_host"
        host_ws.send_json({"type": "kick", "seat": 1})
        assert receive_until(guest_ws, "removed")["message"].startswith("Du wurdest")
        assert receive_until(guest_ws, "welcome")["you"]["seat"] is None
        lobby = receive_until(host_ws, "lobby")
        while len(lobby["seats"]) != 2 or lobby["seats"][1]["name"] == "Ben":
            lobby = receive_until(host_ws, "lobby")
        assert lobby["seats"][1]["bot"] is True
        host_ws.send_json({"type": "kick", "seat": 9})
        assert receive_until(host_ws, "error")["code"] == "no_such_seat"


def test_bad_messages_get_an_error_and_the_connection_stays(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_text("{kaputt")
        assert receive_until(ws, "error")["code"] == "malformed"
        ws.send_text(json.dumps({"type": "chat", "channel": "lobby", "text": "x" * MAX_MESSAGE_CHARS}))
        assert receive_until(ws, "error")["code"] == "too_big"
        ws.send_json({"type": "decide", "kind": "seer", "choice": 1, "ref": "d"})
        assert receive_until(ws, "error")["code"] == "not_running"
        ws.send_json({"type": "ping", "ref": "p"})
        assert receive_until(ws, "pong")["ref"] == "p"


def test_a_flood_of_messages_is_answered_with_too_frequent(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        for _ in range(60):
            ws.send_json({"type": "ping"})
        codes = []
        for _ in range(80):
            message = ws.receive_json()
            if message["type"] == "error":
                codes.append(message["code"])
                break
        assert codes == ["too_frequent"]


def test_sockets_without_login_or_room_are_refused(client: TestClient) -> None:
    _host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}") as ws:
        assert ws.receive_json()["code"] == "not_logged_in"
    token = sign_up(client, "Ben")
    with client.websocket_connect("/ws/rooms/ACDEQ", headers=as_user(token)) as ws:
        message = ws.receive_json()
        assert message["code"] == "no_room"


def test_lobby_chat_reaches_the_seated_players(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        ws.send_json({"type": "chat", "channel": "lobby", "text": "Hallo zusammen"})
        line = receive_until(ws, "chat")
        assert (line["channel"], line["name"], line["text"]) == ("lobby", "Anna", "Hallo zusammen")
        ws.send_json({"type": "chat", "channel": "wolves", "text": "psst"})
        assert receive_until(ws, "error")["code"] == "channel_closed"


def test_sockets_from_another_site_are_refused(client: TestClient) -> None:
    host, code = open_room(client)
    headers = as_user(host) | {"origin": "https://evil.example"}
    with client.websocket_connect(f"/ws/rooms/{code}", headers=headers) as ws:
        assert ws.receive_json()["code"] == "wrong_origin"


def seated_lobby(ws, seats: int) -> None:  # type: ignore[no-untyped-def]
    """Waits for the lobby with this many seats (the change the device waits for was handled)."""
    while len(receive_until(ws, "lobby")["seats"]) != seats:
        pass


def drained(ws) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    """What the device received up to its next `pong` (the room answers a ping after what came before)."""
    ws.send_json({"type": "ping", "ref": "p"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def welcomed(ws) -> list[int | None]:  # type: ignore[no-untyped-def]
    return [m["you"]["seat"] for m in drained(ws) if m["type"] == "welcome"]


def test_a_player_who_moves_up_when_a_seat_before_him_goes_is_told_his_new_seat(client: TestClient) -> None:
    host, code = open_room(client)
    ben, carl = sign_up(client, "Ben"), sign_up(client, "Carl")
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as host_ws,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(ben)) as ben_ws,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(carl)) as carl_ws,
    ):
        host_ws.send_json({"type": "add_bot"})  # seat 1
        seated_lobby(host_ws, 2)
        ben_ws.send_json({"type": "join"})
        seated_lobby(host_ws, 3)
        carl_ws.send_json({"type": "join"})
        seated_lobby(host_ws, 4)
        assert welcomed(ben_ws) == [None, 2] and welcomed(carl_ws) == [None, 3]
        host_ws.send_json({"type": "kick", "seat": 1})  # the bot before them goes
        seated_lobby(host_ws, 3)
        assert welcomed(ben_ws) == [1] and welcomed(carl_ws) == [2]
        ben_ws.send_json({"type": "leave"})  # Ben stands up: Carl moves up again
        seated_lobby(host_ws, 2)
        assert welcomed(ben_ws) == [None] and welcomed(carl_ws) == [1]
        assert welcomed(host_ws) == [], "the host's seat never changed"


def test_the_lobby_tells_the_bounds_of_every_timer_the_server_takes(client: TestClient) -> None:
    host, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as ws:
        lobby = receive_until(ws, "lobby")
        bounds = lobby["timer_bounds"]
        assert set(bounds) == set(lobby["settings"]["timers"]) == {"night", "day", "vote", "lovers"}
        for key, (low, high) in bounds.items():
            ws.send_json({"type": "settings", "timers": {key: high}, "ref": f"{key}-ok"})
            assert receive_until(ws, "ack")["ref"] == f"{key}-ok"
            ws.send_json({"type": "settings", "timers": {key: high + 1}, "ref": f"{key}-high"})
            assert receive_until(ws, "error")["code"] == "bad_settings"
            ws.send_json({"type": "settings", "timers": {key: low - 1}, "ref": f"{key}-low"})
            assert receive_until(ws, "error")["code"] == "bad_settings"


def lobby_lines(ws) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The Vorraum's chat in the last `chat_history` the device received before its next `pong`."""
    histories = [m for m in drained(ws) if m["type"] == "chat_history"]
    assert histories, "the device was sent the Vorraum's chat"
    return [(line["name"], line["text"]) for line in histories[-1]["messages"]]


def test_the_vorraum_chat_reaches_who_comes_back_or_sits_down_and_keeps_its_names(client: TestClient) -> None:
    host, code = open_room(client)
    ben, carl, dora = sign_up(client, "Ben"), sign_up(client, "Carl"), sign_up(client, "Dora")
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as host_ws,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(ben)) as ben_ws,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(carl)) as carl_ws,
    ):
        ben_ws.send_json({"type": "join"})
        seated_lobby(host_ws, 2)
        carl_ws.send_json({"type": "join"})
        seated_lobby(host_ws, 3)
        for ws, text in ((host_ws, "Hallo Vorraum"), (ben_ws, "Ich muss gleich los"), (carl_ws, "Bin dabei")):
            ws.send_json({"type": "chat", "channel": "lobby", "text": text, "ref": "c"})
            assert receive_until(ws, "ack")["ref"] == "c"
        ben_ws.send_json({"type": "leave", "ref": "l"})  # Ben stands up: Carl moves up to his seat
        assert receive_until(ben_ws, "ack")["ref"] == "l"
        expected = [("Anna", "Hallo Vorraum"), ("Carl", "Bin dabei")]
        for ws in (host_ws, carl_ws):
            assert lobby_lines(ws) == expected, "every seated screen shows the Vorraum as it is now"
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(carl)) as carl_again:
        assert lobby_lines(carl_again) == expected, "a seated player who comes back reads the Vorraum again"
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(dora)) as dora_ws:
        assert not [m for m in drained(dora_ws) if m["type"] == "chat_history"], "not before she sits down"
        dora_ws.send_json({"type": "join"})
        assert lobby_lines(dora_ws) == expected, "who sits down reads what was said"
