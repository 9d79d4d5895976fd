"""Every accepted command is stored before anything about it is sent: at the moment any device of an
online room is sent an `ack` or a `game` message, the commands in the database already hold that
decision and every event the message shows (the game rebuilt from the stored commands shows at least as
much). A crash right after a send can therefore lose no acknowledged command and no shown event."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import orjson
import pytest
from tests.server.rooms_harness import CODE, WAIT, Member, config_for, online_setup, running_room, stored_online_room

from wolfrunde.bots.strategy import choose
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.match import replay
from wolfrunde.server.rooms.actor import RoomActor
from wolfrunde.server.rooms.connection import encode_bytes
from wolfrunde.server.rooms.kind import Identity
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

ROLES = ["werewolf", "seer", "witch", "hunter", "villager", "villager", "werewolf"]
NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gerda"]


class Checked(Member):
    """A device that, at every message it is sent, compares it with what the database holds then."""

    def __init__(self, actor: RoomActor, identity: Identity, seat: int, db: Database, setup: dict[str, Any]) -> None:
        super().__init__(actor, identity)
        self.seat, self.db, self.setup = seat, db, setup
        self.refs: dict[str, int] = {}  # the ref of each decision sent: how many decisions were sent before it
        self.problems: list[str] = []
        self.arrival = asyncio.Event()

    def _deliver(self, message: dict[str, Any]) -> None:
        stored = store.commands(self.db, CODE)
        if message["type"] == "ack" and message.get("ref") in self.refs:
            mine = [c for c in stored if c.op == "decide" and c.seat == self.seat]
            if len(mine) <= self.refs[message["ref"]]:
                self.problems.append(f"seat {self.seat}: ack {message['ref']} before its command was stored")
        if message["type"] == "game":
            rebuilt = replay(self.setup, [(c.op, c.seat, c.kind, c.payload) for c in stored]).game
            logged = [{"type": event.type, **event.data} for event in rebuilt.events]
            events = iter(orjson.loads(encode_bytes(logged)))  # every stored event, as a device reads them
            shown = message["view"]["events"]
            if not all(any(event == stored_event for stored_event in events) for event in shown):
                self.problems.append(f"seat {self.seat}: shown {len(shown)} events, not all of them stored")
        super()._deliver(message)
        self.arrival.set()


@pytest.mark.parametrize("seed", [3, 8])
def test_no_ack_and_no_view_is_sent_before_its_command_is_stored(tmp_path: Path, seed: int) -> None:
    setup = online_setup(ROLES, seed=seed, names=NAMES)
    db = stored_online_room(tmp_path, setup, names=NAMES)
    rng = random.Random(seed)

    async def scenario() -> tuple[list[str], int, bool]:
        async with running_room(db, config_for(db)) as actor:
            assert isinstance(actor.kind, OnlineRoom)
            members = []
            for seat, name in enumerate(NAMES):
                member = Checked(actor, Identity(user_id=seat + 1, name=name), seat, db, setup)
                assert await actor.attach(member.peer) is None
                members.append(member)
            acks = 0
            answered: set[tuple[int, int]] = set()  # (seat, index of the game message answered)
            while not all(m.taken("game") and m.taken("game")[-1]["view"]["result"] is not None for m in members):
                for member in members:
                    member.arrival.clear()
                for member in members:
                    games = member.taken("game")
                    if not games or (member.seat, len(games)) in answered:
                        continue
                    move = choose(games[-1]["view"], rng)
                    if move is None:
                        continue
                    answered.add((member.seat, len(games)))
                    ref = f"d{member.seat}-{len(games)}"
                    member.refs[ref] = sum(1 for c in store.commands(db, CODE) if c.seat == member.seat)
                    member.say({"type": "decide", "kind": move[0], "choice": move[1], "ref": ref})
                waits = [asyncio.ensure_future(m.arrival.wait()) for m in members]
                done, pending = await asyncio.wait(waits, timeout=WAIT, return_when=asyncio.FIRST_COMPLETED)
                for waiting in pending:
                    waiting.cancel()
                assert done, "the game stopped moving"
                acks = sum(len(m.taken("ack")) for m in members)
            over = actor.kind.game is not None and actor.kind.game.match.over
            return [p for m in members for p in m.problems], acks, over

    problems, acks, over = asyncio.run(scenario())
    assert problems == []
    assert over and acks > 10
