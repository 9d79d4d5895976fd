"""One device in the middle: whole random games in every night and vote style, their replay, and the
secrecy of Reihum turns (dummy tasks look exactly like real ones and never show a role)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wolfrunde.bots.strategy import answer
from wolfrunde.engine import all_cards
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table import texts
from wolfrunde.server.table.knowledge import private_events
from wolfrunde.server.table.lobby import SINGLE, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions

STYLES = [("eyes_closed", "hands"), ("eyes_closed", "secret"), ("round", "hands"), ("round", "secret")]


def new_device(players: int, seed: int, night: str, vote: str, roles: list[str] | None = None) -> SingleDevice:
    """A one-device game of `players` (of `roles`, else the recommended ones)."""
    rng = random.Random(seed)
    lobby = TableLobby(mode=SINGLE, host="h", settings=TableSettings(night_style=night, vote_style=vote, roles=roles))
    for index in range(players):
        lobby.add(f"Spieler {index}", None)
    return SingleDevice(Match(deal_cards(lobby, rng)), TableOptions(night_style=night, vote_style=vote))


def tap(screen: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """What a table of random players taps on this screen."""
    kind = screen["screen"]
    if kind == "pass":
        return "take", {}
    if kind in ("card", "result"):
        return "done", {}
    if kind == "call":
        return ("take", {}) if screen["acting"] else ("next", {"call": screen["call"]})
    if kind in ("turn", "public"):
        answers = {str(i): random_answer(q, rng) for i, q in enumerate(screen["questions"])}
        return "answer", {"answers": answers}
    if kind == "hands":
        target = rng.choice(screen["candidates"])
        captain = target if screen["captain"] is not None else None
        return "hands", {"counts": {str(target): screen["voters"]}, "captain_choice": captain}
    if kind == "discussion":
        return "end_discussion", {}
    raise AssertionError(f"no tap for {screen}")


def random_answer(question: dict[str, Any], rng: random.Random) -> Any:
    options = question["options"]
    if options["type"] == "grid":  # a Reihum grid: a name that may be tapped, or "Niemand"
        allowed: list[Any] = list(options["choices"]) + ([None] if options["optional"] else [])
        return rng.choice(allowed)
    return answer({"kind": question["kind"], "options": options}, None, rng)[1]  # type: ignore[index]


def play(device: SingleDevice, rng: random.Random, watch: Any = None) -> list[tuple[str, dict[str, Any]]]:
    taps = []
    for _ in range(5000):
        screen = device.screen()
        if watch is not None:
            watch(device, screen)
        if screen["screen"] == "over":
            return taps
        for _attempt in range(50):  # a refused tap is tapped again, as a player reads the reason
            op, data = tap(screen, rng)
            try:
                device.apply(op, data, 1000.0 + len(taps) + 1)
            except Refusal:
                assert device.screen() == screen, "a refused tap changes nothing"
                continue
            break
        taps.append((op, data))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("night", "vote"), STYLES)
def test_random_games_end_and_replay_to_the_same_screen(night: str, vote: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        players = rng.randint(3, 16)
        device = new_device(players, seed, night, vote)
        taps = play(device, rng)
        again = SingleDevice(Match(device.match.setup), device.options)  # the same cards, the same taps
        for number, (op, data) in enumerate(taps, 1):
            again.apply(op, data, 1000.0 + number)
        assert again.screen() == device.screen()
        assert again.match.game.history == device.match.game.history


def test_dealing_shows_each_player_only_his_own_card() -> None:
    device = new_device(8, 3, "eyes_closed", "hands")
    for seat in range(8):
        cover = device.screen()
        assert cover["screen"] == "pass" and cover["to"] == f"Spieler {seat}"
        assert "role" not in json.dumps(cover), "the cover tells nothing"
        device.apply("take", {}, 0)
        card = device.screen()
        assert card["role"]["id"] == device.match.view(seat)["you"]["role"]
        device.apply("done", {}, 0)
    assert device.screen()["screen"] == "call"


def test_a_command_out_of_turn_is_refused_and_changes_nothing() -> None:
    device = new_device(8, 1, "eyes_closed", "hands")
    before = device.screen()
    with pytest.raises(Refusal):
        device.apply("done", {}, 0)  # the card must be taken first
    with pytest.raises(Refusal):
        device.apply("hands", {"counts": {"0": 1}}, 0)
    assert device.screen() == before


def role_names_unknown_to(device: SingleDevice, seat: int) -> set[str]:
    """German names of roles held by other seats that this seat's own view does not know."""
    view = device.match.view(seat)
    known = {texts.card_name(p["role"]) for p in view["players"] if p["role"]}
    unknown = {texts.card_name(device.match.game.players[p["seat"]].card) for p in view["players"] if not p["role"]}
    return unknown - known


