"""Every role declares what other layers need, and every event has a German line for every reader."""

from __future__ import annotations

import random
import re

import pytest

from wolfrunde.engine import Game, all_cards, registry
from wolfrunde.engine.texts import (
    card_name,
    event_line,
    prompt,
    role_name,
    role_page,
    role_pages,
    step_call,
    step_line,
    told_already,
    winner_line,
)
from wolfrunde.engine.texts.catalogue import catalogue, problems
from wolfrunde.engine.view import event_dict
from wolfrunde.simulation.policy import choose
from wolfrunde.simulation.runner import random_setup

from engine.helpers import answer, new_game, run_until, seat


def test_no_declaration_lacks_its_texts():
    assert problems() == []


def test_one_description_per_role_for_card_and_page():
    for role_id, card in all_cards().items():
        assert card.description == role_page(role_id)["summary"] == role_pages()[role_id]["summary"]
        assert len(card.description) > 40 and card.cadence


def played_games(count: int = 40) -> list[Game]:
    games = []
    for seed in range(count):
        for rules in ("wolfrunde", "duesterwald"):
            game = Game(random_setup(5 + seed % 12, seed, rules=rules, mode="table_own_devices" if seed % 3 else None))
            rng = random.Random(seed)
            steps = set()
            while game.result is None:
                steps.add(game.step)
                for request in game.pending():
                    game.decide(request.seat, request.kind, choose(game, request, rng))
            game.steps_seen = steps  # type: ignore[attr-defined]
            games.append(game)
    return games


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return played_games()


def test_everything_the_engine_emits_or_asks_is_declared(games):
    table = registry.table()
    emitted = {e.type for game in games for e in game.events}
    asked = {kind for game in games for _, kind, _ in game.history}
    assert emitted <= set(table.event_owner), emitted - set(table.event_owner)
    assert asked <= set(table.kind_owner) | {"raise_hand", "done_speaking"}, asked - set(table.kind_owner)
    causes = {e.data["cause"] for game in games for e in game.events if e.type == "death"}
    assert causes <= set(table.causes)


def test_every_step_the_views_show_has_a_german_name(games):
    steps = {step for game in games for step in game.steps_seen if step is not None}  # type: ignore[attr-defined]
    for step in steps:
        assert step_call(step) and step_line(step)


def test_every_kind_has_a_prompt_and_every_result_a_line(games):
    for game in games:
        for _, kind, _ in game.history:
            if kind not in ("raise_hand", "done_speaking"):
                assert prompt(kind)
        assert game.result is not None and winner_line(game.result["winner"])


def test_every_event_reads_as_german_for_every_reader(games):
    placeholder = re.compile(r"\{[a-z_]+\}")
    for game in games[:30]:
        names = [p.name for p in game.players]
        for event in game.events:
            for reader in (None, *range(len(game.players))):
                line = event_line(event_dict(event), names, reader)
                assert line and not placeholder.search(line), (event.type, line)


def test_second_person_for_the_seat_it_is_about_third_person_for_others():
    game = new_game("werewolf", "seer", "witch", "villager", "villager", "villager")
    answer(game, werewolves="Dora")
    answer(game, seer="Anna")
    answer(game, witch={"heal": "Dora"})
    names = [p.name for p in game.players]
    healed = event_dict(next(e for e in game.events if e.type == "healed"))
    assert event_line(healed, names, seat(game, "Carl")) == "Du rettest Dora mit dem Heiltrank."
    assert event_line(healed, names, None) == "Carl rettet Dora mit dem Heiltrank."
    seen = event_dict(next(e for e in game.events if e.type == "seen"))
    assert event_line(seen, names, seat(game, "Ben")) == "Anna ist Werwolf."
    assert event_line(seen, names, None) == "Ben sieht: Anna ist Werwolf."
    step = event_dict(next(e for e in game.events if e.type == "step"))
    assert event_line(step, names, 3) == "Die Werwölfe erwachen."


