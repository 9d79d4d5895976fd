"""The breaks of the outside security test stay fixed: no input crashes a handler, a stored game holds
only canonical decisions, a timer with nothing open does nothing, and a game that cannot be replayed
is halted instead of looping or blocking the server."""

from __future__ import annotations

import random
import time

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.test_table_rooms import own_table, receive, receive_error, seated

from wolfrunde.bots.strategy import choose
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

DEEP = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"type":"decide","kind":"vote","choice":' + DEEP + "}"
SURROGATE_REF = '{"type":"ping","ref":"\\ud800"}'


def open_room(client: TestClient) -> tuple[str, str]:
    token = sign_up(client, "Anna")
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    return token, code


def test_deep_json_gets_an_error_reply_on_every_socket_and_the_socket_stays_open(client: TestClient) -> None:
    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        receive_until(ws, "lobby")
        for raw in (DEEP, DEEP_OBJECT, SURROGATE_REF):
            ws.send_text(raw)
            error = receive_until(ws, "error")
            assert error["code"] == "malformed" and error["message"].startswith("Die Nachricht ist ungültig")
        ws.send_json({"type": "ping", "ref": "still-here"})
        assert receive_until(ws, "pong")["ref"] == "still-here"

    made, _ = own_table(client, players=3)
    with client.websocket_connect(f"/ws/tables/{made['code']}") as ws:
        ws.send_text(DEEP)  # before the hello: an answer, not a silent close
        error = ws.receive_json()
        assert error["type"] == "error" and "verschachtelt" in error["message"]
    with seated(client, made["code"], made["token"]) as ws:
        for raw in (DEEP, DEEP_OBJECT, SURROGATE_REF):
            ws.send_text(raw)
            assert receive_error(ws)["code"] == "malformed"
        ws.send_json({"type": "ping", "ref": 7})
        assert receive(ws, "pong")["ref"] == 7


def test_deep_json_gets_an_error_reply_on_a_werwoerter_socket_and_the_socket_stays_open(client: TestClient) -> None:
    created = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    with client.websocket_connect(f"/ws/ww/{created['code']}?token={created['token']}") as ws:
        ws.receive_json()
        for raw in (DEEP, DEEP_OBJECT, SURROGATE_REF):
            ws.send_text(raw)
            for _ in range(10):
                message = ws.receive_json()
                if message["type"] == "error":
                    break
            assert message["type"] == "error" and message["code"] == "malformed"
        ws.send_json({"type": "ping", "ref": "ww"})
        for _ in range(10):
            if (message := ws.receive_json())["type"] == "pong":
                break
        assert message == {"type": "pong", "ref": "ww"}


def post_bad_bodies(client: TestClient, endpoints: list[str]) -> None:
    huge = b'{"name": "' + b"x" * 300_000 + b'"}'
    for path in endpoints:
        for body in (DEEP.encode(), DEEP_OBJECT.encode(), huge):
            response = client.post(path, content=body, headers={"content-type": "application/json"})
            assert 400 <= response.status_code < 500, (path, response.status_code, response.text[:200])


def test_deep_or_huge_bodies_on_every_guest_endpoint_answer_4xx_not_500(client: TestClient) -> None:
    made, _ = own_table(client, players=3)
    post_bad_bodies(client, ["/api/register", "/api/login", "/api/tables", f"/api/tables/{made['code']}/guests"])


def test_deep_or_huge_bodies_on_the_werwoerter_endpoints_answer_4xx_not_500(client: TestClient) -> None:
    ww = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    code = ww["code"]
    post_bad_bodies(client, ["/api/ww/rooms", f"/api/ww/rooms/{code}/join", f"/api/ww/rooms/{code}/guests"])


