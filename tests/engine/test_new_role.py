"""A role is one file: the test-only Eule (`plugin/owl.py` and its data file) is registered from its module
alone and plays through the engine, the views, the narration cues, the event lines and the scenario
runner. Nothing else in the project knows it."""

from __future__ import annotations

import types
from collections.abc import Iterator

import pytest

from wolfrunde.engine import Card, Game, Setup, SetupError, registry
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NIGHT_ORDER, night_order
from wolfrunde.engine.ordering import OrderError
from wolfrunde.engine.role import NightStep, Role
from wolfrunde.engine.texts import event_line, prompt, step_call
from wolfrunde.engine.texts.catalogue import problems
from wolfrunde.engine.view import event_dict
from wolfrunde.narration.cues import narrate
from wolfrunde.scenario import ScenarioError, run_scenario

from engine.helpers import answer, kinds, new_game, run_until, seat
from engine.plugin import owl

ROLES = ("werewolf", "owl", "seer", "villager", "villager", "villager")


@pytest.fixture
def with_owl() -> Iterator[Role]:
    with registry.registered(owl) as role:
        yield role


def test_the_owl_is_unknown_until_registered():
    assert "owl" not in registry.cards()
    with pytest.raises(SetupError, match="Unbekannte Rolle „owl“"):
        new_game(*ROLES)


def test_registered_it_takes_its_place_in_the_night_after_the_seer(with_owl):
    order = night_order()
    assert order.index("owl") == order.index("seer") + 1
    assert "owl" not in NIGHT_ORDER, "the declared order itself is untouched"
    assert problems() == [], "its data file has every text it needs"
    assert step_call("owl") == "Die Eule" and prompt("owl") == "Über wen wachst du heute Nacht?"


def test_it_plays_through_the_engine_and_the_views(with_owl):
    game = new_game(*ROLES)
    answer(game, werewolves="Dora")
    assert kinds(game) == {"seer"}
    answer(game, seer="Anna")
    assert kinds(game) == {"owl"}
    (request,) = game.pending()
    assert request.seat == seat(game, "Ben") and seat(game, "Ben") not in request.options["choices"]
    answer(game, owl="Dora")
    run_until(game, lambda g: g.phase.value == "day")
    assert [e.data["dead"] for e in game.events if e.type == "morning"] == [[]], "the owl's watch stopped the pack"
    blocked = next(e for e in game.events if e.type == "attack_blocked")
    assert blocked.data == {"player": seat(game, "Dora"), "by": "owl", "cause": "werewolves"}
    owl_view = game.view(seat(game, "Ben"))
    (saw,) = [e for e in owl_view["events"] if e["type"] == "owl_saw"]
    assert saw == {"type": "owl_saw", "actor": 1, "player": 3, "wolves_came": True}
    assert owl_view["you"]["card_state"] == {"watched": 3}
    for other in (0, 2, 3, 4, 5):
        assert not any(e["type"] == "owl_saw" for e in game.view(other)["events"])
    replayed = Game.replay(game.setup, game.history)
    assert [(e.type, e.data) for e in replayed.events] == [(e.type, e.data) for e in game.events]


def test_its_step_is_called_when_it_is_dead_and_asks_nothing(with_owl):
    game = new_game(*ROLES)
    answer(game, werewolves="Ben")
    answer(game)
    answer(game)
    run_until(game, lambda g: g.round == 2 and g.phase.value == "day")
    night_2 = [e.data["step"] for e in game.events if e.type == "step" and e.data["round"] == 2]
    assert night_2 == ["werewolves", "seer", "owl"]
    assert [k for s, k, _ in game.history if s == seat(game, "Ben")] == ["owl"]


