"""The one error shape on the Werwörter socket: unknown, malformed, wrong-typed and out-of-turn messages
of every type each get `{"type": "error", "code", "message", "ref"}` with a German message, change
nothing (neither the stored round nor the round in memory, and no device is sent anything else), and the
connection stays open. A real bug answers `internal` and is logged; a stored game that cannot be replayed
halts its round, which says so and can start again."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from starlette.testclient import TestClient

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.werwoerter import WerwoerterRoom
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.texts import ERRORS
from wolfrunde.server.werwoerter_app.messages import SCHEMA
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
Message = dict[str, Any] | str | bytes


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests send many messages at once; the rate limit has its own tests."""
    monkeypatch.setattr(WerwoerterRoom, "message_rate", (1000.0, 1000.0))


def wrong_shapes() -> list[tuple[Message, str]]:
    """Messages no round accepts at any moment, with the error code each gets."""
    cases: list[tuple[Message, str]] = [
        ("kein JSON", "malformed"),
        ("[1, 2]", "malformed"),
        (b'{"type": "start"}', "malformed"),
        ({"ref": 1}, "malformed"),
        ({"type": 7}, "malformed"),
        ({"type": "fly", "ref": "r1"}, "unknown_type"),
        ({"type": "time_up"}, "unknown_type"),
        ({"type": "state"}, "unknown_type"),
        ("x" * 5000, "too_big"),
    ]
    for kind in SCHEMA.types:  # every type: an unknown field, an unreadable ref
        cases.append(({"type": kind, "extra": 1}, "malformed"))
        cases.append(({"type": kind, "ref": {"x": 1}}, "malformed"))
    for field, value in [
        ("difficulty", "3"),
        ("difficulty", 2.0),
        ("day_seconds", 90.5),
        ("speaker", True),
        ("narrator", 7),
        ("narrator", "x" * 40),
    ]:
        cases.append(({"type": "settings", field: value}, "malformed"))
    decisions: list[dict[str, Any]] = [
        {},
        {"kind": "time_up"},
        {"kind": "fly"},
        {"kind": 3},
        {"kind": "answer", "choice": 1.5},
        {"kind": "answer", "choice": {"ja": 1}},
        {"kind": "answer", "choice": [1, 2]},
        {"kind": "answer", "choice": ["ja"]},
        {"kind": "answer", "choice": ["ja", True]},
        {"kind": "vote", "choice": True},
        {"kind": "vote", "choice": "x" * 80},
        {"kind": "vote", "choice": 1, "seat": "0"},
        {"kind": "vote", "choice": 1, "seat": False},
    ]
    for fields in decisions:
        cases.append(({"type": "decide", **fields}, "malformed"))
    ballots: list[Any] = [None, [], {"a": 1}, {"0": "1"}, {"0": True}, {"0": 1.0}, {str(i): 0 for i in range(11)}]
    for votes in ballots:
        cases.append(({"type": "votes"} if votes is None else {"type": "votes", "votes": votes}, "malformed"))
    return cases


def snapshot(client: TestClient, code: str) -> tuple[Any, ...]:
    """Everything a message could change: the stored round and its commands, the round in memory."""
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
    record = store.load_room(db, code)
    assert record is not None
    actor = registry.rooms[code]
    room = actor.kind
    assert isinstance(room, WerwoerterRoom)
    decisions = None if room.game is None else room.game.decisions
    commands = [(c.seq, c.op, c.payload) for c in store.commands(db, code)]
    return record.status, record.state, record.setup, commands, actor.status, room.state.to_json(), decisions


def refused(ws: Any, message: Message, code: str) -> dict[str, Any]:
    """Sends one message; the very next thing the device hears is the error (nothing else was sent)."""
    if isinstance(message, bytes):
        ws.send_bytes(message)
    else:
        ws.send_text(message if isinstance(message, str) else json.dumps(message))
    reply: dict[str, Any] = ws.receive_json()
    assert reply["type"] == "error", (message, reply)
    assert set(reply) == {"type", "code", "message", "ref"}, reply
    assert reply["code"] == code and reply["code"] in ERRORS, (message, reply)
    assert isinstance(reply["message"], str) and len(reply["message"]) > 10, reply
    assert "unvollständig" not in reply["message"]
    if isinstance(message, dict) and isinstance(message.get("ref"), str | int):
        assert reply["ref"] == message["ref"]
    return reply


