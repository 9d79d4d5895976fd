import random

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up

from wolfrunde.bots.strategy import choose

MESSAGE_LIMIT = 5000


def start_with_bots(client: TestClient, ws, bots: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(bots):
        ws.send_json({"type": "add_bot"})
    ws.send_json({"type": "start", "ref": "go"})
    receive_until(ws, "ack", limit=100)


def open_room(client: TestClient) -> tuple[str, str]:
    token = sign_up(client, "Anna")
    return token, client.post("/api/rooms", headers=as_user(token)).json()["code"]


def test_host_and_server_bots_play_a_whole_game(client: TestClient) -> None:
    token, code = open_room(client)
    rng = random.Random(4)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 6)
        final = None
        for _ in range(MESSAGE_LIMIT):
            message = ws.receive_json()
            if message["type"] != "game":
                continue
            view = message["view"]
            assert view["seat"] == 0 and message["seat"] == 0
            if view["result"] is not None:
                final = message
                break
            move = choose(view, rng)
            if move is not None:
                ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})
        assert final is not None, "the game did not end"
        view = final["view"]
        assert view["phase"] == "over"
        assert all(player["role"] for player in view["players"]), "everyone's role is open at the end"
        assert {channel["id"] for channel in final["channels"]} >= {"village", "wolves", "beyond"}
        info = client.get(f"/api/rooms/{code}").json()
        assert info["status"] == "ended"


def test_illegal_and_foreign_decisions_are_refused_and_change_nothing(client: TestClient) -> None:
    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 4)
        first = receive_until(ws, "game")
        ws.send_json({"type": "decide", "kind": "no_such_step", "choice": 1, "ref": "x"})
        error = receive_until(ws, "error")
        assert error["code"] == "illegal" and error["ref"] == "x"
        assert error["message"].startswith("Dieser Zug ist nicht erlaubt: ")
        ws.send_json({"type": "decide", "kind": "vote", "choice": 1, "seat": 3, "ref": "y"})
        assert receive_until(ws, "error")["code"] == "wrong_seat"
        ws.send_json({"type": "ping", "ref": "still-here"})
        message = ws.receive_json()
        while message["type"] != "pong":
            message = ws.receive_json()
        assert first["view"]["seat"] == 0
        ws.send_json({"type": "start"})
        assert receive_until(ws, "error")["code"] == "lobby_closed"


def test_reconnect_brings_the_player_back_to_the_seat_with_the_full_view(client: TestClient) -> None:
    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 4)
        seen = receive_until(ws, "game")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        welcome = receive_until(ws, "welcome")
        assert welcome["you"]["seat"] == 0
        again = receive_until(ws, "game")
        assert again["view"]["you"] == seen["view"]["you"]
        assert again["view"]["players"][0]["role"] == seen["view"]["you"]["role"]
        assert receive_until(ws, "chat_history")["messages"] == []


def test_non_players_cannot_decide_or_chat(client: TestClient) -> None:
    token, code = open_room(client)
    stranger = sign_up(client, "Zora")
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        start_with_bots(client, ws, 4)
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(stranger)) as other:
            assert receive_until(other, "welcome")["you"]["seat"] is None
            other.send_json({"type": "decide", "kind": "vote", "choice": 0})
            assert receive_until(other, "error")["code"] == "not_seated"
            other.send_json({"type": "join"})
            assert receive_until(other, "error")["code"] == "lobby_closed"
