"""Every page answers in German with its title, description and OpenGraph tags; errors are German too."""

from __future__ import annotations

import re

from starlette.testclient import TestClient
from tests.server.site.conftest import site_paths
from tests.server.site.html_tools import parse

from wolfrunde.server.site import catalogue, pages


def test_every_route_answers_with_a_german_page(site: TestClient) -> None:
    for path in site_paths():
        response = site.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html"), path
        document = parse(response.text)
        assert document.find("html").attrs["lang"] == "de", path
        assert document.find("h1").text(), path


def test_each_page_has_title_description_canonical_and_opengraph(rendered: dict[str, str]) -> None:
    titles = set()
    for path, html in rendered.items():
        document = parse(html)
        title = document.find("title").text()
        description = document.meta("description")
        assert title.endswith("| Wolfrunde") or (path == "/" and title.startswith("Wolfrunde")), path
        assert description and 40 <= len(description) <= pages.DESCRIPTION_LENGTH, (path, description)
        assert document.meta("og:title") and document.meta("og:description") == description, path
        assert document.meta("og:type") in ("website", "article") and document.meta("og:locale") == "de_DE", path
        canonical = document.find("link", rel="canonical").attrs["href"]
        assert canonical == "http://testserver" + path.split("?")[0] == document.meta("og:url"), path
        if "?" not in path:
            titles.add(title)
    assert len(titles) == len({path for path in rendered if "?" not in path}), "two pages share a title"


def test_the_pages_work_without_javascript(rendered: dict[str, str]) -> None:
    for path, html in rendered.items():
        assert "<script" not in html, f"{path} carries a script"


def test_the_sitemap_lists_every_page_once(site: TestClient) -> None:
    response = site.get("/sitemap.xml")
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/xml")
    listed = re.findall(r"<loc>([^<]+)</loc>", response.text)
    assert listed == ["http://testserver" + path for path in pages.all_paths()]
    assert len(listed) == len(pages.PAGES) + len(catalogue.roles())
    robots = site.get("/robots.txt").text
    assert "Sitemap: http://testserver/sitemap.xml" in robots


def test_an_unknown_role_gets_a_german_404_page(site: TestClient) -> None:
    response = site.get("/rollen/zauberer")
    assert response.status_code == 404
    assert "Diese Rolle gibt es nicht" in response.text and 'href="/rollen"' in response.text


def test_an_unknown_rule_set_gets_a_german_404_page(site: TestClient) -> None:
    response = site.get("/rollen-nach-spielerzahl?regelwerk=hausregeln")
    assert response.status_code == 404 and "Das Regelwerk „hausregeln“ gibt es nicht" in response.text


def test_the_start_page_leads_to_every_way_to_play_and_the_rules(rendered: dict[str, str]) -> None:
    links = {a.attrs["href"] for a in parse(rendered["/"]).by_id("inhalt").find_all("a")}
    assert {"/online", "/tisch", "/ww", "/regeln"} <= links


def test_the_online_client_moved_to_online_and_room_links_still_serve_it(site: TestClient) -> None:
    for path in ("/online", "/r/ACDEF"):
        assert "/static/app.js" in site.get(path).text
    assert "/static/app.js" not in site.get("/").text


def test_the_rules_page_names_the_whole_night_and_the_duesterwald_differences(rendered: dict[str, str]) -> None:
    document = parse(rendered["/regeln"])
    night = document.by_id("ablauf").find("ol", **{"class": "night"}).find_all("li")
    assert [li.find("a").text() for li in night] == [step.name for step in catalogue.night_order()]
    duesterwald = document.by_id("duesterwald").text()
    for point in ("Gleichstand", "Verliebte", "Mädchen", "Die letzten zwei"):
        assert point in duesterwald
    overview = document.by_id("rollen").find_all("h3")
    assert [h.text() for h in overview] == [role.name for role in catalogue.roles()]


def test_the_rules_describe_the_push_to_talk_voice_chat_of_the_online_round(rendered: dict[str, str]) -> None:
    document = parse(rendered["/regeln"])
    voice = document.by_id("sprachchat").text()
    assert "Sprechtaste gedrückt" in voice and "Werwölfe beraten sich untereinander" in voice
    assert "nirgends aufgezeichnet" in voice
    online = document.by_id("spielarten").find("dd").text()
    assert "Sprachchat mit Sprechtaste" in online
    assert "ohne Sprachchat" in document.by_id("spielarten").find_all("dd")[1].text()


def test_the_privacy_page_names_what_is_stored_and_links_the_account_page(rendered: dict[str, str]) -> None:
    document = parse(rendered["/datenschutz"])
    stored = [h.text() for h in document.by_id("konto").find_all("h3")]
    assert stored == ["Kontoname", "Passwort, nur als Hash", "Sitzung", "Spielverlauf", "Chat", "Sprachchat"]
    assert "30 Tage sind die Voreinstellung" in document.by_id("frist").text()
    links = {a.attrs["href"] for a in document.by_id("konto-loeschen").find_all("a")}
    assert pages.ACCOUNT.path in links
    assert pages.ACCOUNT.path not in pages.all_paths(), "the account page is nobody's to index"
