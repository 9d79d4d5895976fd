"""Werwörter over HTTP and the WebSocket: creating rooms, joining as a guest, the QR code, the page,
and what the one shared device is shown at each stage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from wolfrunde.server.werwoerter_app.payloads import game_part
from wolfrunde.server.werwoerter_app.stages import Stage
from wolfrunde.werwoerter import Decision, Game, Kind, Setup

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]


def state(ws: Any, limit: int = 20) -> dict[str, Any]:
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "state":
            return dict(message)
    raise AssertionError("no state")


def test_the_page_and_a_single_device_room_over_the_socket(client: TestClient) -> None:
    page = client.get("/ww/ABCDE")
    assert page.status_code == 200 and 'lang="de"' in page.text and "werwoerter/main.js" in page.text
    created = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES, "difficulty": 3, "day_seconds": 300})
    assert created.status_code == 201
    code, token = created.json()["code"], created.json()["token"]
    assert client.get(f"/api/ww/rooms/{code}").json() == {
        "code": code,
        "mode": "single",
        "status": "running",
        "players": 5,
    }
    with client.websocket_connect(f"/ws/ww/{code}?token={token}") as ws:
        first = state(ws)
        assert first["stage"]["name"] == "deal" and first["card"] is None
        assert first["game"]["role"] is None and first["game"]["word"] is None
        ws.send_json({"type": "reveal"})
        card = state(ws)["card"]
        assert card["seat"] == 0 and card["name"] == "Anna"
        ws.send_json({"type": "play"})
        assert "Erst sehen alle" in ws.receive_json()["message"]


def test_creating_and_joining_are_checked(client: TestClient) -> None:
    assert client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES[:3]}).status_code == 400
    twice = client.post("/api/ww/rooms", json={"mode": "single", "names": [*NAMES[:4], "anna"]})
    assert twice.status_code == 400 and "denselben Namen" in twice.json()["message"]
    assert client.post("/api/ww/rooms", json={"mode": "devices", "name": "A", "difficulty": 5}).status_code == 400
    assert client.post("/api/ww/rooms", json={"mode": "devices", "name": ""}).status_code == 400
    created = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()
    code = created["code"]
    for index, name in enumerate(["Ben", "Carla", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Jan"], 1):
        joined = client.post(f"/api/ww/rooms/{code}/join", json={"name": name})
        assert joined.status_code == 201 and joined.json()["seat"] == index
    full = client.post(f"/api/ww/rooms/{code}/join", json={"name": "Karl"})
    assert full.status_code == 409 and "voll" in full.json()["message"]
    assert client.post("/api/ww/rooms/XXXXX/join", json={"name": "Karl"}).status_code == 404
    foreign = client.post(
        "/api/ww/rooms", json={"mode": "devices", "name": "Eve"}, headers={"origin": "http://evil.example"}
    )
    assert foreign.status_code == 403


def test_the_qr_code_is_an_svg_of_the_join_link(client: TestClient) -> None:
    code = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()["code"]
    qr = client.get(f"/api/ww/rooms/{code}/qr.svg")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert qr.text.lstrip().startswith("<svg") and code in qr.text  # the code is in its title
    assert client.get("/api/ww/rooms/XXXXX/qr.svg").status_code == 404


@pytest.mark.parametrize("seed", range(12))
def test_the_shared_device_is_sent_the_words_to_choose_from_only_while_the_mayor_alone_looks(seed: int) -> None:
    """The candidates and their hints (which tell the Bürgermeister's secret role) are open from the deal
    on, while the device goes from hand to hand."""
    game = Game(Setup(players=tuple(NAMES), seed=seed))
    choice = game.pending()[0]
    assert choice.kind is Kind.CHOOSE_WORD
    for stage in (Stage.DEAL, Stage.NIGHT_START):
        part = game_part(game, game.mayor, True, stage)
        assert part["pending"] == [] and part["hints"] == [], stage
        assert not set(choice.options) & set(json.dumps(part).split('"')), stage
    shown = game_part(game, game.mayor, True, Stage.MAYOR)
    assert [request["kind"] for request in shown["pending"]] == ["choose_word"]
    assert shown["pending"][0]["options"] == list(choice.options)


def test_the_shared_device_shows_role_word_and_werewolves_only_at_their_moments() -> None:
    game = Game(Setup(players=tuple(NAMES), seed=11))
    mayor = game.mayor
    word = game.pending()[0].options[0]
    game.apply(Decision(Kind.CHOOSE_WORD, mayor, word))
    for stage in (Stage.MAYOR_SLEEP, Stage.SEER_WAKE, Stage.SEER_SLEEP, Stage.WOLVES_WAKE, Stage.WOLVES_SLEEP):
        part = game_part(game, mayor, True, stage)
        assert part["word"] is None and part["role"] is None and part["werewolves"] == []
    for stage in (Stage.SEER_WORD, Stage.WOLVES_WORD, Stage.DAY):
        part = game_part(game, mayor, True, stage)
        assert part["word"] == word and part["role"] is None and part["werewolves"] == []
    game.apply(Decision(Kind.CORRECT, mayor, (mayor + 1) % 5))
    part = game_part(game, mayor, True, Stage.POINTING)
    assert part["werewolves"] and {r["kind"] for r in part["pending"]} >= {"point", "whoops"}


def test_the_host_chooses_the_narrator_and_an_unknown_one_is_refused(client: TestClient) -> None:
    bad = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna", "narrator": "hal"})
    assert bad.status_code == 400 and "Diesen Erzähler gibt es nicht" in bad.json()["message"]
    created = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna", "narrator": "konrad"}).json()
    with client.websocket_connect(f"/ws/ww/{created['code']}?token={created['token']}") as ws:
        assert state(ws)["settings"]["narrator"] == "konrad"
        ws.send_json({"type": "settings", "narrator": "hedda"})
        assert state(ws)["settings"]["narrator"] == "hedda"
        ws.send_json({"type": "settings", "narrator": "hal"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "Hedda" in refused["message"]
    single = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES, "narrator": "mechthild"}).json()
    with client.websocket_connect(f"/ws/ww/{single['code']}?token={single['token']}") as ws:
        assert state(ws)["settings"]["narrator"] == "mechthild"
        for _ in NAMES:  # every player looks at his card, then the night begins with the narrator's cue
            ws.send_json({"type": "reveal"})
            state(ws)
            ws.send_json({"type": "next"})
            state(ws)
        ws.send_json({"type": "play"})
        for _ in range(20):
            message = ws.receive_json()
            if message["type"] == "cue":
                assert message["narrator"] == "mechthild"
                break
        else:
            raise AssertionError("no narrator cue")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("<b>X</b>", "Diese Zeichen gehen in Namen nicht: „<“ „>“ „/“."),
        ("   ", "Bitte gib einen Namen ein."),
        ("Annemarie-Katharina-Luise", "höchstens 20 Zeichen, dieser hat 25"),
        ("-Anna", "beginnt mit einem Buchstaben oder einer Ziffer"),
    ],
)
def test_a_refused_name_gets_its_real_reason(client: TestClient, name: str, reason: str) -> None:
    code = client.post("/api/ww/rooms", json={"mode": "devices", "name": "Anna"}).json()["code"]
    joined = client.post(f"/api/ww/rooms/{code}/join", json={"name": name})
    assert joined.status_code == 400 and joined.json()["error"] == "ww_bad_name"
    assert reason in joined.json()["message"]
    opened = client.post("/api/ww/rooms", json={"mode": "devices", "name": name})
    assert opened.status_code == 400 and reason in opened.json()["message"]
    single = client.post("/api/ww/rooms", json={"mode": "single", "names": [*NAMES[:3], name]})
    assert single.status_code == 400 and single.json()["message"].startswith("Spieler 4: ")
    assert reason in single.json()["message"]
