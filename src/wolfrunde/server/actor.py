"""One asyncio task per room that handles the room's commands strictly in order (no locks on game state).

Online rooms, table rooms and Werwörter rooms share this loop; each says what a command does
(`_handle`, sync or async) and what to tidy up when the room stops (`_stopped`).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Stop:
    """The last command a room handles."""


@dataclass(frozen=True)
class Detach:
    """A connection went away."""

    conn: Any


@dataclass(frozen=True)
class Incoming:
    """A message from a connection, already parsed."""

    conn: Any
    message: Any


class CommandLoop:
    code: str
    queue: asyncio.Queue[Any]
    task: asyncio.Task[None] | None
    loop_label = "room"

    def post(self, command: Any) -> None:
        self.queue.put_nowait(command)

    async def stop(self) -> None:
        self.post(Stop())
        if self.task is not None:
            await self.task

    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            if isinstance(command, Stop):
                break
            try:
                handled = self._handle(command)
                if inspect.isawaitable(handled):
                    await handled
            except Exception:  # one bad command must not kill the room
                log.exception("%s %s: command %r failed", self.loop_label, self.code, type(command).__name__)
        self._stopped()

    def _handle(self, command: Any) -> Any:
        raise NotImplementedError

    def _stopped(self) -> None:
        """Cancels what the room has scheduled."""


def restore_rooms(codes: list[str], load: Callable[[str], object | None], label: str) -> int:
    """Starts every stored room that was running when the process stopped; returns how many came back."""
    restored = 0
    for code in codes:
        try:
            if load(code) is not None:
                restored += 1
        except Exception:  # one broken room must not keep the others down
            log.exception("%s %s could not be restored", label, code)
    return restored


async def stop_rooms(rooms: dict[str, CommandLoop]) -> None:
    """Stops every room's task and forgets the rooms."""
    for room in list(rooms.values()):
        await room.stop()
    rooms.clear()
