"""A table's Aussprache and "knapp": the guests' instant preview of their own name (a table token instead
of an account, online's checks and limits), and the names and style the one device is opened with."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from starlette.testclient import TestClient
from tests.server.test_table_narration_order import step
from tests.server.test_table_rooms import own_table

from wolfrunde.narration.catalogue import Style
from wolfrunde.narration.formats import decode
from wolfrunde.server import narration_http
from wolfrunde.server.narration_voices import CueKey, voices_for
from wolfrunde.server.table import texts
from wolfrunde.server.table.single import SingleDevice

NAMES = ["Anna", "Jean", "Carla", "Dora", "Emil"]
GAMES = 8
BAD_SAYS = f"Die Einstellungen sind ungültig: {texts.BAD_SAYS}"


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
    other = voiced.get(name_url(code), params={"text": "Anna"}, headers=ben)
    assert other.content == plain.content, "a guest hears his own name only"
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
    assert voiced.get(name_url(code), params={"say": "Annah"}, headers=anna).status_code == 200
    assert voiced.get(name_url(code), params={"say": "Bänn"}, headers=ben).status_code == 200
    refused = voiced.get(name_url(code), params={"say": "Bähn"}, headers=ben)
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_names", "the table is one client"
    assert refused.headers["retry-after"]
    assert voiced.get(name_url(code), params={"say": "Bänn"}, headers=ben).status_code == 200  # cached
    another = voiced.get(name_url(other["code"]), params={"say": "Anah"}, headers={"x-table-token": other["token"]})
    assert another.status_code == 200, "another table has its own limit"


def test_the_one_device_setup_hears_a_name_before_the_table_exists(
    voiced: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No account, no table token yet: the address is the client of the name limits."""
    monkeypatch.setattr(narration_http, "NEW_NAME_CLIPS", 2)
    url = "/api/tables/names/jutta"
    plain = voiced.get(url, params={"text": "Jean"})
    respelled = voiced.get(url, params={"text": "Jean", "say": "Schohn"})
    assert plain.status_code == respelled.status_code == 200
    assert respelled.headers["content-type"].startswith("audio/ogg") and plain.content != respelled.content
    bad = voiced.get(url, params={"text": "Jean", "say": "Sch0hn"})
    assert bad.status_code == 400 and "nur Buchstaben" in bad.json()["message"]
    assert voiced.get(url, params={"text": ""}).json()["error"] == "bad_name"
    assert voiced.get("/api/tables/names/niemand", params={"text": "Jean"}).json()["error"] == "no_narrator"
    refused = voiced.get(url, params={"text": "Jean", "say": "Schahn"})
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_names" and refused.headers["retry-after"]
    assert voiced.get(url, params={"text": "Jean", "say": "Schohn"}).status_code == 200, "a cached name is free"


# --- one device: the names' Aussprache and the style, given when the table is opened -------------------


def played(client: TestClient, body: dict[str, Any]) -> SingleDevice:
    """A one-device table opened with `body`, played to its end with random taps."""
    made = client.post("/api/tables", json={"mode": "single", "names": NAMES, "night_style": "round", **body})
    assert made.status_code == 201, made.text
    device: SingleDevice = client.app.state.rooms.rooms[made.json()["code"]].kind.device  # type: ignore[attr-defined]
    rng = random.Random(1)
    while device.screen()["screen"] != "over":
        step(device, rng)
    return device


def audio_key(client: TestClient, cue: dict[str, Any]) -> CueKey:
    """The cue the device's audio address asks the server for (what the narrator speaks)."""
    address = urlsplit(cue["url"])
    narrator, scene, variant = address.path.split("/")[-3:]
    query = {name: values[0] for name, values in parse_qs(address.query).items()}
    key = voices_for(client.app.state.config).verify(
        narrator, scene, int(variant), query["values"], query["sig"], query.get("say", ""), query.get("style", "")
    )
    assert key is not None, cue["url"]
    return key


def test_the_one_device_narrator_says_a_name_as_its_aussprache_and_knapp(client: TestClient) -> None:
    for _ in range(GAMES):  # the cards are dealt by secret chance: play until the narrator names Jean
        device = played(client, {"says": [None, "  Schohn ", "", None, None], "style": "knapp"})
        assert device.narration is not None
        cues = device.narration.cues
        if any("Jean" in cue["text"] for cue in cues):
            break
    keys = [audio_key(client, cue) for cue in cues]
    assert {key.style for key in keys} == {Style.SHORT}, "every line in the short texts"
    named = [key for cue, key in zip(cues, keys, strict=True) if "Jean" in cue["text"]]
    assert named, f"the narrator named Jean in none of {GAMES} games (by a death or a vote)"
    assert all(key.pronunciations() == {"Jean": "Schohn"} for key in named), "spoken as his Aussprache"
    assert not any("Schohn" in cue["text"] for cue in cues), "the captions show the name as it is written"
    assert all(not key.pronunciations() for cue, key in zip(cues, keys, strict=True) if "Jean" not in cue["text"])

    plain = played(client, {})
    assert plain.narration is not None
    plain_keys = [audio_key(client, cue) for cue in plain.narration.cues]
    assert {key.style for key in plain_keys} == {Style.FULL} and not any(k.pronunciations() for k in plain_keys)


def test_the_one_device_table_is_opened_again_with_the_same_aussprache(client: TestClient) -> None:
    says = [None, "Schohn", None, None, None]
    made = client.post("/api/tables", json={"mode": "single", "names": NAMES, "says": says, "style": "knapp"}).json()
    table = client.app.state.rooms.rooms[made["code"]].kind  # type: ignore[attr-defined]
    offer = table._again()
    assert offer["says"] == [None, "Schohn", None, None, None] and offer["style"] == "knapp"
    assert client.post("/api/tables", json=offer).status_code == 201


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        (
            {"says": [None, "Sch0hn", None, None, None]},
            "bad_pronunciation",
            "Diese Aussprache geht nicht: Name 2 („Jean“) – Die Aussprache darf nur Buchstaben, Leerzeichen,"
            " Bindestriche und Apostrophe enthalten.",
        ),
        (
            {"says": [None, None, None, None, "E" * 41]},
            "bad_pronunciation",
            "Diese Aussprache geht nicht: Name 5 („Emil“) – Die Aussprache darf höchstens 40 Zeichen lang sein.",
        ),
        (
            {"says": ["Anah"]},
            "bad_settings",
            BAD_SAYS,
        ),
        (
            {"says": [None, 3, None, None, None]},
            "bad_settings",
            BAD_SAYS,
        ),
        ({"style": "kurz"}, "bad_settings", "Die Einstellungen sind ungültig: Der Erzähler spricht voll oder knapp."),
        ({"style": True}, "bad_settings", "Die Einstellungen sind ungültig: Der Erzähler spricht voll oder knapp."),
    ],
)
def test_a_bad_aussprache_or_style_is_refused_naming_the_name(
    client: TestClient, body: dict[str, Any], code: str, message: str
) -> None:
    answer = client.post("/api/tables", json={"mode": "single", "names": NAMES, **body})
    assert answer.status_code == 400
    assert answer.json() == {"error": code, "message": message}
