"""Table rooms through HTTP and the WebSocket: a restarted server resumes a single-device game where it
was; guests join with a name, reconnect to their seat with their token, and see only their own view."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient
from tests.server.test_table_single import tap

from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.texts import ERRORS

TAPS = 24  # below the rate limit's burst: a device taps in human time
NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Frieda", "Gustav", "Hanna"]


def receive(ws: Any, wanted: str, limit: int = 30) -> dict[str, Any]:
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == wanted:
            return message
        assert message["type"] != "error", message
    raise AssertionError(f"no {wanted}")


def receive_error(ws: Any, limit: int = 30) -> dict[str, Any]:
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "error":
            return message
    raise AssertionError("no error")


def hello(ws: Any, token: str) -> Any:
    ws.send_json({"type": "hello", "token": token})
    return ws


def own_table(client: TestClient, players: int = 5) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An own-devices table opened by Anna, with guests joined up to `players`: (host's answer, guests')."""
    made = client.post("/api/tables", json={"mode": "own", "name": NAMES[0]}).json()
    guests = [
        client.post(f"/api/tables/{made['code']}/guests", json={"name": name}).json() for name in NAMES[1:players]
    ]
    return made, guests


@contextmanager
def seated(client: TestClient, code: str, token: str) -> Iterator[Any]:
    """A device's socket at the table, past its `welcome`."""
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, token)
        receive(ws, "welcome")
        yield ws


def stable(screen: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in screen.items() if k != "now"}


def test_a_restarted_server_resumes_the_single_device_game(config: ServerConfig) -> None:
    rng = random.Random(1)
    with TestClient(create_app(config)) as client:
        made = client.post(
            "/api/tables",
            json={
                "mode": "single",
                "names": NAMES,
                "night_style": "round",
                "vote_style": "secret",
                "narrator": "konrad",
            },
        ).json()
        with client.websocket_connect(f"/ws/tables/{made['code']}") as ws:
            hello(ws, made["token"])
            assert receive(ws, "welcome")["host"] is True
            screen = receive(ws, "screen")
            for _ in range(TAPS):  # deal and play into the first night
                op, data = tap(screen, rng)
                ws.send_json({"type": "device", "op": op, "data": data})
                screen = receive(ws, "screen")
    assert screen["phase"] == "night" and screen["screen"] != "card"
    with (
        TestClient(create_app(config)) as client,
        client.websocket_connect(f"/ws/tables/{made['code']}") as ws,
    ):  # a new process, the same database
        hello(ws, made["token"])
        receive(ws, "welcome")
        again = receive(ws, "screen")
        assert stable(again) == stable(screen)
        op, data = tap(again, rng)
        ws.send_json({"type": "device", "op": op, "data": data, "ref": 1})
        assert receive(ws, "ack")["ref"] == 1


