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
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.narration_voices import CueKey, voices_for
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.rooms.actor import RoomActor
from wolfrunde.store import rooms as store
from wolfrunde.store.database import Database

ROLES = ["werewolf", "seer", "villager", "villager", "villager"]


class AudioGate:
    """The process's voices for a config, with every cue's audio made only when the test opens the gate:
    until then no length is known, and a change with cues waits for them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, config: ServerConfig) -> None:
        self.open = asyncio.Event()
        self.waited: list[CueKey] = []
        voices = voices_for(config)
        monkeypatch.setattr(voices, "lengths_known", self._lengths_known)
        monkeypatch.setattr(voices, "measure", self._measure)

    @staticmethod
    def _lengths_known(keys: Iterable[CueKey]) -> bool:
        return not list(keys)

    async def _measure(self, keys: list[CueKey], budget: float) -> None:
        if keys:
            self.waited.extend(keys)
            await self.open.wait()


def gated_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, roles: list[str]
) -> tuple[Database, ServerConfig, AudioGate]:
    """A stored room of `roles` and its config, whose cues' audio is made only when the gate opens."""
    db = stored_online_room(tmp_path, online_setup(roles, seed=4))
    config = config_for(db, voices_dir=str(tmp_path / "voices"))
    return db, config, AudioGate(monkeypatch, config)


def running_game(actor: RoomActor) -> OnlineGame:
    game = actor.kind.game if isinstance(actor.kind, OnlineRoom) else None
    assert game is not None
    return game


async def asked(members: list[Member], rng: random.Random) -> tuple[Member, tuple[str, Any]]:
    """The member whose latest game view asks it something now, with the bots' answer."""
    for member in members:
        games = member.taken("game")
        move = choose(games[-1]["view"], rng) if games else None
        if move is not None:
            return member, move
    raise AssertionError("nobody is asked anything")


def test_the_sender_is_acknowledged_before_the_audio_is_made_and_the_timer_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, config, gate = gated_room(tmp_path, monkeypatch, ROLES)

    async def scenario() -> None:
        async with running_room(db, config) as actor:
            members = [await join(actor, seat) for seat in range(len(ROLES))]
            member, (kind, choice) = await asked(members, random.Random(1))
            member.say({"type": "decide", "kind": kind, "choice": choice, "ref": "r1"})
            try:
                await member.next("ack", lambda m: m.get("ref") == "r1")
                assert gate.waited, "the narration of the decision waits for its audio"
                stored = store.commands(db, CODE)
                assert [(c.op, c.kind) for c in stored] == [("decide", kind)], "acknowledged before it was stored"
                record = store.load_room(db, CODE)
                assert record is not None and record.timer is None, "the old step's timer is not kept for the new one"
            finally:
                gate.open.set()  # (a failed check must not leave the room waiting: it could not stop)
            await member.settled()  # the change is told, its timer stored
            record = store.load_room(db, CODE)
            assert record is not None and record.timer is not None
            game = running_game(actor)
            assert game.timer is not None
            assert record.timer == game.timer.to_json()

    asyncio.run(scenario())


def test_a_decision_that_ends_the_game_is_stored_as_its_end_before_the_audio_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    roles = ["werewolf", "werewolf", "villager", "villager", "villager"]  # one night's victim: the wolves win
    db, config, gate = gated_room(tmp_path, monkeypatch, roles)

    async def scenario() -> None:
        async with running_room(db, config) as actor:
            members = [await join(actor, seat) for seat in range(len(roles))]
            rng = random.Random(1)
            try:
                for number in range(len(roles)):
                    game = running_game(actor)
                    if game.match.over:
                        break
                    seat, (kind, choice) = next(
                        (seat, move) for seat in range(len(roles)) if (move := choose(game.match.view(seat), rng))
                    )
                    member = members[seat]
                    member.say({"type": "decide", "kind": kind, "choice": choice, "ref": f"r{number}"})
                    await member.next("ack", lambda m, ref=f"r{number}": m.get("ref") == ref)
                record = store.load_room(db, CODE)
                assert record is not None and record.status == "ended" and record.ended_at is not None
                assert gate.waited and not gate.open.is_set(), "the end was stored while its audio was made"
            finally:
                gate.open.set()
            await members[0].settled()

    asyncio.run(scenario())


def test_a_restart_after_a_command_stored_without_its_timer_gives_the_open_step_a_new_one(tmp_path: Path) -> None:
    setup = online_setup(ROLES, seed=4)
    first = stored_online_room(tmp_path / "first", setup)

    async def first_decision() -> tuple[int, str, Any]:
        async with running_room(first, config_for(first)) as actor:
            members = [await join(actor, seat) for seat in range(len(ROLES))]
            member, (kind, choice) = await asked(members, random.Random(1))
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
            game = running_game(actor)
            assert game.match.has_pending()
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
