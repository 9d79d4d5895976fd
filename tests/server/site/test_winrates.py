"""The simulated win rates on "Rollen nach Spielerzahl" belong to today's recommended sets."""

from __future__ import annotations

import dataclasses

from tests.server.site.html_tools import parse

from wolfrunde.server.site import catalogue, winrates


def test_the_stored_simulation_matches_the_current_recommended_sets() -> None:
    problems = winrates.stale(winrates.load())
    assert not problems, "neu simulieren mit: " + winrates.COMMAND + "\n" + "\n".join(problems)


def test_a_changed_set_or_simulation_is_noticed() -> None:
    rates = winrates.load()
    rows = dict(rates.rows)
    first = rows["wolfrunde"][0]
    rows["wolfrunde"] = (dataclasses.replace(first, roles=("werewolf", "villager", "villager")), *rows["wolfrunde"][1:])
    changed_set = dataclasses.replace(rates, rows=rows)
    assert any("3 Spieler" in problem for problem in winrates.stale(changed_set))
    assert winrates.stale(dataclasses.replace(rates, simulation="0" * 64))
    assert winrates.stale(dataclasses.replace(rates, rows={"wolfrunde": rates.rows["wolfrunde"][1:]}))


def test_every_player_count_and_rule_set_was_simulated_with_the_stated_games() -> None:
    rates = winrates.load()
    assert set(rates.rows) == set(catalogue.RULE_SETS)
    for rows in rates.rows.values():
        assert [row.players for row in rows] == list(catalogue.all_player_counts()) == list(range(3, 41))
        assert all(sum(row.wins.values()) == rates.games for row in rows)


def test_the_page_shows_each_count_with_its_set_and_how_it_was_simulated(rendered: dict[str, str]) -> None:
    rates = winrates.load()
    for path, rules in (
        ("/rollen-nach-spielerzahl", "wolfrunde"),
        ("/rollen-nach-spielerzahl?regelwerk=duesterwald", "duesterwald"),
    ):
        document = parse(rendered[path])
        how = document.by_id("simulation").text()
        assert f"{rates.games} Partien je Spielerzahl" in how and winrates.COMMAND in how
        assert catalogue.RULE_SETS[rules] in how
        for row in rates.rows[rules]:
            article = document.by_id(f"spieler-{row.players}")
            names = [a.text() for a in article.find("ul").find_all("a")]
            expected = [f"{n} × {r.name}" if n > 1 else r.name for r, n in catalogue.role_counts(list(row.roles))]
            assert names == expected, (rules, row.players)
            village = article.find("div", **{"class": "share-village"}).find("dd").text()
            assert village == f"{row.share('village') * 100:.0f} %"