def test_the_narrator_calls_it_and_its_events_read_as_german(with_owl):
    game = new_game(*ROLES)
    answer(game, werewolves="Emil")
    answer(game, seer="Anna")
    answer(game, owl="Carl")
    run_until(game, lambda g: g.phase.value == "day")
    names = [p.name for p in game.players]
    public = [event_dict(e) for e in game.events if e.visible_to is None]
    scenes = [cue.scene for cue in narrate(public, names, game.deck())]
    assert scenes[scenes.index("seer_sleeps") + 1 : scenes.index("seer_sleeps") + 3] == ["owl_wakes", "owl_sleeps"]
    saw = event_dict(next(e for e in game.events if e.type == "owl_saw"))
    assert event_line(saw, names, seat(game, "Ben")) == "Zu Carl kam heute Nacht kein Wolf."
    assert event_line(saw, names, None) == "Ben sah keinen Wolf bei Carl."


def scenario(script: list[dict]) -> dict:
    players = ["Werwolf", "Eule", "Seherin", "Dorfbewohner", "Dorfbewohner", "Dorfbewohner"]
    names = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
    return {"players": [{"name": n, "role": r} for n, r in zip(names, players, strict=True)], "script": script}


def test_the_scenario_runner_reads_its_key(with_owl):
    result = run_scenario(scenario([{"night": 1, "werewolves": "Dora", "owl": "Dora"}, {"day": 1}]))
    assert result["roles"]["Ben"] == "owl"
    morning = next(e for e in result["events"] if e["type"] == "morning")
    assert morning["dead"] == []
    assert {"type": "owl_saw", "actor": "Ben", "player": "Dora", "wolves_came": True} in result["events"]
    with pytest.raises(ScenarioError, match="night 1"):
        run_scenario(scenario([{"night": 1, "owl": "Ben"}]))
    with pytest.raises(ScenarioError, match="Eule spielt nicht mit"):
        plain = scenario([{"night": 1, "owl": "Dora"}])
        plain["players"][1]["role"] = "Dorfbewohner"
        run_scenario(plain)


def test_a_step_without_a_place_in_the_night_fails(with_owl):
    lost = types.ModuleType("lost")
    lost.ROLE = Role(  # type: ignore[attr-defined]
        card=Card(id="lost", name="Verirrter", side=Side.VILLAGE, step="lost"),
        steps=(NightStep("lost", Cadence.EVERY_NIGHT, owl.watch),),
    )
    with registry.registered(lost), pytest.raises(OrderError, match="does not say where it goes"):
        night_order()


def test_a_declared_step_without_its_role_fails():
    stepless = types.ModuleType("stepless_seer")
    seer = registry.role("seer")
    stepless.ROLE = Role(card=seer.card)  # type: ignore[attr-defined]
    with registry.registered(stepless), pytest.raises(OrderError, match="no role provides"):
        night_order()
    assert night_order().index("seer") > 0, "the real Seherin is back"


def test_two_new_steps_after_the_same_one_fail(with_owl):
    twin = types.ModuleType("twin")
    twin.ROLE = Role(  # type: ignore[attr-defined]
        card=Card(id="twin", name="Zwilling", side=Side.VILLAGE, step="twin"),
        steps=(NightStep("twin", Cadence.EVERY_NIGHT, owl.watch, after="seer"),),
    )
    with registry.registered(twin), pytest.raises(OrderError, match="both follow 'seer'"):
        night_order()


def test_setup_knows_the_owl_only_while_registered(with_owl):
    Setup(names=("A", "B", "C", "D", "E"), roles=("werewolf", "owl", "villager", "villager", "villager")).validate()


def test_the_skeleton_shows_every_hook_and_is_not_a_role():
    import dataclasses
    import inspect

    from wolfrunde.engine.roles import _skeleton

    source = inspect.getsource(_skeleton)
    for field in dataclasses.fields(Role):
        assert f"    {field.name}=" in source, f"the skeleton does not show {field.name!r}"
    assert "skeleton" not in registry.cards()


def test_a_request_kind_declared_twice_fails():
    clash = types.ModuleType("clash")
    clash.ROLE = Role(card=Card(id="clash", name="Doppelgänger", side=Side.VILLAGE), kinds=("seer",))  # type: ignore[attr-defined]
    with registry.registered(clash), pytest.raises(registry.RegistryError, match="'seer' is declared twice"):
        registry.table()
