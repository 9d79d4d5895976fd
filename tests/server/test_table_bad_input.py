"""Bad input at the table gets a German message that names the problem (which name, which limit), and
nothing is created."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ([f"Spieler {i}" for i in range(41)], "41 Namen sind zu viele: an einem Tisch sitzen höchstens 40 Spieler."),
        ([], "Bitte die Namen eingeben, einen pro Zeile (3 bis 40 Spieler)."),
        (["Anna", "Ben", "Carla", "anna"], "Name 4 („anna“) steht schon als Name 1 da; jeder Name geht nur einmal."),
        (["Anna", "B" * 200, "Carla"], "Name 2 ist 200 Zeichen lang; erlaubt sind höchstens 24."),
        (["Anna", "Niemand", "Carla", "Dora"], "Name 2: „Niemand“ geht nicht als Name"),
    ],
)
def test_a_one_device_table_names_the_bad_line_and_the_limit(
    client: TestClient, names: list[str], expected: str
) -> None:
    response = client.post("/api/tables", json={"mode": "single", "names": names})
    assert response.status_code == 400
    assert response.json()["message"].startswith(expected)


def test_the_recommendation_while_typing_says_how_many_names_are_missing(client: TestClient) -> None:
    for players, text in [(0, "Bitte mindestens 3 Namen eingeben"), (41, "41 Namen sind zu viele")]:
        response = client.get(f"/api/tables/recommended?players={players}")
        assert response.status_code == 400 and response.json()["message"].startswith(text)
    for query in ("players=-5", "players=abc", "players=8&mode=zzz", "players=8&rules=schach"):
        response = client.get(f"/api/tables/recommended?{query}")
        assert response.status_code == 400 and "bisher" not in response.json()["message"], query
    assert client.get("/api/tables/recommended?players=8&mode=own").json()["roles"]


def test_a_guest_named_niemand_is_refused(client: TestClient) -> None:
    made = client.post("/api/tables", json={"mode": "own", "name": "Anna"}).json()
    response = client.post(f"/api/tables/{made['code']}/guests", json={"name": "niemand"})
    assert response.status_code == 400 and "„niemand“ geht nicht als Name" in response.json()["message"]
    extra = client.post(f"/api/tables/{made['code']}/guests", json={"name": "Cara", "x": 1})
    assert extra.status_code == 400 and "„x“" in extra.json()["message"], "as invitations refuse them"
    twice = client.post(f"/api/tables/{made['code']}/guests", json={"name": "anna"})
    assert twice.json()["message"].startswith("Diesen Namen gibt es an diesem Tisch schon.")