def test_a_single_device_table_refuses_other_tokens_and_bad_setups(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        bad = client.post("/api/tables", json={"mode": "single", "names": ["Anna", "Ben"]})
        assert bad.status_code == 400 and "3 bis 40" in bad.json()["message"]
        twice = client.post("/api/tables", json={"mode": "single", "names": ["Anna", "anna", "Ben"]})
        assert twice.status_code == 400
        custom = client.post("/api/tables", json={"mode": "single", "names": NAMES, "roles": ["villager"] * 8})
        assert custom.status_code == 400 and "Wölfen" in custom.json()["message"]
        made = client.post("/api/tables", json={"mode": "single", "names": NAMES}).json()
        with client.websocket_connect(f"/ws/tables/{made['code']}") as ws:
            hello(ws, "x" * 43)
            assert ws.receive_json()["code"] == "bad_token"
        guest = client.post(f"/api/tables/{made['code']}/guests", json={"name": "Zora"})
        assert guest.status_code == 400
        assert guest.json()["message"] == ERRORS["one_device_table"], "the reason, not “the game runs already”"


def test_guests_join_reconnect_to_their_seat_and_see_only_their_view(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        made = client.post("/api/tables", json={"mode": "own", "name": "Anna"}).json()
        code = made["code"]
        guests = [client.post(f"/api/tables/{code}/guests", json={"name": name}).json() for name in NAMES[1:6]]
        assert [g["seat"] for g in guests] == [1, 2, 3, 4, 5]
        taken = client.post(f"/api/tables/{code}/guests", json={"name": "ben"})
        assert taken.status_code == 400 and taken.json()["error"] == "name_taken"
        with (
            client.websocket_connect(f"/ws/tables/{code}") as host,
            client.websocket_connect(f"/ws/tables/{code}") as guest,
        ):
            hello(host, made["token"])
            assert receive(host, "welcome") == {
                "type": "welcome",
                "code": code,
                "mode": "table_own_devices",
                "seat": 0,
                "host": True,
            }
            hello(guest, guests[2]["token"])
            assert receive(guest, "welcome")["seat"] == 3
            guest.send_json({"type": "start", "ref": "s"})
            assert receive_error(guest)["code"] == "not_host"
            host.send_json({"type": "settings", "speaker": 3})
            host.send_json({"type": "start"})
            first = receive(guest, "seat")
            assert first["speaker"] is True and first["seat"] == 3
        with client.websocket_connect(f"/ws/tables/{code}") as again:  # the phone reconnects
            hello(again, guests[2]["token"])
            assert receive(again, "welcome")["seat"] == 3
            view = receive(again, "seat")
        assert view["name"] == "Dora" and view["role"] == first["role"]
        table = client.app.state.rooms.rooms[code].kind  # type: ignore[attr-defined]
        known = {p["seat"] for p in table.game.match.view(3)["players"] if p["role"]} - {3}
        for player in view["players"]:
            if player["seat"] not in known:
                assert player["role"] is None, "no role of another seat unless the seat's own view knows it"
        assert "Deine Karte" not in json.dumps(view, ensure_ascii=False)
        late = client.post(f"/api/tables/{code}/guests", json={"name": "Zoe"})
        assert late.status_code == 400 and late.json()["error"] == "lobby_closed"


def test_an_own_devices_game_survives_a_restart_and_guests_return_to_their_seats(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        made, guests = own_table(client)
        code = made["code"]
        with seated(client, code, made["token"]) as host:
            host.send_json({"type": "settings", "discussion": 120})
            host.send_json({"type": "start"})
            before = receive(host, "seat")
        assert before["discussion_seconds"] == 120
    with TestClient(create_app(config)) as client, client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, guests[3]["token"])
        assert receive(ws, "welcome")["seat"] == 4
        view = receive(ws, "seat")
        assert view["name"] == "Emil" and view["phase"] == "night" and view["round"] == 1
    with TestClient(create_app(config)) as client, client.websocket_connect(f"/ws/tables/{code}") as host:
        hello(host, made["token"])
        receive(host, "welcome")
        again = receive(host, "seat")
        keep = ("seat", "role", "news", "players")
        assert {k: again[k] for k in keep} == {k: before[k] for k in keep}
        # the cards came before the first call; back after the restart, the host is asked what is open for him
        open_now = client.app.state.rooms.rooms[code].kind.game.match.game.pending()
        assert [q["kind"] for q in again["questions"]] == [r.kind for r in open_now if r.seat == 0]
        assert (again["deadline"] is not None) == bool(again["questions"])


def test_the_host_removes_a_guest_and_sets_the_timers(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        made, guests = own_table(client)
        code = made["code"]
        with (
            client.websocket_connect(f"/ws/tables/{code}") as host,
            client.websocket_connect(f"/ws/tables/{code}") as carla,
            client.websocket_connect(f"/ws/tables/{code}") as dora,
        ):
            hello(host, made["token"])
            receive(host, "welcome")
            hello(carla, guests[1]["token"])
            assert receive(carla, "welcome")["seat"] == 2
            hello(dora, guests[2]["token"])
            assert receive(dora, "welcome")["seat"] == 3
            dora.send_json({"type": "remove", "seat": 1, "ref": "guest"})
            assert receive_error(dora)["code"] == "not_host"
            host.send_json({"type": "remove", "seat": 0, "ref": "self"})
            assert receive_error(host)["code"] == "cannot_remove_host"
            for nobody in (-1, 99):  # the same answer as the online round and Werwörter give
                host.send_json({"type": "remove", "seat": nobody, "ref": "nobody"})
                assert receive_error(host)["code"] == "no_such_seat"
            host.send_json({"type": "settings", "speaker": 3})
            host.send_json({"type": "remove", "seat": 2})
            assert receive(carla, "removed")["message"].startswith("Die Spielleitung")
            assert receive(dora, "welcome")["seat"] == 2, "the guests after the removed one move up"
            table = receive(host, "table")
            while [s["name"] for s in table["seats"]] != ["Anna", "Ben", "Dora", "Emil"]:
                table = receive(host, "table")
            assert table["speaker"] == 2, "the speaking device stays Dora's"
            host.send_json({"type": "settings", "timers": {"night": 700, "vote": 30}})
            assert "600" in receive_error(host)["message"]
            host.send_json({"type": "settings", "timers": {"night": 25, "vote": 40}})
            while table["settings"]["timers"] != {"night": 25, "vote": 40}:
                table = receive(host, "table")
        with client.websocket_connect(f"/ws/tables/{code}") as gone:
            hello(gone, guests[1]["token"])
            assert gone.receive_json()["code"] == "bad_token", "the removed guest's token is void"
        with client.websocket_connect(f"/ws/tables/{code}") as host:
            hello(host, made["token"])
            receive(host, "welcome")
            host.send_json({"type": "start"})
            seat = receive(host, "seat")
            room = client.app.state.rooms.rooms[code].kind  # type: ignore[attr-defined]
            assert room.game.night_seconds() == 25.0, "the night steps have the host's 25 s"
            assert room.game.lobby.settings.timers["vote"] == 40
        host_view = [p["name"] for p in seat["players"]]
        assert host_view == ["Anna", "Ben", "Dora", "Emil"]


def test_while_the_speaking_device_is_away_the_host_speaks(config: ServerConfig) -> None:
    with TestClient(create_app(config)) as client:
        made, guests = own_table(client)
        with seated(client, made["code"], made["token"]) as host:
            host.send_json({"type": "settings", "speaker": 2})
            with seated(client, made["code"], guests[1]["token"]) as carla:
                host.send_json({"type": "start"})
                assert receive(carla, "seat")["speaker"] is True
                table = receive(host, "table")
                while table["status"] != "running":
                    table = receive(host, "table")
                assert (table["speaker"], table["speaking"]) == (2, 2)
            table = receive(host, "table")  # Carla's phone went away
            assert (table["speaker"], table["speaking"]) == (2, 0), "the host's device speaks meanwhile"
            assert receive(host, "seat")["speaker"] is True


def test_each_guest_sets_his_aussprache_and_the_host_knapp_for_the_narrator(config: ServerConfig) -> None:
    """Own devices, as online: a guest's `pronounce` is his own seat's Aussprache (refused with its reason
    when it cannot be spoken), `style` "knapp" is the host's; the game's narrator uses both."""
    with TestClient(create_app(config)) as client:
        made, guests = own_table(client, players=3)
        code = made["code"]
        with seated(client, code, made["token"]) as host, seated(client, code, guests[0]["token"]) as ben:
            ben.send_json({"type": "pronounce", "say": "Bänn"})
            ben.send_json({"type": "pronounce", "say": "B3n!"})
            assert receive_error(ben)["code"] == "bad_pronunciation"
            ben.send_json({"type": "settings", "style": "knapp"})
            assert receive_error(ben)["code"] == "not_host"
            host.send_json({"type": "settings", "style": "knapp"})
            table = receive(host, "table")
            while table["settings"]["style"] != "knapp" or table["seats"][1]["say"] != "Bänn":
                table = receive(host, "table")
            assert [s["say"] for s in table["seats"]] == [None, "Bänn", None]
            host.send_json({"type": "start"})
            receive(host, "seat")
            game = client.app.state.rooms.rooms[code].kind.game  # type: ignore[attr-defined]
            feed = game.narration._feed
            assert feed.style.value == "knapp" and feed.pronunciations == {"Ben": "Bänn"}
