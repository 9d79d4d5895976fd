"""Complete games played by bot clients over real WebSockets against a real server process,
with a check that no client ever received anything its own view does not contain."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.live import LiveServer

from wolfrunde.bots.client import BotResult, create_room, play, sign_up
from wolfrunde.engine import Game, Setup, all_cards
from wolfrunde.engine.model import SEAT_KEYS
from wolfrunde.store import Database, default_url
from wolfrunde.store import rooms as store

ROLE_IDS = set(all_cards())
MESSAGE_TYPES = {
    "welcome",
    "lobby",
    "game",
    "chat",
    "chat_history",
    "ack",
    "error",
    "pong",
    "removed",
    "narration",
    "voted",
    "voice",  # the seat's voice plan: seats only, from its own view
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("live")).start()
    yield live
    live.stop()


async def play_game(url: str, players: int, seed: int) -> tuple[str, list[BotResult]]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        cookies = []
        for index in range(players):
            http.cookies.clear()
            cookies.append(await sign_up(http, f"Spieler{seed}x{index}"))
        http.cookies.clear()
        http.cookies.set("wolfrunde_session", cookies[0])
        code = await create_room(http)
    rng = random.Random(seed)
    results = [BotResult(name=f"Spieler{seed}x{index}") for index in range(players)]
    host = play(url, code, cookies[0], results[0], random.Random(rng.random()), start_at=players, max_seconds=90)
    await asyncio.sleep(0)
    guests = [
        play(url, code, cookie, result, random.Random(rng.random()), max_seconds=90)
        for cookie, result in zip(cookies[1:], results[1:], strict=True)
    ]
    await asyncio.gather(host, *guests)
    return code, results


def engine_views(data: Path, code: str, seats: int) -> list[set[str]]:
    """Every view each seat had at any point of the stored game, as canonical JSON."""
    db = Database(default_url(data))
    record = store.load_room(db, code)
    assert record is not None and record.setup is not None
    setup = record.setup
    views: list[set[str]] = [set() for _ in range(seats)]

    def boundary(game: Game) -> None:  # the night between two steps, as the room shows it
        if game.round:
            for seat in range(seats):
                views[seat].add(canonical(game.answered_view(seat)))

    game = Game(
        Setup(
            names=tuple(setup["names"]),
            roles=tuple(setup["roles"]),
            center=tuple(setup["center"]),
            rules=setup["rules"],
            mode=setup["mode"],
            seed=setup["seed"],
            meldeliste=setup["meldeliste"],
        ),
        on_boundary=boundary,
    )

    def snapshot() -> None:
        for seat in range(seats):
            views[seat].add(canonical(game.view(seat)))

    snapshot()
    for seat in range(seats):  # the cards at the start, before the first call's questions are shown
        views[seat].add(canonical(game.answered_view(seat)))
    for command in store.commands(db, code):
        if command.op == "timeout":
            game.timeout()
        else:
            game.decide(command.seat, command.kind, command.payload)
        snapshot()
    db.close()
    return views


def canonical(value: Any) -> str:
    return json.dumps(json.loads(json.dumps(value)), sort_keys=True)


def seats_in(event: dict[str, Any]) -> set[int]:
    found: set[int] = set()
    for key, value in event.items():
        if key in SEAT_KEYS:
            values = value if isinstance(value, list) else [value]
            found.update(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    return found


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


VOTED_KEYS = {"type", "round", "kind", "seats", "voters", "counts", "silence"}


def check_no_leaks(result: BotResult, own_views: set[str]) -> int:
    """Returns how many game messages were checked."""
    checked = 0
    seat = result.seat
    assert seat is not None
    for message in result.messages:
        assert message["type"] in MESSAGE_TYPES, message
        if message["type"] == "lobby":
            assert all(set(s) == {"seat", "name", "bot", "host", "online", "say"} for s in message["seats"])
            continue
        if message["type"] == "voted":  # the open vote by day: who has voted and the tally, seats and numbers
            assert {"type", "round", "kind", "seats", "voters", "counts"} <= set(message) <= VOTED_KEYS
            assert all(isinstance(s, int) for s in [*message["seats"], *message["voters"], *message.get("silence", [])])
            assert all(set(c) == {"seat", "votes"} and isinstance(c["votes"], int) for c in message["counts"])
            continue
        if message["type"] != "game":
            assert not strings_in(message) & ROLE_IDS, message
            continue
        assert message["seat"] == seat
        view = message["view"]
        assert canonical(view) in own_views, "a game payload differs from every view the engine gave this seat"
        if view["result"] is None:
            for player in view["players"]:
                other, role = player["seat"], player["role"]
                if other == seat or role is None:
                    continue
                assert any(other in seats_in(e) and role in strings_in(e) for e in view["events"]), (
                    f"seat {seat} sees the role of seat {other} without an event that revealed it"
                )
        checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (8, 2), (10, 3), (14, 4)])
def test_bots_play_complete_games_and_nobody_learns_a_foreign_role(server: LiveServer, players: int, seed: int) -> None:
    code, results = asyncio.run(play_game(server.url, players, seed))
    assert all(r.finished for r in results), [(r.name, r.errors[-3:]) for r in results]
    assert sorted(r.seat for r in results) == list(range(players))
    finals = [next(m for m in reversed(r.messages) if m["type"] == "game")["view"] for r in results]
    assert all(view["result"] is not None for view in finals)
    assert all(all(p["role"] for p in view["players"]) for view in finals), "the end opens every role"
    assert len({canonical(view["result"]) for view in finals}) == 1
    views = engine_views(server.data, code, players)
    for result in results:
        assert check_no_leaks(result, views[result.seat]) > 0
        unexpected = [e for e in result.errors if e["code"] != "illegal"]
        assert unexpected == []


def test_the_bots_command_fills_a_room_and_plays_to_the_end(server: LiveServer) -> None:
    async def scenario() -> tuple[int, str, BotResult]:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            cookie = await sign_up(http, "Gastgeberin")
            http.cookies.set("wolfrunde_session", cookie)
            code = await create_room(http)
        command = [
            sys.executable,
            "-m",
            "wolfrunde",
            "bots",
            "--url",
            server.url,
            "--room",
            code.lower(),
            "--count",
            "5",
            "--seed",
            "9",
        ]
        bots = await asyncio.create_subprocess_exec(*command, stdout=subprocess.PIPE)
        host = await play(
            server.url, code, cookie, BotResult(name="Gastgeberin"), random.Random(9), start_at=6, max_seconds=90
        )
        output, _ = await asyncio.wait_for(bots.communicate(), timeout=90)
        return bots.returncode or 0, output.decode(), host

    returncode, output, host = asyncio.run(scenario())
    assert host.finished
    assert returncode == 0, output
    assert output.count("Partie beendet") == 5
