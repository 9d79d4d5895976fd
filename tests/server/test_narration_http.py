"""Narrators, their previews, the role pages and every role's Hörbeispiel over HTTP; names and their
Aussprache; many clients asking for one clip at once."""

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.server.conftest import as_user, sign_up
from tests.server.live import LiveServer

from wolfrunde.engine import all_cards
from wolfrunde.engine.texts import role_pages
from wolfrunde.narration.catalogue import Style
from wolfrunde.narration.engines.choice import ENGINE_ENV
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server import narration_http
from wolfrunde.server.narration_voices import CueKey, query_string, voices_for


def test_the_narrators_are_listed_with_german_descriptions(client: TestClient) -> None:
    listing = client.get("/api/voices").json()
    assert [n["id"] for n in listing["narrators"]] == list(NARRATOR_IDS)
    assert listing["default"] == "jutta"
    konrad = next(n for n in listing["narrators"] if n["id"] == "konrad")
    assert konrad["name"] == "Konrad" and "Holzfäller" in konrad["description"]


def test_each_narrator_can_be_previewed(client: TestClient) -> None:
    lengths = []
    for narrator_id in NARRATOR_IDS:
        response = client.get(f"/api/voices/{narrator_id}/preview")
        assert response.status_code == 200 and response.headers["content-type"].startswith("audio/ogg")
        sound = decode(response.content)
        assert 1.0 < sound.seconds < 20 and sound.rms() > 0.02
        lengths.append(round(sound.seconds, 1))
    assert len(set(lengths)) > 1, "five different voices, not one clip five times"
    mp3 = client.get("/api/voices/hedda/preview", headers={"accept": "audio/mpeg"})
    assert mp3.headers["content-type"] == "audio/mpeg" and decode(mp3.content).seconds > 1.0
    assert client.get("/api/voices/bernd/preview").json()["error"] == "no_narrator"


def test_role_pages_carry_card_data_and_texts(client: TestClient) -> None:
    roles = client.get("/api/roles").json()
    assert set(roles) == set(all_cards()) == set(role_pages())
    seer = roles["seer"]
    assert seer["name"] == "Seherin" and seer["side"] == "village" and seer["description"]
    assert seer["step"] == "seer" and seer["page"]["summary"] == role_pages()["seer"]["summary"]
    assert seer["sample"] == "/api/roles/seer/sample"
    assert client.get("/api/roles/witch").json()["page"]["tips"] == role_pages()["witch"]["tips"]
    assert client.get("/api/roles/vampire").status_code == 404


def test_role_samples_are_served_for_any_narrator(client: TestClient) -> None:
    for role, narrator_id in (("villager", "hedda"), ("knight", "konrad"), ("werewolf", "jutta")):
        response = client.get(f"/api/roles/{role}/sample?narrator={narrator_id}")
        assert response.status_code == 200, role
        assert decode(response.content).seconds > 1.0
    mp3 = client.get("/api/roles/angel/sample?narrator=leopold&format=mp3")
    assert mp3.headers["content-type"] == "audio/mpeg" and decode(mp3.content).seconds > 1.0
    assert client.get("/api/roles/seer/sample?narrator=bernd").status_code == 404
    assert client.get("/api/roles/vampire/sample").status_code == 404


# --- one clip for many clients at once, names with their Aussprache, limits ----------------------------


