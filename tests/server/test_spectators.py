"""Spectators of an online game: the public view only, and nothing in it moves with a hidden fact.

Pairs of games that differ in one hidden card (at a seat, or in the centre: see test_message_streams)
must give a spectator the same messages at the same times until the end; every message a spectator
receives is a public one: the table, the public story, the narrator."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from tests.server.rooms_harness import Member, config_for, join, online_setup, running_room, stored_online_room
from tests.server.sim_room import play, stream
from tests.server.test_message_streams import HIDDEN_ROLES, choose, setup

from wolfrunde.engine.texts import event_line
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.online.payloads import lines_of, watch
from wolfrunde.server.rooms.kind import Identity

SPECTATOR = -1
PUBLIC_TYPES = {"watch", "narration"}


def thinking(seat: int, kind: str) -> float:
    return 2.0


@pytest.mark.parametrize("hidden", HIDDEN_ROLES)
def test_a_spectator_is_told_the_same_whether_a_card_lies_at_a_seat_or_in_the_centre(
    hidden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    present = play(setup(hidden, True, 11), choose, thinking, monkeypatch, spectator=True)
    absent = play(setup(hidden, False, 11), choose, thinking, monkeypatch, spectator=True)
    a, b = stream(present[SPECTATOR]), stream(absent[SPECTATOR])
    assert any('"type": "watch"' in text for _, text in a), "the spectator saw nothing of the game"
    end = next((i for i, (_, text) in enumerate(a) if '"result": {' in text), len(a))
    assert end > 3, "the spectator's game ended before it began"
    assert a[:end] == b[:end], f"{hidden}: the spectator was told something else before the end"


def test_every_message_a_spectator_receives_holds_nothing_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    games: list[OnlineGame] = []
    received = play(setup("seer", True, 5), choose, thinking, monkeypatch, spectator=True, games=games)[SPECTATOR]
    match = games[0].match
    names = [player["name"] for player in match.view(0)["players"]]
    public = [{"type": e.type, **e.data} for e in match.game.events if e.visible_to is None and e.type != "step"]
    public_lines = [line["text"] for line in lines_of(public, names, None)]
    secret_lines = {event_line({"type": e.type, **e.data}, names, None) for e in match.game.events if e.visible_to}
    assert secret_lines, "the game had no secret at all: the test would prove nothing"
    ended = False
    for _, message in received:
        assert message["type"] in PUBLIC_TYPES, f"a spectator got a {message['type']} message"
        if message["type"] != "watch":
            continue
        assert set(message) == {"type", "view", "log", "timer"} and "pending" not in message["view"]
        if message["view"]["result"] is not None:
            ended = True
            continue
        assert all(set(player) == {"seat", "name", "alive", "captain"} for player in message["view"]["players"])
        told = [line["text"] for line in message["log"]]
        assert told == public_lines[: len(told)], "a spectator was told more than the public story"
    assert ended, "the spectator never saw the end"


def test_the_spectators_table_is_made_of_public_events_only() -> None:
    names = ["Anna", "Ben", "Carl", "Dora", "Emil"]
    events = [
        {"type": "night", "round": 1},
        {"type": "day", "round": 1},
        {"type": "morning", "dead": [2]},
        {"type": "died", "player": 2, "cause": "werewolves", "role": "seer"},
        {"type": "captain", "captain": 0},
    ]
    message = watch(events, names, None)
    view = message["view"]
    assert (view["round"], view["phase"], view["result"]) == (1, "day", None)
    assert [p["alive"] for p in view["players"]] == [True, True, False, True, True]
    assert [p["captain"] for p in view["players"]] == [True, False, False, False, False]
    assert [line["text"] for line in message["log"]] == [event_line(e, names, None) for e in events]


def test_a_spectator_who_comes_mid_game_is_not_sent_the_same_table_twice(tmp_path: Path) -> None:
    """He gets the table when he attaches; a change that shows him nothing new (a seat's own decision
    in the night) sends him nothing, and every later table he gets differs from the one before."""
    db = stored_online_room(
        tmp_path,
        online_setup(["werewolf", "seer", "witch", "werewolf", "villager"], seed=3),
        [],
        {"release": 0, "deadline": time.time() + 60},
    )

    async def scenario() -> list[dict[str, Any]]:
        async with running_room(db, config_for(db)) as actor:
            members = [await join(actor, seat) for seat in range(5)]
            watcher = Member(actor, Identity(user_id=99, name="Zaungast"))
            assert await actor.attach(watcher.peer) is None
            await watcher.next("watch")
            answered: set[tuple[int, str]] = set()
            for number in range(6):  # the night's decisions, one seat at a time
                views = [member.taken("game")[-1]["view"] for member in members if member.taken("game")]
                open_requests = [
                    (view["seat"], r)
                    for view in views
                    for r in view["pending"]
                    if (view["seat"], r["kind"]) not in answered
                ]
                if not open_requests:
                    break
                seat, request = open_requests[0]
                answered.add((seat, request["kind"]))
                options = request["options"]
                choice = options["choices"][0] if options.get("choices") else request.get("default")
                ref = f"d{number}"
                members[seat].say({"type": "decide", "kind": request["kind"], "choice": choice, "ref": ref})
                await members[seat].next("ack", lambda m, ref=ref: m.get("ref") == ref)
                for member in (*members, watcher):
                    await member.settled()
            return watcher.taken("watch")

    tables = asyncio.run(scenario())
    assert len(tables) >= 1
    assert all(a != b for a, b in itertools.pairwise(tables)), "the same table was sent twice in a row"
