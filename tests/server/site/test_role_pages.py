"""Every role has its page, and every section of it is filled from the engine's and narrator's data."""

from __future__ import annotations

import pytest
from tests.server.site.html_tools import Node, parse

from wolfrunde.server.site import catalogue, pages

ROLES = [role.id for role in catalogue.roles()]
SECTIONS = ("kurz", "nacht", "regelfragen", "taktik", "spielarten", "hoerbeispiel")


def test_there_is_a_page_for_each_of_the_28_roles(rendered: dict[str, str]) -> None:
    assert len(ROLES) == 28
    assert {f"/rollen/{role_id}" for role_id in ROLES} <= set(rendered)


@pytest.mark.parametrize("role_id", ROLES)
def test_each_section_of_a_role_page_is_filled(rendered: dict[str, str], role_id: str) -> None:
    role = catalogue.role(role_id)
    assert role is not None
    document = parse(rendered[pages.role_path(role_id)])
    assert document.find("h1").text() == role.name
    for section in SECTIONS:
        assert len(document.by_id(section).text()) > 40, f"{role_id}: section {section} is empty"
    assert role.summary in document.by_id("kurz").text()
    _night(document.by_id("nacht"), role)
    _questions(document.by_id("regelfragen"), role)
    tips = [li.text() for li in document.by_id("taktik").find_all("li")]
    assert tips == list(role.tips) and tips
    _modes(document.by_id("spielarten"), role)
    _samples(document.by_id("hoerbeispiel"), role)


def _night(section: Node, role: catalogue.Role) -> None:
    steps = section.find("ol", **{"class": "night"}).find_all("li")
    order = catalogue.night_order()
    assert len(steps) == len(order), "the whole night is listed"
    marked = [step.id for step, li in zip(order, steps, strict=True) if li.attrs.get("aria-current") == "step"]
    assert marked == [step.id for step in order if role.id in step.roles]
    assert role.night in section.text()


def _questions(section: Node, role: catalogue.Role) -> None:
    asked = section.find_all("div", **{"class": "qa"})
    assert len(asked) == len(role.questions) > 0
    for node, item in zip(asked, role.questions, strict=True):
        assert node.find("h3").text() == item.question and node.find("p").text() == item.answer and item.answer


def _modes(section: Node, role: catalogue.Role) -> None:
    rows = section.find("table").find("tbody").find_all("tr")
    assert len(rows) == len(catalogue.MODES)
    for row, mode in zip(rows, role.modes, strict=True):
        cell = row.find("td").text()
        assert cell == (f"ja, {mode.low} bis {mode.high} Spieler" if mode.playable else "nein")
    assert role.setup in section.text()


def _samples(section: Node, role: catalogue.Role) -> None:
    figures = section.find_all("figure")
    narrators = catalogue.narrators()
    assert len(figures) == len(narrators) == 5
    for figure, narrator in zip(figures, narrators, strict=True):
        assert narrator.name in figure.find("figcaption").text()
        sources = [s.attrs["src"] for s in figure.find("audio").find_all("source")]
        base = f"/api/roles/{role.id}/sample?narrator={narrator.id}"
        assert sources == [f"{base}&format=opus", f"{base}&format=mp3"]
        transcript = figure.find("p", **{"class": "transcript"}).text()
        assert transcript.strip("„“") == catalogue.sample_text(role.id, narrator.id) and len(transcript) > 10


def test_the_judge_is_not_offered_with_a_single_device(rendered: dict[str, str]) -> None:
    rows = parse(rendered["/rollen/judge"]).by_id("spielarten").find("tbody").find_all("tr")
    cells = {row.find("th").text(): row.find("td").text() for row in rows}
    assert cells == {
        "Online": "ja, 5 bis 14 Spieler",
        "Am Tisch mit einem Gerät": "nein",
        "Am Tisch mit eigenen Geräten": "ja, 3 bis 40 Spieler",
    }


def test_the_witch_page_marks_the_witch_step_and_sisters_start_at_eight(rendered: dict[str, str]) -> None:
    witch = parse(rendered["/rollen/witch"]).by_id("nacht")
    assert [li.find("strong").text() for li in witch.find_all("li") if li.attrs.get("aria-current")] == ["Hexe"]
    sisters = parse(rendered["/rollen/sister"]).by_id("spielarten").text()
    assert "ja, 8 bis 14 Spieler" in sisters and "Satz von 2 Karten" in sisters


@pytest.mark.parametrize(
    ("role_id", "sentence"),
    [
        ("sister", "sind Schwestern bei 8, 9, 12, 14, 16 und ab 18 Spielern dabei."),
        ("brother", "sind Brüder bei 10, 11, 13, 15, 17 und ab 19 Spielern dabei."),
        ("hunter", "ist Jäger bei 6, 7 und ab 9 Spielern dabei."),
        ("bodyguard", "ist Leibwächter bei 7 bis 9 und ab 11 Spielern dabei."),
        ("fool", "ist Dorfnarr bei 15 und ab 25 Spielern dabei."),
        ("seer", "ist Seherin ab 3 Spielern dabei."),
    ],
)
def test_a_role_page_names_the_player_counts_whose_recommended_set_has_it(
    rendered: dict[str, str], role_id: str, sentence: str
) -> None:
    text = " ".join(parse(rendered[pages.role_path(role_id)]).by_id("spielarten").text().split())
    assert f"In den empfohlenen Besetzungen {sentence}" in text


def test_the_player_counts_on_a_role_page_are_those_of_the_recommended_sets() -> None:
    low, high = catalogue.player_limits("online")
    for role in catalogue.roles():
        counts = pages.recommended_counts(role.id)
        for players in catalogue.all_player_counts():
            mode = "online" if low <= players <= high else "table_own_devices"
            assert (players in counts) == (role.id in catalogue.recommended(players, mode)), (role.id, players)
    assert pages.player_counts_phrase([12, 18, *range(23, 41)]) == "bei 12, 18 und ab 23 Spielern"
    assert pages.player_counts_phrase([5, 6, 7, 9]) == "bei 5 bis 7 und 9 Spielern"
