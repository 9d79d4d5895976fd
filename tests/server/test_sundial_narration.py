"""The Sonnenuhr speaks: at half time, in the last minute of a long discussion, and when time is up
(then before the call to vote). Online rooms plan the warnings from the discussion's timer."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from tests.server.test_narration_timing import SETUP, drain, stored_room
from tests.server.test_table_single import tap

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.match import Match
from wolfrunde.server.room import Attach, Room
from wolfrunde.server.sundial import END, HALF, LAST_MINUTE, sundial_marks
from wolfrunde.server.table import store as table_store
from wolfrunde.server.table.lobby import OWN, SINGLE, TableLobby, TableSettings, deal
from wolfrunde.server.table.narration import TableNarration
from wolfrunde.server.table.room import Attach as TableAttach
from wolfrunde.server.table.room import Member, TableRoom
from wolfrunde.server.table.single import SingleDevice, TableOptions
from wolfrunde.simulation.policy import choose
from wolfrunde.store import Database, default_url

DISCUSSION = 1.6  # seconds: the test stays short


async def listen(room: Room | TableRoom, conn: Connection, attach: object, until: float) -> list[tuple[float, dict]]:
    """Starts the room, attaches `conn` and collects what it is sent until `until` (epoch seconds)."""
    room.start()
    room.post(attach)
    messages: list[tuple[float, dict]] = []
    while time.time() < until:
        await asyncio.sleep(0.02)
        messages += drain(conn)
    await room.stop()
    return messages


def test_marks_by_the_length_of_the_discussion() -> None:
    assert sundial_marks(60) == [(30, HALF)], "a short day has no separate last minute"
    assert sundial_marks(180) == [(90, HALF), (120, LAST_MINUTE)]
    assert sundial_marks(120) == [(60, HALF), (60, LAST_MINUTE)]


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


def test_an_online_discussion_hears_half_time_and_time_up_before_the_vote(tmp_path: Path) -> None:
    now = time.time()
    db = stored_room(tmp_path, to_the_first_discussion(), timer={"release": now, "deadline": now + DISCUSSION})
    config = ServerConfig(
        database_url=db.url,
        pause_seconds=(0, 0),
        bot_delay=(0, 0),
        narration_wait=0.01,
        voices_dir=str(tmp_path / "voices"),
    )

    room = Room.load("ACDEF", db, config)
    assert room is not None
    anna = Connection(websocket=None, user_id=1, name="Anna")  # type: ignore[arg-type]
    messages = asyncio.run(listen(room, anna, Attach(anna), until=now + DISCUSSION + 0.5))
    spoken = [(at, [cue["scene"] for cue in m["cues"]]) for at, m in messages if m["type"] == "narration"]
    scenes = [scene for _, cues in spoken for scene in cues]
    assert scenes.count(HALF) == 1 and LAST_MINUTE not in scenes
    assert scenes.index(HALF) < scenes.index(END), scenes
    time_up = next(cues for _, cues in spoken if END in cues)
    assert time_up[0] == END and "vote_call" in time_up, "time is up first, then the call to vote"
    half_at = next(at for at, cues in spoken if HALF in cues)
    end_at = next(at for at, cues in spoken if END in cues)
    assert 0.6 * DISCUSSION / 2 < end_at - half_at < DISCUSSION, "half time comes halfway, the end at the end"


def own_table_at_the_first_discussion(tmp_path: Path, seconds: float) -> tuple[Database, int]:
    """An own-devices table of five stored at the start of day 1's discussion, the Sonnenuhr `seconds` long;
    and a seat still alive."""
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = TableLobby(mode=OWN, host="h", settings=TableSettings(roles=list(SETUP["roles"])))
    for index, name in enumerate(SETUP["names"]):
        lobby.add(name, "h" if index == 0 else None)
    setup = deal(lobby, random.Random(2))
    assert table_store.create(db, "TBLAB", OWN, lobby.to_dict())
    match, rng = Match(setup), random.Random(3)
    for _ in range(200):
        if match.phase_kind() == "day":
            break
        request = match.game.pending()[0]
        choice = choose(match.game, request, rng)
        match.decide(request.seat, request.kind, choice)
        table_store.append(db, "TBLAB", table_store.Command("decide", request.seat, request.kind, choice, 0.0))
    assert match.phase_kind() == "day" and not match.over
    now = time.time()
    table_store.save(db, "TBLAB", setup=setup, status="running", timer={"release": now, "deadline": now + seconds})
    return db, min(match.game.living())


def test_own_devices_hear_half_time_and_time_up_before_the_vote(tmp_path: Path) -> None:
    db, seat = own_table_at_the_first_discussion(tmp_path, DISCUSSION)
    config = ServerConfig(
        database_url=db.url, pause_seconds=(0, 0), narration_wait=0.01, voices_dir=str(tmp_path / "voices")
    )

    room = TableRoom.load("TBLAB", db, config)
    assert room is not None
    guest = Connection(websocket=None, user_id=0, name="Gast")  # type: ignore[arg-type]
    attach = TableAttach(guest, Member(seat, False))
    messages = asyncio.run(listen(room, guest, attach, until=time.time() + DISCUSSION + 0.6))
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
    match = Match(deal(lobby, random.Random(5)))
    narration = TableNarration(match, "konrad", ServerConfig(database_url="sqlite://", narration_wait=1.0))
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
