"""The role list filters by side and player count through query parameters, without JavaScript."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.server.site.html_tools import parse

from wolfrunde.server.site import catalogue


def shown(client: TestClient, query: str) -> list[str]:
    response = client.get(f"/rollen?{query}")
    assert response.status_code == 200, response.text
    return [h.find("a").attrs["href"].rsplit("/", 1)[1] for h in parse(response.text).find("main").find_all("h2")]


def test_without_a_filter_all_roles_are_listed(site: TestClient) -> None:
    assert shown(site, "") == [role.id for role in catalogue.roles()]


def test_the_sides_are_village_wolves_and_alone(site: TestClient) -> None:
    order = [role.id for role in catalogue.roles()]
    alone, wolves = shown(site, "partei=allein"), shown(site, "partei=woelfe")
    assert set(alone) == {"white_wolf", "piper", "angel"}
    assert set(wolves) == {"werewolf", "border_crosser", "primal_wolf", "alpha_wolf", "white_wolf"}
    assert alone == [r for r in order if r in alone] and wolves == [r for r in order if r in wolves]
    village = shown(site, "partei=dorf")
    assert "seer" in village and "border_crosser" in village and "werewolf" not in village
    assert "captain" not in village and "piper" not in village


def test_few_players_leave_out_the_roles_that_need_more(site: TestClient) -> None:
    seven = shown(site, "spieler=7")
    assert "sister" not in seven and "brother" not in seven and "piper" not in seven and "seer" in seven
    assert "sister" in shown(site, "spieler=8") and "brother" not in shown(site, "spieler=9")
    assert "brother" in shown(site, "spieler=10")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(side=st.sampled_from(["", *catalogue.SIDES]), players=st.sampled_from([None, *catalogue.all_player_counts()]))
def test_a_filter_shows_exactly_the_roles_that_match(site: TestClient, side: str, players: int | None) -> None:
    query = f"partei={side}&spieler={'' if players is None else players}"
    expected = [
        role.id
        for role in catalogue.roles()
        if (not side or side in role.sides) and (players is None or role.playable_with(players))
    ]
    assert shown(site, query) == expected
    page = parse(site.get(f"/rollen?{query}").text)
    assert page.find("p", **{"class": "count"}).text().startswith(f"{len(expected)} von 28 Rollen")
    if side:
        assert page.find("option", value=side).attrs.get("selected") is not None


def test_bad_filter_input_gets_a_german_error_and_the_whole_list(site: TestClient) -> None:
    response = site.get("/rollen?partei=vampire&spieler=zwei")
    assert response.status_code == 400
    page = parse(response.text)
    error = page.find("p", role="alert").text()
    assert "Die Partei „vampire“ gibt es nicht" in error and "zwischen 3 und 40" in error
    assert len(page.find("main").find_all("h2")) == len(catalogue.roles())
    assert site.get("/rollen?spieler=41").status_code == 400