def test_public_lines_of_the_day():
    game = new_game("werewolf", "hunter", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day" and "vote" in {r.kind for r in g.pending()}, captain="Ben")
    answer(game, vote="Ben")
    answer(game, hunter="Anna")
    names = [p.name for p in game.players]
    lines = [event_line(event_dict(e), names, 2) for e in game.events if e.visible_to is None]
    assert "Ben wird verurteilt." in lines
    assert "Ben ist tot (vom Dorf verurteilt) – war Jäger." in lines
    assert "Der Jäger Ben schießt auf Anna." in lines
    assert lines[-1] == "Das Dorf gewinnt!"


def test_the_catalogue_knows_who_owns_each_text():
    texts = catalogue()
    assert texts.kinds["peek"].call == "Das Mädchen"
    assert texts.steps["werewolves"].wake == "werewolves_wake"
    assert texts.causes["grief"].death_scene == "grief"


@pytest.mark.parametrize(
    ("dead", "line"),
    [
        ([], "Am Morgen fehlt niemand."),
        ([1], "Am Morgen fehlt: Ben."),
        ([1, 3], "Am Morgen fehlen: Ben und Dora."),
        ([0, 1, 3], "Am Morgen fehlen: Anna, Ben und Dora."),
    ],
)
def test_the_morning_line_is_singular_for_one_name(dead, line):
    names = ["Anna", "Ben", "Carl", "Dora"]
    assert event_line({"type": "morning", "round": 1, "dead": dead}, names, 2) == line


def test_a_morning_with_one_victim_reads_in_the_singular_in_a_game():
    game = new_game("werewolf", "villager", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day", werewolves="Carl")
    names = [p.name for p in game.players]
    (morning,) = [event_dict(e) for e in game.events if e.type == "morning"]
    assert event_line(morning, names, 0) == "Am Morgen fehlt: Carl."


def test_the_tally_reads_most_votes_first_then_by_seat():
    names = ["Anna", "Ben", "Carl", "Dora"]
    votes = {"type": "votes", "kind": "vote", "ballots": {}, "counts": {1: 1, 3: 3, 0: 2, 2: 1}}
    assert event_line(votes, names, None) == "Stimmen: Dora 3, Anna 2, Ben 1, Carl 1."
    assert event_line({**votes, "counts": {"2": 1, "0": 1}}, names, 1) == "Stimmen: Anna 1, Carl 1."


def test_a_death_told_to_every_reader_is_told_once():
    """The end's log holds a death's omniscient `death` and its public `died` one after the other: the
    second says nothing new. A seat's log during the game has only the `died`, which it keeps."""
    game = new_game("werewolf", "hunter", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day" and "vote" in {r.kind for r in g.pending()}, captain="Ben")
    answer(game, vote="Ben")
    events = [event_dict(e) for e in game.events]
    pairs = list(zip([None, *events], events, strict=False))
    repeated = [event for before, event in pairs if told_already(event, before)]
    assert repeated and all(event["type"] == "died" for event in repeated)
    assert len(repeated) == sum(event["type"] == "death" for event in events), "each death's `died` follows it"
    public = [event_dict(e) for e in game.events if e.visible_to is None]
    assert not any(told_already(event, before) for before, event in zip([None, *public], public, strict=False))


def test_a_players_card_of_a_set_is_named_in_the_singular():
    names = ["Anna", "Ben", "Carl"]
    assert role_name("sister") == "Schwestern" and card_name("sister") == "Schwester"
    assert card_name("brother") == "Bruder" and card_name("seer") == role_name("seer") == "Seherin"
    role = {"type": "role", "player": 1, "role": "sister"}
    assert event_line(role, names, 1) == "Deine Karte: Schwester."
    assert event_line(role, names, None) == "Ben hat die Karte Schwester."
    assert event_line({"type": "death", "player": 2, "cause": "vote", "role": "brother"}, names) == (
        "Carl stirbt (vom Dorf verurteilt) – war Bruder."
    )
