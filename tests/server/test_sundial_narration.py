"""The Sonnenuhr at the table speaks at half time, in the last minute of a long discussion, and when time
is up, then before the call to vote (the online room's test is test_sundial_online.py)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.test_table_single import tap

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.sundial import END, HALF, LAST_MINUTE
from wolfrunde.server.table.lobby import OWN, SINGLE, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions
from wolfrunde.simulation.policy import choose
from wolfrunde.store import Database, default_url
from wolfrunde.store import rooms as store

DISCUSSION = 1.6  # seconds: the test stays short
WAIT = 20.0  # seconds a test waits at most for what it expects (the machine may be busy)
CODE = "TBLABC"
SETUP = {
    "names": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "roles": ["werewolf", "seer", "witch", "villager", "villager"],
    "center": [],
    "rules": "wolfrunde",
    "mode": "online",
    "seed": 3,
    "meldeliste": False,
}
Message = tuple[float, dict[str, Any]]


async def listen(
    db: Database, config: ServerConfig, identity: Identity, done: Callable[[dict[str, Any]], bool]
) -> list[Message]:
    """Loads the room CODE, attaches a member who is `identity` and collects what it is sent (with the
    time it arrived) until a message satisfies `done`."""
    registry = Registry(db, config, all_kinds())
    messages: list[Message] = []
    finished = asyncio.Event()

    def deliver(message: dict[str, Any]) -> None:
        messages.append((time.time(), message))
        if done(message):
            finished.set()

    try:
        actor = await registry.get(CODE)
        assert actor is not None
        assert await actor.attach(Peer(LocalConnection(deliver), identity)) is None
        await asyncio.wait_for(finished.wait(), WAIT)
    finally:
        await registry.close()
    return messages


def to_the_first_discussion(setup: dict = SETUP) -> tuple[tuple, ...]:
    """Night 1: the wolf (Anna) takes Dora; then every timer runs out until day 1's discussion."""
    match = Match(setup)
    commands: list[tuple] = [("decide", 0, "werewolves", 3), ("decide", 1, "seer", 0), ("decide", 2, "witch", None)]
    for _op, seat, kind, choice in commands:
        match.decide(seat, kind, choice)
    for _ in range(20):
        if match.phase_kind() == "day":
            return tuple(commands)
        match.timeout()
        commands.append(("timeout", None, None, None))
    raise AssertionError("no discussion")


def own_table_at_the_first_discussion(tmp_path: Path, seconds: float) -> tuple[Database, int]:
    """An own-devices table of five (seat i's device token hash `t{i}`) stored at the start of day 1's
    discussion, the Sonnenuhr `seconds` long; and a seat still alive."""
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = TableLobby(mode=OWN, host="t0", settings=TableSettings(roles=list(SETUP["roles"])))
    for index, name in enumerate(SETUP["names"]):
        lobby.add(name, f"t{index}")
    setup = deal_cards(lobby, random.Random(2))
    assert store.create_room(db, CODE, OWN, lobby.to_dict())
    match, rng = Match(setup), random.Random(3)
    for seq in range(200):
        if match.phase_kind() == "day":
            break
        request = match.game.pending()[0]
        choice = choose(match.game, request, rng)
        match.decide(request.seat, request.kind, choice)
        store.append_command(db, CODE, seq, store.Command("decide", request.seat, request.kind, choice), at=0.0)
    assert match.phase_kind() == "day" and not match.over
    now = time.time()
    store.save_room(db, CODE, setup=setup, status="running", timer={"release": now, "deadline": now + seconds})
    return db, min(match.game.living())


def test_own_devices_hear_half_time_and_time_up_before_the_vote(tmp_path: Path) -> None:
    db, seat = own_table_at_the_first_discussion(tmp_path, DISCUSSION)
    config = ServerConfig(
        database_url=db.url, pause_seconds=(0, 0), narration_wait=0.01, voices_dir=str(tmp_path / "voices")
    )

    def voting(message: dict[str, Any]) -> bool:
        return message["type"] == "seat" and any(q["kind"] == "vote" for q in message["questions"])

    messages = asyncio.run(listen(db, config, Identity(token_hash=f"t{seat}"), voting))
    spoken = [[cue["scene"] for cue in m["cues"]] for _, m in messages if m["type"] == "narration"]
    scenes = [scene for cues in spoken for scene in cues]
    assert scenes.count(HALF) == 1 and scenes.count(END) == 1 and LAST_MINUTE not in scenes, scenes
    assert scenes.index(HALF) < scenes.index(END)
    assert scenes[scenes.index(END) + 1] == "vote_call", "time is up first, then the call to vote"
    last = [m for _, m in messages if m["type"] == "seat"][-1]
    assert last["questions"] and last["questions"][0]["kind"] == "vote", "the vote follows the Sonnenuhr"


def test_one_device_plays_the_sonnenuhr_by_itself() -> None:
    lobby = TableLobby(mode=SINGLE, host="h", settings=TableSettings())
    for name in SETUP["names"]:
        lobby.add(name, None)
    match = Match(deal_cards(lobby, random.Random(5)))
    narration = RoomNarration(match, "konrad", ServerConfig(database_url="sqlite://", narration_wait=1.0))
    device = SingleDevice(match, TableOptions(discussion=180), narration)
    rng, at = random.Random(5), 1000.0
    for _ in range(500):
        screen = device.screen()
        if screen["screen"] == "discussion":
            break
        at += 1.0
        device.apply(*tap(screen, rng), at)
    else:
        raise AssertionError("no discussion")
    start = screen["deadline"] - 180
    assert [(mark["at"] - start, mark["scene"]) for mark in screen["marks"]] == [
        (90, HALF),
        (120, LAST_MINUTE),
        (180, END),
    ]
    assert all(mark["cue"]["text"] and mark["cue"]["seconds"] > 0 for mark in screen["marks"])
