"""One device, "Augen zu": a further request within a step already called (the Urwolf's infection after
the pack chose) is called by its own name on the call screen, which keeps the shape of every call; and a
refusal shown on the passed-round device names no role."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.server.test_table_single import new_device, play

from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table import texts
from wolfrunde.server.table.single import SingleDevice

CALL_KEYS = {"type", "mode", "round", "phase", "spoken_until", "screen", "players", "captions"}
CALL_KEYS |= {"label", "title", "night", "acting", "pause", "call"}


def eyes_closed_device(roles: list[str], seed: int = 3) -> SingleDevice:
    return new_device(len(roles), seed, "eyes_closed", "hands", roles)


def deal(device: SingleDevice) -> None:
    while device.turn is not None and device.turn.purpose == "deal":
        device.apply("take" if device.turn.stage == "cover" else "done", {}, 0)


def holders(device: SingleDevice, card: str) -> list[int]:
    return [p.seat for p in device.match.game.players if p.card == card]


def call_until(device: SingleDevice, label: str) -> dict[str, Any]:
    """Passes calls of other roles (acting ones answered with their first choice) until `label` is called."""
    for _ in range(40):
        screen = device.screen()
        assert screen["screen"] == "call", screen
        if screen["label"] == label:
            return screen
        if not screen["acting"]:
            device.apply("next", {"call": screen["call"]}, 0)
            continue
        device.apply("take", {}, 0)
        turn = device.screen()
        answers = {str(i): first_choice(q) for i, q in enumerate(turn["questions"])}
        device.apply("answer", {"answers": answers}, 0)
        device.apply("done", {}, 0)
    raise AssertionError(f"{label} was never called")


def first_choice(question: dict[str, Any]) -> Any:
    options = question["options"]
    if options["type"] == "seats":
        return options["choices"][: options["count"]]
    if options["type"] == "witch":
        return {"heal": None, "poison": None}
    if options["type"] == "confirm":
        return True
    return options["choices"][0] if options.get("choices") else None


def test_the_urwolfs_question_after_the_pack_is_called_by_his_name() -> None:
    device = eyes_closed_device(["primal_wolf", "werewolf", "seer", "villager", "villager", "villager"])
    deal(device)
    wolves = call_until(device, "Die Werwölfe")
    assert wolves["acting"] and wolves["title"] == texts.wakes("werewolves")
    device.apply("take", {}, 0)
    pack = device.screen()
    assert pack["questions"][0]["kind"] == "werewolves"
    victim = holders(device, "villager")[0]
    device.apply("answer", {"answers": {"0": victim}}, 0)
    device.apply("done", {}, 0)

    urwolf = device.screen()
    assert urwolf["screen"] == "call" and urwolf["acting"]
    assert urwolf["call"] == wolves["call"], "still the wolves' step"
    assert urwolf["label"] == "Der Urwolf"
    assert "Urwolf" in urwolf["title"], f"the screen says who is called now: {urwolf['title']}"
    assert urwolf["title"] != wolves["title"]
    assert set(urwolf) == set(wolves) == CALL_KEYS, "a call of the same shape as every call"
    assert [c["id"] for c in urwolf["captions"]] == [c["id"] for c in wolves["captions"]], "nothing told anew"

    device.apply("take", {}, 0)
    question = device.screen()
    assert question["screen"] == "turn" and question["questions"][0]["kind"] == "infect"
    assert question["holder"] == f"Spieler {holders(device, 'primal_wolf')[0]}"
    device.apply("answer", {"answers": {"0": False}}, 0)
    device.apply("done", {}, 0)
    seer = device.screen()
    assert seer["screen"] == "call" and seer["title"] == texts.wakes("seer"), "the next step: its own call again"


@pytest.mark.parametrize("seed", range(4))
def test_calls_of_absent_and_dead_roles_have_the_shape_of_every_call(seed: int) -> None:
    """Whatever is in play, every call screen has the same keys; only an acting call offers the device."""
    device = eyes_closed_device(["primal_wolf", "werewolf", "seer", "witch", "villager", "villager"], seed)
    shapes: set[frozenset[str]] = set()

    def watch(device: SingleDevice, screen: dict[str, Any]) -> None:
        if screen["screen"] == "call":
            shapes.add(frozenset(screen))

    play(device, random.Random(seed), watch)
    assert shapes == {frozenset(CALL_KEYS)}


def test_a_refusal_on_the_one_device_names_no_role() -> None:
    device = eyes_closed_device(["cupid", "werewolf", "seer", "villager", "villager", "villager"])
    deal(device)
    call_until(device, "Amor")
    device.apply("take", {}, 0)
    turn = device.screen()
    assert turn["questions"][0]["options"]["type"] == "seats"
    twice = [turn["questions"][0]["options"]["choices"][0]] * 2
    with pytest.raises(Refusal) as refused:
        device.apply("answer", {"answers": {"0": twice}}, 0)
    message = refused.value.message
    assert "Zweimal derselbe Spieler" in message
    assert "Amor" not in message, message
    assert device.screen() == turn, "a refused tap changes nothing"