TURN_KEYS = {"type", "mode", "round", "phase", "spoken_until", "screen", "holder", "purpose", "players", "grid"}
TURN_KEYS |= {"questions", "news", "min_seconds"}


@pytest.mark.parametrize("seed", range(8))
def test_reihum_turns_look_alike_and_never_reveal_a_role(seed: int) -> None:
    """Every Reihum turn of a night: the same keys, two grids over the same names, the same players list
    and least time; real turns and decoys differ only in texts and in which names may be tapped."""
    kinds: dict[str, set[str]] = {"real": set(), "decoy": set()}
    nights: dict[int, set[str]] = {}
    cards = {card.name for card in all_cards().values()}

    def watch(device: SingleDevice, screen: dict[str, Any]) -> None:
        turn = device.turn
        if turn is None or turn.purpose != "round":
            return
        seat = turn.seats[0]
        # the seat's own events may name what it knows, the captions are the public narration; nothing else may
        own_lines = {texts.news_line(e, device.names, seat) for _, e in private_events(device.match, [seat], 0)}
        shown = {key: value for key, value in screen.items() if key != "captions"}
        shown["news"] = [line for line in screen.get("news") or [] if line not in own_lines]
        text = json.dumps(shown, ensure_ascii=False)
        for name in role_names_unknown_to(device, seat) & cards:
            assert name not in text, f"{name} shown to seat {seat}: {text}"
        if screen["screen"] == "pass":
            assert set(screen) == {
                "type",
                "mode",
                "round",
                "phase",
                "spoken_until",
                "screen",
                "to",
                "purpose",
                "captions",
            }
        if screen["screen"] != "turn":
            return
        assert set(screen) == TURN_KEYS
        assert screen["min_seconds"] == device.options.turn_seconds, "every turn takes at least as long"
        questions = screen["questions"]
        assert len(questions) == 2 and all(q["options"]["type"] == "grid" and q["prompt"] for q in questions)
        layout = json.dumps([screen["grid"], screen["players"]])
        nights.setdefault(device.night_of, set()).add(layout)
        real = [r for r in device._asked(seat)[0] if r["kind"] != "confirm"]  # open now or asked ahead
        kinds["real" if real else "decoy"].add(questions[0]["prompt"])
        if not real:
            assert [q["prompt"] for q in questions] == [texts.SUSPECT_PROMPT, texts.TRUST_PROMPT]
            assert set(questions[0]["options"]["choices"]) == set(device.night_seats) - {seat}

    rng = random.Random(seed)
    device = new_device(rng.randint(6, 14), seed, "round", "secret")
    play(device, rng, watch)
    assert kinds["decoy"] == {texts.SUSPECT_PROMPT} and kinds["real"], "there were real turns and decoys"
    assert texts.prompt("werewolves") in kinds["real"], "the pack chose at its seats"
    for night, layouts in nights.items():
        assert len(layouts) == 1, f"night {night}: every turn shows the same names, alive as at nightfall"


def test_reihum_round_gives_every_living_player_one_turn() -> None:
    device = new_device(8, 2, "round", "hands")
    rng = random.Random(2)
    while device.dealt is False:
        device.apply(*tap(device.screen(), rng), 0)
    holders = []
    while device.turn is not None and device.turn.purpose == "round":
        if device.screen()["screen"] == "pass":
            holders.append(device.turn.seats[0])
        device.apply(*tap(device.screen(), rng), 0)
        if len(holders) == 8 and device.turn is not None and device.turn.stage == "cover":
            break
    assert holders[:8] == list(range(8)), "clockwise from the first seat, everyone once"


def reihum_device(roles: list[str], seed: int = 5) -> SingleDevice:
    return new_device(len(roles), seed, "round", "secret", roles)


