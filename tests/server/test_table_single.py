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


def new_device(players: int, seed: int, night: str, vote: str) -> SingleDevice:
    rng = random.Random(seed)
    lobby = TableLobby(mode=SINGLE, host="h", settings=TableSettings(night_style=night, vote_style=vote))
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
        answers = {
            str(i): answer({"kind": q["kind"], "options": q["options"]}, None, rng)[1]  # type: ignore[index]
            for i, q in enumerate(screen["questions"])
        }
        return "answer", {"answers": answers}
    if kind == "hands":
        target = rng.choice(screen["candidates"])
        captain = target if screen["captain"] is not None else None
        return "hands", {"counts": {str(target): screen["voters"]}, "captain_choice": captain}
    if kind == "discussion":
        return "end_discussion", {}
    raise AssertionError(f"no tap for {screen}")


def play(device: SingleDevice, rng: random.Random, watch: Any = None) -> list[tuple[str, dict[str, Any]]]:
    taps = []
    for _ in range(5000):
        screen = device.screen()
        if watch is not None:
            watch(device, screen)
        if screen["screen"] == "over":
            return taps
        op, data = tap(screen, rng)
        taps.append((op, data))
        device.apply(op, data, 1000.0 + len(taps))
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
    known = {texts.role_name(p["role"]) for p in view["players"] if p["role"]}
    unknown = {texts.role_name(device.match.game.players[p["seat"]].card) for p in view["players"] if not p["role"]}
    return unknown - known


@pytest.mark.parametrize("seed", range(8))
def test_reihum_turns_look_alike_and_never_reveal_a_role(seed: int) -> None:
    shapes: dict[str, set[str]] = {"real": set(), "dummy": set()}
    cards = {card.name for card in all_cards().values()}

    def watch(device: SingleDevice, screen: dict[str, Any]) -> None:
        turn = device.turn
        if turn is None or turn.purpose != "round":
            return
        seat = turn.seats[0]
        # the news are the seat's own events (checked against its view below); the rest is the same for all
        text = json.dumps({k: v for k, v in screen.items() if k != "news"}, ensure_ascii=False)
        own_lines = {texts.news_line(e, device.names, seat) for _, e in private_events(device.match, [seat], 0)}
        assert set(screen.get("news") or []) <= own_lines, screen.get("news")
        for name in role_names_unknown_to(device, seat) & cards:
            assert name not in text, f"{name} shown to seat {seat}: {text}"
        if screen["screen"] == "pass":
            assert set(screen) == {"type", "mode", "round", "phase", "spoken_until", "screen", "to", "purpose"}
        if screen["screen"] != "turn":
            return
        assert screen["min_seconds"] == device.options.turn_seconds, "every turn takes at least as long"
        real = [r for r in device._night_requests() if r["seat"] == seat and r["kind"] != "confirm"]
        shapes["real" if real else "dummy"].add(json.dumps(sorted(screen)))
        if not real:
            (question,) = screen["questions"]
            assert question["prompt"] == texts.DUMMY_PROMPT
            living = set(device.match.game.living())
            assert set(question["options"]["choices"]) == living - {seat}

    rng = random.Random(seed)
    device = new_device(rng.randint(6, 14), seed, "round", "secret")
    play(device, rng, watch)
    assert len(shapes["dummy"]) == 1, "there were dummy turns, all of one shape"
    assert shapes["real"] <= shapes["dummy"], "real turns carry exactly the fields of dummy turns"


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
