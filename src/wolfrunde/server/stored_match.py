"""The werewolf match a room stored (an online round, a table of own devices), rebuilt when it loads."""

from __future__ import annotations

from wolfrunde.server.match import Match, replay
from wolfrunde.server.rooms.kind import BoundKind
from wolfrunde.store.rooms import StoredCommand, StoredRoom


def stored_match(kind: BoundKind, record: StoredRoom, commands: list[StoredCommand]) -> Match | None:
    """The match replayed from `record`'s setup and its stored `commands`, in order; None when the room
    stored no game or was halted, and when the game cannot be replayed (then `kind` is halted on load)."""
    return kind.stored_game(record, lambda setup: replay(setup, [(c.op, c.seat, c.kind, c.payload) for c in commands]))
