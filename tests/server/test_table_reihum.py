"""Reihum on the server: the Dieb, the Mädchen, the Hundeführer and the Grenzgänger answer in the common
two-grid shape, and what they tap is what the engine is told; every night has the same number of rounds
whatever the roles, a step still to come being answered ahead."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from tests.server.test_table_single import tap

from wolfrunde.engine import all_cards
from wolfrunde.server.match import Match, check_roles
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table import reihum, texts
from wolfrunde.server.table.lobby import SINGLE, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions

SPECIAL = ["werewolf", "werewolf", "thief", "border_crosser", "dog_handler", "little_girl", "seer", "villager"]
SPECIAL += ["witch", "hunter"]  # eight seats and two cards in the centre


def device_with(roles: list[str], players: int, rules: str = "wolfrunde", seed: int = 5) -> SingleDevice:
    """The first deal from `seed` on that leaves only the Seherin, Hexe, Jäger or a Dorfbewohner in the centre."""
    while True:
        device = dealt(roles, players, rules, seed)
        if set(device.match.game.center) <= {"seer", "witch", "hunter", "villager"}:
            return device
        seed += 1


def dealt(roles: list[str], players: int, rules: str, seed: int) -> SingleDevice:
    settings = TableSettings(rules=rules, night_style="round", vote_style="secret", roles=roles)
    lobby = TableLobby(mode=SINGLE, host="h", settings=settings)
    for index in range(players):
        lobby.add(f"Spieler {index}", None)
    return SingleDevice(Match(deal_cards(lobby, random.Random(seed))), TableOptions("round", "secret"))


def holder(device: SingleDevice, card: str) -> int:
    return next(p.seat for p in device.match.game.players if p.card == card)


def first_night(device: SingleDevice, choose: Any) -> list[tuple[int, dict[str, Any]]]:
    """Deals and plays night 1; `choose(seat, screen)` gives a turn's answers. Returns (seat, turn screen)."""
    turns = []
    while device.turn is not None and device.turn.purpose in ("deal", "round"):
        screen = device.screen()
        if screen["screen"] == "turn":
            seat = device.turn.seats[0]
            turns.append((seat, screen))
            device.apply("answer", {"answers": choose(seat, screen)}, 0)
        elif screen["screen"] == "pass":
            device.apply("take", {}, 0)
        else:
            device.apply("done", {}, 0)
    return turns


