"""The Sonnenuhr in an online room: half time and time up are spoken (time up before the call to vote);
the room plans the warnings from the discussion's timer."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.rooms_harness import join, running_room
from tests.server.test_narration_timing import SETUP, stored_room

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.sundial import END, HALF, LAST_MINUTE, sundial_marks

DISCUSSION = 1.6  # seconds: the test stays short


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
    commands = to_the_first_discussion()
    voices = str(tmp_path / "voices")
    assert voices_for(ServerConfig(database_url="sqlite://", voices_dir=voices)).narration.catalogue  # load it now
    begins = time.time() + 2.0  # the discussion begins when the room is surely back
    db = stored_room(tmp_path, commands, timer={"release": begins, "deadline": begins + DISCUSSION})
    config = ServerConfig(
        database_url=db.url,
        pause_seconds=(0, 0),
        bot_delay=(0, 0),
        narration_wait=0.01,
        voices_dir=voices,
        restart_grace=0.0,
    )

    def says(scene: str):  # type: ignore[no-untyped-def]
        return lambda m: any(cue["scene"] == scene for cue in m["cues"])

    async def scenario() -> tuple[dict, float, dict, float, list[dict]]:
        async with running_room(db, config) as actor:
            anna = await join(actor, 0)
            half = await anna.next("narration", says(HALF))
            end = await anna.next("narration", says(END))
            return half, anna.when(half), end, anna.when(end), anna.taken("narration")

    _half, half_at, end, end_at, spoken = asyncio.run(scenario())
    scenes = [cue["scene"] for message in spoken for cue in message["cues"]]
    assert scenes.count(HALF) == 1 and LAST_MINUTE not in scenes
    assert scenes.index(HALF) < scenes.index(END), scenes
    time_up = [cue["scene"] for cue in end["cues"]]
    assert time_up[0] == END and "vote_call" in time_up, "time is up first, then the call to vote"
    assert 0.6 * DISCUSSION / 2 < end_at - half_at < DISCUSSION, "half time comes halfway, the end at the end"
