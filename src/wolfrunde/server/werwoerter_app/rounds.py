"""Opening a Werwörter round and seating a guest, through the one registry of every room."""

from __future__ import annotations

import asyncio

from wolfrunde.server.kinds.werwoerter import WerwoerterRoom
from wolfrunde.server.rooms.actor import RoomActor
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.werwoerter_app.guests import new_token, token_hash
from wolfrunde.server.werwoerter_app.state import Mode, Settings

JOIN_SECONDS = 10.0


def kind_of(registry: Registry) -> type[WerwoerterRoom]:
    """The Werwörter kind this registry plays (a test may give it other timings)."""
    kind = registry.kinds[WerwoerterRoom.kind_id]
    assert issubclass(kind, WerwoerterRoom)
    return kind


async def open_round(registry: Registry, mode: Mode, names: list[str], settings: Settings) -> tuple[RoomActor, str]:
    """A new round and its creator's guest token. One device: the cards are dealt at once."""
    room, token = kind_of(registry).create(mode, names, settings, registry.config)
    game = room.game
    actor = await registry.create(
        room,
        room.state.to_json(),
        status=RoomStatus.LOBBY if game is None else RoomStatus.RUNNING,
        setup=None if game is None else game.setup.to_json(),
    )
    return actor, token


def round_of(actor: RoomActor | None) -> WerwoerterRoom | None:
    return actor.kind if actor is not None and isinstance(actor.kind, WerwoerterRoom) else None


async def join_round(actor: RoomActor, name: str) -> tuple[int, str]:
    """(seat, guest token) of a new guest; raises Refusal when the round takes nobody (more)."""
    room = round_of(actor)
    assert room is not None
    token = new_token()
    hashed = token_hash(token)
    seat: int = await asyncio.wait_for(actor.call(lambda: room.join(name, hashed)), timeout=JOIN_SECONDS)
    return seat, token