def float_then_int(client: TestClient, token: str, rng: random.Random) -> tuple[str, int, int]:
    """One room of the host and five bots: every seat question the host gets is answered first with the
    seat as a float (refused) and then as an int (accepted). Ends when the host is dead or the game is."""
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    refused = accepted = 0
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        for _ in range(5):
            ws.send_json({"type": "add_bot"})
        ws.send_json({"type": "start", "ref": "go"})  # its ack may come after the first questions
        for _ in range(3000):
            message = ws.receive_json()
            if message["type"] != "game":
                continue
            view = message["view"]
            if view["result"] is not None or not view["you"]["alive"] or accepted >= 3:
                break
            for request in view["pending"]:
                options = request["options"]
                if options["type"] != "seat" or not options["choices"]:
                    move = choose(view, rng)
                    if move is not None:
                        ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})
                    continue
                target = options["choices"][0]
                ws.send_json({"type": "decide", "kind": request["kind"], "choice": float(target), "ref": "float"})
                error = receive_until(ws, "error", limit=200)
                assert error["code"] == "illegal" and "ganze Zahl" in error["message"], error
                refused += 1
                ws.send_json({"type": "decide", "kind": request["kind"], "choice": target, "ref": "int"})
                for _ in range(200):
                    reply = ws.receive_json()
                    if reply["type"] in ("ack", "error") and reply.get("ref") == "int":
                        break
                accepted += reply["type"] == "ack"
    return code, refused, accepted


def test_decisions_are_stored_in_their_canonical_type_and_floats_are_refused(client: TestClient) -> None:
    # The deal is secret: a host with no night question who dies in the first night is never asked to
    # name a seat, so the test plays rooms until one asks him.
    rng = random.Random(5)
    token = sign_up(client, "Anna")
    for _ in range(8):
        code, refused, accepted = float_then_int(client, token, rng)
        if refused and accepted:
            break
    assert refused >= 1 and accepted >= 1
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    for command in store.commands(db, code):
        if command.op == "decide" and command.payload is not None:
            assert type(command.payload) in (int, bool, str, list, dict), command
            if isinstance(command.payload, list):
                assert all(type(item) is int for item in command.payload)


def test_a_timer_with_nothing_open_stores_nothing(client: TestClient) -> None:
    from wolfrunde.server.rooms.timer import Deadline

    token, code = open_room(client)
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        for _ in range(4):
            ws.send_json({"type": "add_bot"})
        ws.send_json({"type": "start", "ref": "go"})
        receive_until(ws, "ack", limit=100)
        room = client.app.state.rooms.rooms[code].kind.game  # type: ignore[attr-defined]
        db = client.app.state.db  # type: ignore[attr-defined]

        async def no_requests_then_fire() -> int:
            game = room.match.game
            real_pending = game.pending
            game.pending = lambda: []  # as if every request had been answered and nothing were open

            def timeouts() -> int:  # the bots go on deciding meanwhile: their decisions are not the timer's
                return sum(1 for command in store.commands(db, code) if command.op == "timeout")

            try:
                before = timeouts()
                await room.wake(Deadline(room.generation))
                return timeouts() - before
            finally:
                game.pending = real_pending

        added = client.portal.call(no_requests_then_fire)  # type: ignore[union-attr]
        assert added == 0


def test_a_stored_game_that_cannot_be_replayed_is_halted_and_the_server_stays_responsive(
    config: ServerConfig,
) -> None:
    with TestClient(create_app(config), base_url="http://testserver") as client:
        token, code = open_room(client)
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
            for _ in range(4):
                ws.send_json({"type": "add_bot"})
            ws.send_json({"type": "start", "ref": "go"})
            receive_until(ws, "ack", limit=100)
    db = Database(config.database_url)  # the server is down now: nothing else writes
    # a raw, uncanonical choice as an older server stored it: the game cannot be replayed today
    store.append_command(
        db, code, store.next_seq(db, code), store.Command("decide", 0, "witch", {"heal": None, "poison": 0.0})
    )
    db.close()
    with TestClient(create_app(config), base_url="http://testserver") as client:
        started = time.monotonic()
        info = client.get(f"/api/rooms/{code}")
        assert info.status_code == 200 and time.monotonic() - started < 5
        assert client.get("/api/health").json() == {"ok": True}
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
            lobby = receive_until(ws, "lobby")
            assert lobby["status"] == "halted"
        assert client.get(f"/api/rooms/{code}").json()["status"] == "halted"
        assert len(store.commands(client.app.state.db, code)) < 100  # type: ignore[attr-defined]