def holders_of(device: SingleDevice, card: str) -> list[int]:
    return [p.seat for p in device.match.game.players if p.card == card]


def night_one(device: SingleDevice, choose: Any) -> list[dict[str, Any]]:
    """Plays the deal and night 1; `choose(seat, screen)` answers each turn. Returns the turn screens."""
    turns = []
    while device.turn is not None and device.turn.purpose in ("deal", "round"):
        screen = device.screen()
        if screen["screen"] == "turn":
            turns.append(screen)
            device.apply("answer", {"answers": choose(device.turn.seats[0], screen)}, 0)  # type: ignore[union-attr]
        elif screen["screen"] in ("pass",):
            device.apply("take", {}, 0)
        elif screen["screen"] in ("card", "result"):
            device.apply("done", {}, 0)
        else:
            break
    return turns


def test_reihum_wolves_agree_turn_by_turn_and_a_counter_needs_another_round() -> None:
    device = reihum_device(["werewolf", "werewolf", "seer", "villager", "villager", "villager"])
    first, second = holders_of(device, "werewolf")
    prey = [s for s in range(6) if s not in (first, second)]
    said: dict[int, list[str]] = {first: [], second: []}
    plan = {first: [prey[0], prey[1]], second: [prey[1]]}  # first proposes, second counters, first agrees

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        if seat in plan and plan[seat] and screen["questions"][0]["prompt"] == texts.prompt("werewolves"):
            said[seat].append(" ".join(screen["news"]))
            return {"0": plan[seat].pop(0), "1": None}
        legal = screen["questions"][0]["options"]["choices"]
        return {"0": legal[0], "1": None}

    night_one(device, choose)
    victims = [e.data["target"] for e in device.match.game.events if e.type == "pack_victim"]
    assert victims == [prey[1]], "the pack's victim is the one both wolves tapped, never drawn by chance"
    assert texts.PACK_FIRST in said[first][0]
    assert texts.pack_proposal(f"Spieler {first}", f"Spieler {prey[0]}") in said[second][0]
    assert texts.pack_proposal(f"Spieler {second}", f"Spieler {prey[1]}") in said[first][1]
    assert not plan[first] and not plan[second]


def test_reihum_keeps_the_victim_in_every_list_until_the_morning() -> None:
    device = reihum_device(["werewolf", "witch", "seer", "villager", "villager", "villager", "villager"])
    (wolf,) = holders_of(device, "werewolf")
    target = max(s for s in range(7) if s != wolf)  # the last seat: his own turn comes after the night resolved

    late: list[dict[str, Any]] = []  # turns shown while the victim was already dead in the engine

    def choose(seat: int, screen: dict[str, Any]) -> dict[str, Any]:
        if not device.match.game.players[target].alive:
            late.append(screen)
        if seat == wolf and screen["questions"][0]["prompt"] == texts.prompt("werewolves"):
            return {"0": target, "1": None}
        legal = screen["questions"][0]["options"]["choices"]
        return {"0": legal[0] if screen["questions"][0]["prompt"] == texts.SUSPECT_PROMPT else None, "1": None}

    turns = night_one(device, choose)
    assert not device.match.game.players[target].alive, "the victim died in the night"
    assert late, "turns went on after the night was resolved"
    for screen in turns:
        assert all(p["alive"] for p in screen["players"]), "nobody dies on screen before the morning"
        assert screen["grid"] == list(range(7))


def test_the_end_shows_the_whole_game_and_the_reihum_suspicions() -> None:
    device = new_device(8, 1, "round", "secret")
    suspected = 0

    def count(device: SingleDevice, screen: dict[str, Any]) -> None:
        nonlocal suspected
        if screen["screen"] == "result" and device.turn is not None and device.turn.purpose == "round":
            suspected = sum(device.suspicions.values())

    play(device, random.Random(1), count)
    over = device.screen()
    assert over["log"][0] == "Die Partie beginnt." and len(over["log"]) > 20
    assert any("hat die Karte" in line for line in over["log"]), "the end tells every card"
    assert sum(s["count"] for s in over["suspicions"]) == suspected > 0
    counts = [s["count"] for s in over["suspicions"]]
    assert counts == sorted(counts, reverse=True)