def sync(ws: Any) -> None:
    """Reads what the device was sent so far (cues, states): the room answers a ping after all of it."""
    ws.send_json({"type": "ping", "ref": "sync"})
    while ws.receive_json() != {"type": "pong", "ref": "sync"}:
        pass


def all_refused(client: TestClient, ws: Any, code: str, cases: list[tuple[Message, str]]) -> None:
    sync(ws)
    before = snapshot(client, code)
    for message, expected in cases:
        refused(ws, message, expected)
    assert snapshot(client, code) == before
    ws.send_json({"type": "ping", "ref": "still-here"})
    assert ws.receive_json() == {"type": "pong", "ref": "still-here"}


def state(ws: Any, stage: str | None = None, limit: int = 200) -> dict[str, Any]:
    """The next state message (at `stage`, when given); cues and acks before it are skipped."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "state" and (stage is None or message["stage"]["name"] == stage):
            return message
    raise AssertionError(f"no state {stage}")


def step(ws: Any, message: dict[str, Any], stage: str | None = None) -> dict[str, Any] | None:
    """Sends an accepted message; returns once it is acknowledged and (when given) the round is at `stage`,
    with that state."""
    ws.send_json({**message, "ref": "ok"})
    acknowledged, reached = False, None
    for _ in range(300):
        reply: dict[str, Any] = ws.receive_json()
        assert reply["type"] != "error", reply
        acknowledged = acknowledged or (reply["type"] == "ack" and reply["ref"] == "ok")
        if reply["type"] == "state" and reply["stage"]["name"] == stage:
            reached = reply
        if acknowledged and (stage is None or reached is not None):
            return reached
    raise AssertionError(f"{message} was not acknowledged or did not lead to {stage}")


def at(ws: Any, message: dict[str, Any], stage: str) -> dict[str, Any]:
    reached = step(ws, message, stage)
    assert reached is not None
    return reached


def test_every_wrong_message_in_the_lobby_of_own_devices(client: TestClient) -> None:
    made = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    code = made["code"]
    guest = client.post(f"/api/ww/rooms/{code}/join", json={"name": "Ben"}).json()
    with (
        client.websocket_connect(f"/ws/ww/{code}?token={made['token']}") as host,
        client.websocket_connect(f"/ws/ww/{code}?token={guest['token']}") as ben,
    ):
        state(host)
        state(host)  # Ben came online
        state(ben)
        all_refused(client, host, code, wrong_shapes())
        out_of_turn: list[tuple[Message, str]] = [
            ({"type": "settings", "difficulty": 2}, "not_host"),
            ({"type": "start"}, "not_host"),
            ({"type": "reveal"}, "ww_no_card"),
            ({"type": "next"}, "ww_card_first"),
            ({"type": "play"}, "ww_play_before_night"),
            ({"type": "decide", "kind": "choose_word", "choice": "Apfel"}, "not_now"),
            ({"type": "decide", "kind": "vote", "choice": 0, "ref": 9}, "not_now"),
            ({"type": "votes", "votes": {"0": 1, "1": 0}}, "ww_votes_device"),
            ({"type": "nobody"}, "not_now"),
            ({"type": "again"}, "not_ended"),
        ]
        all_refused(client, ben, code, out_of_turn)
        host_only: list[tuple[Message, str]] = [
            ({"type": "start", "ref": "go"}, "cannot_start"),  # two players are not enough
            ({"type": "settings", "difficulty": 5}, "bad_settings"),
            ({"type": "settings", "difficulty": None}, "bad_settings"),
            ({"type": "settings", "day_seconds": 10}, "bad_settings"),
            ({"type": "settings", "speaker": 2}, "bad_settings"),
            ({"type": "settings", "narrator": "hal"}, "bad_settings"),
        ]
        all_refused(client, host, code, host_only)


def test_every_wrong_message_while_one_device_deals_and_votes(client: TestClient) -> None:
    made = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES}).json()
    code = made["code"]
    with client.websocket_connect(f"/ws/ww/{code}?token={made['token']}") as ws:
        state(ws, "deal")
        all_refused(client, ws, code, wrong_shapes())
        dealing: list[tuple[Message, str]] = [
            ({"type": "start"}, "lobby_closed"),
            ({"type": "settings", "difficulty": 2}, "lobby_closed"),
            ({"type": "next"}, "ww_card_first"),
            ({"type": "play"}, "ww_cards_first"),
            ({"type": "decide", "kind": "choose_word", "choice": "Apfel"}, "not_now"),
            ({"type": "decide", "kind": "answer", "choice": ["ja", 1]}, "not_now"),
            ({"type": "votes", "votes": {str(v): (v + 1) % 5 for v in range(5)}}, "ww_votes_not_now"),
            ({"type": "nobody"}, "not_now"),
            ({"type": "again"}, "not_ended"),
        ]
        all_refused(client, ws, code, dealing)
        for _ in NAMES:
            step(ws, {"type": "reveal"})
            step(ws, {"type": "next"})
        all_refused(client, ws, code, [({"type": "reveal"}, "ww_no_card")])
        mayor_stage = at(ws, {"type": "play"}, "mayor")
        words = next(r for r in mayor_stage["game"]["pending"] if r["kind"] == "choose_word")["options"]
        mayor = mayor_stage["game"]["mayor"]
        all_refused(
            client,
            ws,
            code,
            [
                ({"type": "decide", "kind": "choose_word", "choice": "kein Wort", "ref": 3}, "illegal"),
                ({"type": "decide", "kind": "choose_word", "choice": words[0], "seat": (mayor + 1) % 5}, "illegal"),
                ({"type": "decide", "kind": "answer", "choice": ["ja", 1]}, "not_now"),
                ({"type": "decide", "kind": "whoops"}, "not_now"),
                ({"type": "play"}, "ww_play_before_night"),
            ],
        )
        at(ws, {"type": "decide", "kind": "choose_word", "choice": words[0]}, "day")
        step(ws, {"type": "decide", "kind": "answer", "choice": ["ja", (mayor + 1) % 5]})
        sync(ws)
        reply = refused(ws, {"type": "decide", "kind": "markers_out", "ref": 4}, "illegal")
        assert "noch 34 Ja/Nein-Marker" in reply["message"]  # the last one ends the day, not the tap
        at(ws, {"type": "decide", "kind": "correct", "choice": (mayor + 1) % 5}, "pointing")
        at(ws, {"type": "decide", "kind": "whoops"}, "talk")
        at(ws, {"type": "decide", "kind": "end_talk"}, "vote")
        step(ws, {"type": "decide", "kind": "vote", "seat": 0, "choice": 1})  # Anna's vote, on its own
        everyone = {str(v): (v + 1) % 5 for v in range(5)}
        voting: list[tuple[Message, str]] = [
            ({"type": "votes", "votes": {"0": 1, "1": 2}}, "ww_votes_missing"),
            ({"type": "votes", "votes": {**everyone, "00": 3}}, "ww_votes_missing"),
            ({"type": "votes", "votes": {**everyone, "2": 2}}, "ww_vote_self"),
            ({"type": "votes", "votes": {**everyone, "3": 7}}, "ww_vote_self"),
            ({"type": "votes", "votes": everyone}, "ww_voted"),  # Anna has voted already
            ({"type": "decide", "kind": "vote", "seat": 0, "choice": 2}, "illegal"),
            ({"type": "decide", "kind": "vote", "seat": 1, "choice": 1}, "illegal"),
            ({"type": "decide", "kind": "end_talk"}, "not_now"),
            ({"type": "nobody"}, "not_now"),
            ({"type": "next"}, "ww_card_first"),
        ]
        all_refused(client, ws, code, voting)


def test_every_wrong_message_while_own_devices_wait_for_the_word(client: TestClient) -> None:
    made = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    code = made["code"]
    tokens = [made["token"]]
    for name in NAMES[1:]:
        tokens.append(client.post(f"/api/ww/rooms/{code}/join", json={"name": name}).json()["token"])
    with client.websocket_connect(f"/ws/ww/{code}?token={tokens[0]}") as host:
        state(host)
        mayor = at(host, {"type": "start"}, "deal")["game"]["mayor"]
        at(host, {"type": "play"}, "mayor")
        other = next(seat for seat in range(5) if seat not in (0, mayor))
        with client.websocket_connect(f"/ws/ww/{code}?token={tokens[other]}") as ws:
            state(ws, "mayor")
            state(host, "mayor")  # the other device came online
            all_refused(client, ws, code, wrong_shapes())
            all_refused(
                client,
                ws,
                code,
                [
                    ({"type": "decide", "kind": "choose_word", "choice": "Apfel", "seat": mayor}, "wrong_seat"),
                    ({"type": "decide", "kind": "choose_word", "choice": "Apfel"}, "illegal"),
                    ({"type": "decide", "kind": "answer", "choice": ["ja", 0]}, "not_now"),
                    ({"type": "decide", "kind": "point", "choice": 0}, "not_now"),
                    ({"type": "play"}, "ww_play_before_night"),
                    ({"type": "reveal"}, "ww_no_card"),
                    ({"type": "start"}, "not_host"),
                    ({"type": "settings", "narrator": "hedda"}, "not_host"),
                    ({"type": "votes", "votes": {"0": 1}}, "ww_votes_device"),
                    ({"type": "nobody"}, "not_now"),
                    ({"type": "again"}, "not_ended"),
                ],
            )
            all_refused(
                client,
                host,
                code,
                [({"type": "start"}, "lobby_closed"), ({"type": "settings", "difficulty": 2}, "lobby_closed")],
            )


def test_an_unknown_token_or_round_gets_the_error_shape_and_the_socket_closes(client: TestClient) -> None:
    made = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    for url, code in [
        (f"/ws/ww/{made['code']}?token=erfunden", "unknown_guest"),
        (f"/ws/ww/{made['code']}", "unknown_guest"),
        ("/ws/ww/XXXXX?token=erfunden", "no_round"),
    ]:
        with client.websocket_connect(url) as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == code and error["message"] == ERRORS[code]
            assert ws.receive()["type"] == "websocket.close"
    assert client.get("/api/ww/rooms/XXXXX").json() == {"error": "no_round", "message": ERRORS["no_round"]}


def test_a_bug_answers_internal_is_logged_and_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    made = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES}).json()
    code = made["code"]

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in the round")

    with client.websocket_connect(f"/ws/ww/{code}?token={made['token']}") as ws:
        state(ws, "deal")
        for _ in NAMES:
            step(ws, {"type": "reveal"})
            step(ws, {"type": "next"})
        mayor_stage = at(ws, {"type": "play"}, "mayor")
        words = next(r for r in mayor_stage["game"]["pending"] if r["kind"] == "choose_word")["options"]
        guesser = (mayor_stage["game"]["mayor"] + 1) % 5
        with monkeypatch.context() as patch:
            patch.setattr(WerwoerterRoom, "_stage_after", broken)
            patch.setattr(WerwoerterRoom, "_settings", broken)
            at(ws, {"type": "decide", "kind": "choose_word", "choice": words[0]}, "day")  # no stage_after at night
            caplog.clear()
            with caplog.at_level(logging.ERROR):
                all_refused(
                    client,
                    ws,
                    code,
                    [
                        ({"type": "decide", "kind": "correct", "choice": guesser, "ref": 1}, "internal"),  # taken
                        ({"type": "settings", "difficulty": 2, "ref": 2}, "internal"),
                    ],
                )
            assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [RuntimeError, RuntimeError]
        pointing = at(ws, {"type": "decide", "kind": "correct", "choice": guesser}, "pointing")  # without the bug
        assert pointing["game"]["phase"] == "pointing"


def test_a_stored_game_that_cannot_be_replayed_halts_the_round_which_can_start_again(config: ServerConfig) -> None:
    with TestClient(create_app(config), base_url="http://testserver") as client:
        made = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES}).json()
    code = made["code"]
    db = Database(config.database_url)
    store.append_command(
        db, code, 0, store.Command("decide", 0, "answer", {"kind": "answer", "seat": 0, "choice": ["ja", 9]})
    )
    db.close()
    with TestClient(create_app(config), base_url="http://testserver") as client:
        with client.websocket_connect(f"/ws/ww/{code}?token={made['token']}") as ws:
            halted = state(ws)
            assert halted["status"] == "halted" and halted["game"] is None
            assert ws.receive_json() == {
                "type": "error",
                "code": "game_halted",
                "message": ERRORS["game_halted"],
                "ref": None,
            }
            for _ in range(100):
                if client.get(f"/api/ww/rooms/{code}").json()["status"] == "halted":
                    break
                ws.send_json({"type": "ping"})  # the halt is stored by the room's task, after this device came
                assert ws.receive_json()["type"] == "pong"
            assert client.get(f"/api/ww/rooms/{code}").json()["status"] == "halted"
            fresh = at(ws, {"type": "again"}, "deal")
            assert fresh["status"] == "running" and fresh["game"] is not None
        assert client.get(f"/api/ww/rooms/{code}").json()["status"] == "running"