def decoy(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
    """ "Niemand" where it may be tapped, else the first name that may."""
    options = [q["options"] for q in screen["questions"]]
    return {str(i): None if o["optional"] else o["choices"][0] for i, o in enumerate(options)}


def common_shape(turns: list[tuple[int, dict[str, Any]]]) -> None:
    for _, screen in turns:
        questions = screen["questions"]
        assert [q["options"]["type"] for q in questions] == ["grid", "grid"], questions
        assert screen["grid"] == turns[0][1]["grid"] and screen["min_seconds"] == turns[0][1]["min_seconds"]


@pytest.mark.parametrize("take", [0, 1, None])
def test_the_dieb_takes_a_card_in_two_grids(take: int | None) -> None:
    device = device_with(SPECIAL, 8, seed=3)
    thief = holder(device, "thief")
    centre = list(device.match.game.center)

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        if seat != thief or screen["questions"][0]["prompt"] != texts.TAKE_CARD:
            return decoy(seat, screen)
        second = screen["questions"][1]
        assert second["prompt"] == texts.which_card(*(texts.card_name(c) for c in centre))
        first_grid = screen["questions"][0]["options"]["choices"]
        return {"0": None if take is None else first_grid[0], "1": first_grid[0] if take == 0 else None}

    turns = common_shape_of(device, choose)
    took = [e.data["role"] for e in device.match.game.events if e.type == "thief_took"]
    assert took == ([] if take is None else [centre[take]])
    assert any(screen["questions"][0]["prompt"] == texts.TAKE_CARD for _, screen in turns)


def common_shape_of(device: SingleDevice, choose: Any) -> list[tuple[int, dict[str, Any]]]:
    turns = first_night(device, choose)
    common_shape(turns)
    return turns


def test_the_grenzgaenger_chooses_the_pack_by_a_name() -> None:
    device = device_with(SPECIAL, 8)
    crosser = holder(device, "border_crosser")
    asked = []

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        prompt = screen["questions"][0]["prompt"]
        if seat == crosser and prompt.startswith(texts.prompt("border_crosser")):
            asked.append(prompt)
            return {"0": screen["questions"][0]["options"]["choices"][0], "1": None}
        return decoy(seat, screen)

    common_shape_of(device, choose)
    assert asked == [texts.value_by_name("border_crosser", "Werwölfe", "Dorf")]
    sides = [e.data["side"] for e in device.match.game.events if e.type == "side_chosen"]
    assert sides == ["werewolves"]


def test_the_hundefuehrer_names_two_neighbours_and_a_wrong_pair_is_refused() -> None:
    device = device_with(SPECIAL, 8)
    handler = holder(device, "dog_handler")
    living = sorted(device.match.game.living())
    gap = next((a, b) for a, b in itertools.pairwise(living) if handler not in (a, b))
    far = next(s for s in living if s not in gap and s != handler and abs(s - gap[0]) > 1)
    refused = []

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        if seat == handler and screen["questions"][0]["prompt"] == texts.two_people("dog_handler")[0]:
            for wrong in ({"0": gap[0], "1": far}, {"0": gap[0], "1": None}):
                try:
                    device.apply("answer", {"answers": wrong}, 0)
                except Refusal as refusal:
                    refused.append(refusal.message)
            return {"0": gap[1], "1": gap[0]}
        return decoy(seat, screen)

    common_shape_of(device, choose)
    assert len(refused) == 2, "a pair that is no gap and a half answer are refused"
    assert texts.no_gap(f"Spieler {gap[0]}", f"Spieler {far}") in refused[0] and texts.BOTH_OR_NOBODY in refused[1]
    while device.match.game.phase == "night" or not any(e.type == "dog" for e in device.match.game.events):
        device.apply(*tap_on(device.screen()), 0)
    (dog,) = [e.data for e in device.match.game.events if e.type == "dog"]
    assert {dog["left"], dog["right"]} == set(gap), "the dog lies where he was sent, told in the morning"


def tap_on(screen: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if screen["screen"] == "pass":
        return "take", {}
    if screen["screen"] == "result":
        return "done", {}
    raise AssertionError(f"the morning came without the dog: {screen['screen']}")


def test_the_maedchen_peeks_and_the_wolves_catch_her_in_the_common_shape() -> None:
    """Düsterwald: she peeks by a name, the wolves are asked by a name whether they caught her."""
    device = device_with(SPECIAL, 8, rules="duesterwald")
    girl = holder(device, "little_girl")
    asked: set[str] = set()

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        prompt = screen["questions"][0]["prompt"]
        legal = screen["questions"][0]["options"]["choices"]
        if prompt in (texts.yes_by_name("peek"), texts.yes_by_name("catch")):
            asked.add(prompt)
            return {"0": legal[0] if seat == girl else None, "1": None}
        if prompt == texts.prompt("werewolves"):
            return {"0": next(s for s in legal if s != girl), "1": None}
        return decoy(seat, screen)

    common_shape_of(device, choose)
    assert asked == {texts.yes_by_name("peek"), texts.yes_by_name("catch")}
    assert [e.type for e in device.match.game.events if e.type in ("peek", "girl_caught")] == ["peek"]


@pytest.mark.parametrize("peeks", [True, False])
def test_the_maedchen_peeks_by_a_name_under_wolfrunde_and_sees_a_wolf_half_clearly(peeks: bool) -> None:
    """Wolfrunde, Reihum: eyes are open, so she peeks through the device. A name is a look of clarity
    `PEEK_BY_NAME`, "Niemand" none; the look and the wolf's look at her are news in their next turns."""
    device = device_with(SPECIAL, 8)
    assert device.match.game.setup.eyes_open
    girl = holder(device, "little_girl")
    asked: list[int] = []

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        prompt = screen["questions"][0]["prompt"]
        legal = screen["questions"][0]["options"]["choices"]
        if prompt == texts.yes_by_name("peek"):
            asked.append(seat)
            return {"0": legal[0] if peeks else None, "1": None}
        if prompt == texts.prompt("werewolves"):
            return {"0": next(s for s in legal if s != girl), "1": None}
        return decoy(seat, screen)

    turns = common_shape_of(device, choose)
    assert asked == [girl], "she alone is asked, once"
    events = device.match.game.events
    looks = [e for e in events if e.type == "peek"]
    if not peeks:
        assert looks == [] and not any(e.type == "peeked_at" for e in events)
        return
    (look,) = looks
    (seen,) = [e for e in events if e.type == "peeked_at"]
    assert look.visible_to == {girl} and look.data["clarity"] == reihum.PEEK_BY_NAME
    (wolf,) = seen.visible_to
    assert device.match.game.players[wolf].card == "werewolf" and wolf in look.data["candidates"]
    assert girl in seen.data["candidates"] and seen.data["clarity"] == reihum.PEEK_BY_NAME
    others = len(device.night_seats) - 2  # everyone alive when she peeked but the wolf and herself
    assert len(look.data["candidates"]) == 1 + round(others * (100 - reihum.PEEK_BY_NAME) / 100)
    later = [screen for seat, screen in turns if seat == girl][1:]
    assert any("Beim Blinzeln siehst du einen Wolf" in line for screen in later for line in screen["news"]), (
        "her next turn tells her what she saw"
    )


def test_the_maedchen_is_asked_nothing_with_eyes_closed_at_one_device() -> None:
    settings = TableSettings(rules="wolfrunde", night_style="eyes_closed", roles=SPECIAL)
    lobby = TableLobby(mode=SINGLE, host="h", settings=settings)
    for index in range(8):
        lobby.add(f"Spieler {index}", None)
    match = Match(deal_cards(lobby, random.Random(5)))
    assert not match.game.setup.eyes_open
    while match.game.phase == "night" and not match.over:
        assert not any(r.kind == "peek" for r in match.game.pending()), "she peeks for real, the app asks nothing"
        match.timeout()


def random_roles(rng: random.Random) -> tuple[list[str], int, str]:
    """A random valid deck: one to three wolves and any other cards, with either rule set."""
    cards = [c for c in all_cards() if c not in ("captain", "werewolf")]
    while True:
        players, rules = rng.randint(6, 14), rng.choice(["wolfrunde", "duesterwald"])
        roles = ["werewolf"] * rng.randint(1, 3)
        roles += rng.sample(cards, players - len(roles))
        roles += ["villager", "villager"] if "thief" in roles else []
        if check_roles(roles, rules, SINGLE) is None:
            return roles, players, rules


def test_every_night_has_the_same_number_of_rounds_whatever_the_roles() -> None:
    """Forty random decks, two nights each, random taps: every night is `ROUNDS` full rounds (unless the
    game ends with it)."""
    rng = random.Random(2026)
    nights = 0
    for _ in range(40):
        roles, players, rules = random_roles(rng)
        device = dealt(roles, players, rules, rng.randrange(1000))
        turns: dict[int, int] = {}
        seats: dict[int, int] = {}
        while not device.match.over and device.match.game.round <= 2:
            screen = device.screen()
            if screen["screen"] == "turn" and device.turn is not None and device.turn.purpose == "round":
                turns[device.night_of] = turns.get(device.night_of, 0) + 1
                seats[device.night_of] = len(device.night_seats)
            for _attempt in range(50):
                try:
                    device.apply(*tap(screen, rng), 1000.0)
                    break
                except Refusal:
                    continue
        for night, count in turns.items():
            if device.match.over and night == max(turns):
                continue  # the game ended in its morning: the end needs no more rounds
            assert count == reihum.ROUNDS * seats[night], f"{roles} ({rules}), night {night}: {count} turns"
            nights += 1
    assert nights >= 35, f"only {nights} whole nights"


def test_a_step_still_to_come_is_answered_ahead_in_the_first_round() -> None:
    """The Seherin sits before the Dieb, whose step comes first: she is asked hers in round 1 all the same,
    and the engine is told it as soon as it asks."""
    roles = ["seer", "villager", "villager", "villager", "werewolf", "thief", "hunter", "villager"]
    device = next(
        d
        for seed in range(200)
        if (d := dealt(roles, 6, "wolfrunde", seed)).match.game.players[0].card == "seer"
        and d.match.game.players[5].card == "thief"
        and "werewolf" not in d.match.game.center
    )
    asked: list[tuple[int, str]] = []

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        asked.append((device.rounds_done, screen["questions"][0]["prompt"]))
        if seat == 0 and screen["questions"][0]["prompt"] == texts.prompt("seer"):
            return {"0": 2, "1": None}
        return decoy(seat, screen)

    first_night(device, choose)
    assert asked[0] == (1, texts.prompt("seer")), "the Seherin is asked in the first round, before the Dieb"
    looks = [e.data for e in device.match.game.events if e.type == "seen"]
    assert [look.get("target", look.get("player")) for look in looks] == [2], looks
