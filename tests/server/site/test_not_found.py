"""Addresses the site does not have: a German 404 page (JSON under /api/, plain text for files), and the
same page under another spelling (/Regeln, a role's German name) redirects to it."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from tests.server.site.html_tools import parse


@pytest.mark.parametrize("path", ["/werwoerter", "/spielen/jetzt", "/rollen/zauberer/mehr"])
def test_an_unknown_page_gets_a_german_404_page(site: TestClient, path: str) -> None:
    response = site.get(path, headers={"accept": "text/html"})
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    document = parse(response.text)
    assert document.find("html").attrs["lang"] == "de"
    assert document.find("h1").text() == "Seite nicht gefunden"
    assert "Not Found" not in response.text
    links = {a.attrs["href"] for a in document.by_id("inhalt").find_all("a")}
    assert {"/", "/regeln", "/rollen", "/werwoerter/regeln", "/ww"} <= links


def test_unknown_api_addresses_and_files_answer_in_german_without_a_page(site: TestClient) -> None:
    api = site.get("/api/gibtsnicht")
    assert api.status_code == 404 and api.json() == {"error": "not_found", "message": "Diese Adresse gibt es nicht."}
    assert site.get("/api/ww/rooms/XXXXX").json()["error"] == "no_round"  # an API's own 404 stays its own
    for path in ("/static/gibtsnicht.js", "/seite/gibtsnicht.css"):
        missing = site.get(path)
        assert missing.status_code == 404 and missing.text == "Nicht gefunden."


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/rollen/seherin", "/rollen/seer"),
        ("/rollen/Seherin", "/rollen/seer"),
        ("/Rollen/Seherin", "/rollen/seer"),
        ("/rollen/weisser-wolf", "/rollen/white_wolf"),
        ("/rollen/m%C3%A4dchen", "/rollen/little_girl"),
        ("/rollen/maedchen", "/rollen/little_girl"),
        ("/rollen/brueder", "/rollen/brother"),
        ("/rollen/Seer", "/rollen/seer"),
        ("/Regeln", "/regeln"),
        ("/WERWOERTER/Regeln", "/werwoerter/regeln"),
    ],
)
def test_a_page_spelled_otherwise_redirects_to_it(site: TestClient, path: str, target: str) -> None:
    response = site.get(path, follow_redirects=False)
    assert response.status_code == 301 and response.headers["location"] == target
    assert site.get(path).status_code == 200


def test_a_wrong_method_is_answered_in_german_and_says_what_is_allowed(site: TestClient) -> None:
    api = site.get("/api/register")
    assert api.status_code == 405 and api.json()["error"] == "wrong_method"
    assert api.json()["message"] == "Diese Adresse nimmt keine GET-Anfrage an." and "POST" in api.headers["allow"]
    page = site.post("/regeln")
    assert page.status_code == 405 and "Method Not Allowed" not in page.text and "POST" in page.text
