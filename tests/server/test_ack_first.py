"""A decision's `ack` goes out as soon as the decision is stored, before the room tells anyone what changed,
and the rooms whose decisions were stored in the same batch send all their acks before any of them shows a
view: a sender waits for the store, never for the fan-out of the rooms ahead of it (nor, so, for how many
seats its own change shows something to). Every device still gets the ack before the view it leads to."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.server.rooms_harness import CODE, Member, config_for
from tests.server.test_online_day import ACCUSED, LIVING, day_room

from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.rooms.kind import Identity
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

OTHER = "HJKMNP"
DAY_NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]


def second_room(db: Database) -> None:
    """The same room (its lobby, game and commands) under another code, in the same database."""
    record = store.load_room(db, CODE)
    assert record is not None
    store.create_room(db, OTHER, "online", record.state, host_id=1)
    store.save_room(db, OTHER, status="running", setup=record.setup, timer=record.timer)
    for stored in store.commands(db, CODE):
        command = store.Command(stored.op, stored.seat, stored.kind, stored.payload)
        store.append_command(db, OTHER, stored.seq, command)


def test_the_acks_of_a_stored_batch_go_out_before_any_room_shows_a_view(tmp_path: Path) -> None:
    db = day_room(tmp_path)
    second_room(db)
    arrivals: list[tuple[str, int, dict[str, Any]]] = []  # (room, seat, message), in the order delivered

    async def scenario() -> None:
        registry = Registry(db, config_for(db), all_kinds())
        try:
            members: dict[tuple[str, int], Member] = {}
            for code in (CODE, OTHER):
                actor = await registry.get(code)
                assert actor is not None
                for seat in LIVING:
                    member = Member(actor, Identity(user_id=seat + 1, name=DAY_NAMES[seat]))
                    assert await actor.attach(member.peer) is None
                    members[code, seat] = member
            for member in members.values():
                await member.settled()
                member.forget()
            for (code, seat), member in members.items():
                deliver = member._deliver

                def record(message: dict[str, Any], code: str = code, seat: int = seat, deliver: Any = deliver) -> None:
                    arrivals.append((code, seat, message))
                    deliver(message)

                member.peer.conn.deliver = record  # type: ignore[attr-defined]
            voter = LIVING[0]
            for code in (CODE, OTHER):  # both wait in their rooms' queues: stored in one batch
                members[code, voter].say({"type": "decide", "kind": "vote", "choice": ACCUSED, "ref": f"v-{code}"})
            for code in (CODE, OTHER):
                await members[code, voter].next("ack")
            for member in members.values():
                await member.settled()
        finally:
            await registry.close()

    asyncio.run(scenario())
    kinds = [(code, message["type"]) for code, _seat, message in arrivals if message["type"] in ("ack", "game")]
    acks = [index for index, (_code, kind) in enumerate(kinds) if kind == "ack"]
    views = [index for index, (_code, kind) in enumerate(kinds) if kind == "game"]
    assert len(acks) == 2 and views, kinds
    assert max(acks) < min(views), kinds  # both rooms' acks before either room's first view
    for code in (CODE, OTHER):  # and each voter his own ack before his own view
        own = [message["type"] for room, seat, message in arrivals if room == code and seat == LIVING[0]]
        assert "game" in own and own.index("ack") < own.index("game"), own
