"""A decision whose narration still needs its audio made is acknowledged without waiting for the voice:
the command is stored and acknowledged first, the step's timer stored once the audio's length is known.
A server that stops in between has stored the command without a timer; restarted, it gives the open
step a new timer, so the game goes on by itself."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from tests.server.rooms_harness import (
    CODE,
    WAIT,
    Member,
    config_for,
    join,
    online_setup,
    running_room,
    stored_online_room,
)

from wolfrunde.bots.strategy import choose
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.narration_voices import CueKey, voices_for
from wolfrunde.store import rooms as store

ROLES = ["werewolf", "seer", "villager", "villager", "villager"]


async def asked(members: list[Member]) -> tuple[Member, tuple[str, Any]]:
    """The member whose game view asks it something now, with the bots' answer."""
    rng = random.Random(1)
    for member in members:
        game = await member.next("game")
        move = choose(game["view"], rng)
        if move is not None:
            return member, move
    raise AssertionError("nobody is asked anything at the start of the night")


def test_the_sender_is_acknowledged_before_the_audio_is_made_and_the_timer_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = online_setup(ROLES, seed=4)
    db = stored_online_room(tmp_path, setup)
    config = config_for(db, voices_dir=str(tmp_path / "voices"))
    voices = voices_for(config)
    measured: list[CueKey] = []

    def nothing_measured(keys: Iterable[CueKey]) -> bool:
        return False

    async def scenario() -> None:
        audio_made = asyncio.Event()

        async def measure(keys: list[CueKey], budget: float) -> None:
            measured.extend(keys)
            await audio_made.wait()

        monkeypatch.setattr(voices, "lengths_known", nothing_measured)
        monkeypatch.setattr(voices, "measure", measure)
        async with running_room(db, config) as actor:
            members = [await join(actor, seat) for seat in range(len(ROLES))]
            member, (kind, choice) = await asked(members)
            member.say({"type": "decide", "kind": kind, "choice": choice, "ref": "r1"})
            try:
                await member.next("ack", lambda m: m.get("ref") == "r1")
                assert measured, "the narration of the decision waits for its audio"
                stored = store.commands(db, CODE)
                assert [(c.op, c.kind) for c in stored] == [("decide", kind)], "acknowledged before it was stored"
                record = store.load_room(db, CODE)
                assert record is not None and record.timer is None, "the old step's timer is not kept for the new one"
            finally:
                audio_made.set()  # (a failed check must not leave the room waiting: it could not stop)
            await member.settled()  # the change is told, its timer stored
            record = store.load_room(db, CODE)
            assert record is not None and record.timer is not None
            game = actor.kind.game if isinstance(actor.kind, OnlineRoom) else None
            assert game is not None and game.timer is not None
            assert record.timer == game.timer.to_json()

    asyncio.run(scenario())


def test_a_restart_after_a_command_stored_without_its_timer_gives_the_open_step_a_new_one(tmp_path: Path) -> None:
    setup = online_setup(ROLES, seed=4)
    first = stored_online_room(tmp_path / "first", setup)

    async def first_decision() -> tuple[int, str, Any]:
        async with running_room(first, config_for(first)) as actor:
            members = [await join(actor, seat) for seat in range(len(ROLES))]
            member, (kind, choice) = await asked(members)
            member.say({"type": "decide", "kind": kind, "choice": choice, "ref": "r1"})
            await member.next("ack", lambda m: m.get("ref") == "r1")
        (command,) = store.commands(first, CODE)[:1]
        assert command.seat is not None and command.kind is not None
        return command.seat, command.kind, command.payload

    seat, kind, payload = asyncio.run(first_decision())
    timers = {"night": 1, "day": 1, "vote": 1, "lovers": 30}
    db = stored_online_room(tmp_path / "again", setup, [("decide", seat, kind, payload)], timer=None, timers=timers)

    async def restarted() -> None:
        async with running_room(db, config_for(db, restart_grace=0.5)) as actor:
            game = actor.kind.game if isinstance(actor.kind, OnlineRoom) else None
            assert game is not None and game.match.has_pending()
            assert game.timer is not None, "the open step has a timer again"
            assert time.time() < game.timer.deadline
            members = [await join(actor, seat) for seat in range(len(ROLES))]
            for member in members:
                member.forget()
            waits = [asyncio.ensure_future(member.next("game")) for member in members]
            done, pending = await asyncio.wait(waits, timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
            for waiting in pending:
                waiting.cancel()
            assert done, "the open step never ended"
            assert [c.op for c in store.commands(db, CODE)][1:2] == ["timeout"], "its timer ran out and ended it"

    asyncio.run(restarted())
