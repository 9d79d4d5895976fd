"""The lifecycle of a room, with the transitions it allows."""

from __future__ import annotations

from enum import StrEnum


class LifecycleError(RuntimeError):
    """A transition the lifecycle does not allow: a bug in the caller."""


class RoomStatus(StrEnum):
    LOBBY = "lobby"  # seats and settings change; no game yet
    RUNNING = "running"  # a game is on; restored after a restart
    ENDED = "ended"  # the game is over; the room stays readable and can start again
    HALTED = "halted"  # a rule failed: stopped and reported; can start again

    def to(self, new: RoomStatus) -> RoomStatus:
        """`new`, or LifecycleError when the room cannot go there from here."""
        if new not in _NEXT[self]:
            allowed = ", ".join(sorted(s.value for s in _NEXT[self])) or "nothing"
            raise LifecycleError(f"room status {self.value} -> {new.value}: expected one of {allowed}")
        return new

    @property
    def finished(self) -> bool:
        return self in (RoomStatus.ENDED, RoomStatus.HALTED)


_NEXT: dict[RoomStatus, frozenset[RoomStatus]] = {
    RoomStatus.LOBBY: frozenset({RoomStatus.RUNNING}),
    RoomStatus.RUNNING: frozenset({RoomStatus.ENDED, RoomStatus.HALTED, RoomStatus.LOBBY}),
    RoomStatus.ENDED: frozenset({RoomStatus.LOBBY, RoomStatus.RUNNING}),
    RoomStatus.HALTED: frozenset({RoomStatus.LOBBY, RoomStatus.RUNNING}),
}