def test_many_clients_asking_at_once_for_one_uncached_clip_all_get_the_same_complete_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a fresh cache six browsers got ERR_CONTENT_LENGTH_MISMATCH: each request made the clip anew and
    replaced the file being served (the bundled espeak-ng never makes the same bytes twice). Now it is
    made once and every answer is that file, whole."""
    monkeypatch.setenv(ENGINE_ENV, "espeak")
    server = LiveServer(tmp_path / "data").start()
    try:
        url = f"{server.url}/api/voices/mechthild/preview"
        clients = [httpx.Client(timeout=120) for _ in range(16)]
        start = threading.Barrier(len(clients))

        def fetch(client: httpx.Client) -> tuple[int, bytes, str]:
            start.wait()  # every request leaves at the same moment
            response = client.get(url)  # raises on a body shorter than its Content-Length
            return response.status_code, response.content, response.headers["content-length"]

        with ThreadPoolExecutor(len(clients)) as pool:
            answers = list(pool.map(fetch, clients))
        for client in clients:
            client.close()
    finally:
        server.stop()
    assert {status for status, _, _ in answers} == {200}
    bodies = {body for _, body, _ in answers}
    assert len(bodies) == 1, "one clip, made once (two renders never encode to the same bytes)"
    body = bodies.pop()
    assert all(int(length) == len(body) for _, _, length in answers)
    assert decode(body).seconds > 1.0
    clips = list((tmp_path / "data" / "voices" / "mechthild" / "scenes" / "welcome").iterdir())
    assert len(clips) == 1 and not clips[0].name.startswith(".tmp-")


def test_a_name_is_previewed_with_its_aussprache(voiced: TestClient) -> None:
    user = as_user(sign_up(voiced, "anna"))
    plain = voiced.get("/api/voices/hedda/name?text=Jean", headers=user)
    respelled = voiced.get("/api/voices/hedda/name", params={"text": "Jean", "say": "Schohn"}, headers=user)
    assert plain.status_code == respelled.status_code == 200
    assert respelled.headers["content-type"].startswith("audio/ogg")
    assert plain.content != respelled.content and decode(respelled.content).seconds > 0.2
    again = voiced.get("/api/voices/hedda/name", params={"text": "Jean", "say": "Schohn"}, headers=user)
    assert again.content == respelled.content  # from the cache
    bad = voiced.get("/api/voices/hedda/name", params={"text": "Jean", "say": "<b>"}, headers=user)
    assert bad.status_code == 400 and bad.json()["error"] == "bad_pronunciation"
    assert "nur Buchstaben" in bad.json()["message"]
    long = voiced.get("/api/voices/hedda/name", params={"text": "Jean", "say": "a" * 41}, headers=user)
    assert long.status_code == 400 and "höchstens 40" in long.json()["message"]
    assert voiced.get("/api/voices/hedda/name", params={"text": "x" * 25}, headers=user).status_code == 400
    assert voiced.get("/api/voices/hedda/name?text=Jean").status_code == 401


def test_a_client_makes_only_so_many_new_name_clips(voiced: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(narration_http, "NEW_NAME_CLIPS", 3)
    user = as_user(sign_up(voiced, "bert"))
    other = as_user(sign_up(voiced, "carla"))
    for name in ("Ada", "Bo", "Cy"):
        assert voiced.get(f"/api/voices/konrad/name?text={name}", headers=user).status_code == 200
    refused = voiced.get("/api/voices/konrad/name?text=Dora", headers=user)
    assert refused.status_code == 429 and refused.json()["error"] == "too_many_names"
    assert refused.headers["retry-after"] and "neue Namen" in refused.json()["message"]
    assert voiced.get("/api/voices/konrad/name?text=Ada", headers=user).status_code == 200  # cached: no new clip
    assert voiced.get("/api/voices/konrad/name?text=Dora", headers=other).status_code == 200  # per client
    names = voiced.app.state.config.voices_dir
    assert len(list((Path(names) / "konrad" / "names").glob("*.ogg"))) == 4


def test_a_client_asks_only_so_often(voiced: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(narration_http, "NAME_REQUESTS", 4)
    user = as_user(sign_up(voiced, "dora"))
    answers = [voiced.get("/api/voices/jutta/name?text=Ada", headers=user).status_code for _ in range(6)]
    assert answers == [200, 200, 200, 200, 429, 429]


def test_a_cue_address_carries_aussprache_and_style_signed(voiced: TestClient) -> None:
    service = voices_for(voiced.app.state.config)
    plain = CueKey("jutta", "verdict", 0, {"name": "Jean"})
    respelled = CueKey("jutta", "verdict", 0, {"name": "Jean"}, say={"Jean": "Schohn", "Kim": "Kimm"})
    assert "say=" not in service.url(plain) and "say=" in service.url(respelled)
    assert respelled.pronunciations() == {"Jean": "Schohn"}  # only names the cue speaks
    first, second = (voiced.get(service.url(key)) for key in (plain, respelled))
    assert first.status_code == second.status_code == 200 and first.content != second.content
    forged = service.url(plain) + "&say=" + service.url(respelled).split("say=")[1].split("&")[0]
    assert voiced.get(forged).json()["error"] == "bad_cue"
    short = CueKey("jutta", "seer_wakes", 0, {}, style=Style.SHORT)
    answer = voiced.get(service.url(short))
    assert "style=knapp" in service.url(short) and answer.status_code == 200
    assert (
        decode(answer.content).seconds
        < decode(voiced.get(service.url(CueKey("jutta", "seer_wakes", 0, {}))).content).seconds
    )


@given(st.dictionaries(st.sampled_from(["values", "say", "style", "sig", "format"]), st.text()))
def test_a_query_string_is_what_urlencode_makes(fields: dict[str, str]) -> None:
    assert query_string(fields) == urlencode(fields)


def test_a_cue_address_is_quoted_where_it_needs_it() -> None:
    assert query_string({"values": "e30", "sig": "a-b_c"}) == "values=e30&sig=a-b_c"
    assert query_string({"style": "knapp wie nie", "x": "ä&="}) == "style=knapp+wie+nie&x=%C3%A4%26%3D"
