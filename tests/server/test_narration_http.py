"""Narrators, their previews, the role pages and every role's Hörbeispiel over HTTP."""

from starlette.testclient import TestClient

from wolfrunde.engine import all_cards
from wolfrunde.engine.texts import role_pages
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import NARRATOR_IDS


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
