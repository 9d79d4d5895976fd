"""One asyncio task per room that handles the room's commands strictly in order (no locks on game state).

Online rooms, table rooms and Werwörter rooms share this loop; each says what a command does
(`_handle`, sync or async) and what to tidy up when the room stops (`_stopped`).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from wolfrunde.server.texts import error_text

log = logging.getLogger(__name__)


class Startable(Protocol):
    code: str

    def start(self) -> None: ...

    async def stop(self) -> None: ...


R = TypeVar("R", bound=Startable)


def error_text_payload(code: str, ref: Any = None) -> dict[str, Any]:
    """The one error shape of every room kind: a code for programs, a German message for players."""
    return {"type": "error", "code": code, "message": error_text(code), "ref": ref}


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
            except Exception:  # one bad command must not kill the room; its sender hears of it
                log.exception("%s %s: command %r failed", self.loop_label, self.code, type(command).__name__)
                if isinstance(command, Incoming):
                    ref = getattr(command.message, "ref", None)
                    if isinstance(command.message, dict):
                        ref = command.message.get("ref")
                    command.conn.send(error_text_payload("internal", ref))
        self._stopped()

    def _handle(self, command: Any) -> Any:
        raise NotImplementedError

    def _stopped(self) -> None:
        """Cancels what the room has scheduled."""


class RoomCache(Generic[R]):
    """The rooms of one kind in memory. A room that is not is loaded from the store in a worker thread
    (loading replays its game, which must never block the event loop); callers asking for the same
    room meanwhile wait for the same load. A room that fails to load is logged and not tried again for
    a while, so a broken record cannot keep a thread busy."""

    RETRY_SECONDS = 60.0

    def __init__(self, load: Callable[[str], R | None], label: str) -> None:
        self.load = load
        self.label = label
        self.rooms: dict[str, R] = {}
        self._loading: dict[str, asyncio.Future[R | None]] = {}
        self._failed: dict[str, float] = {}

    def add(self, room: R) -> None:
        self.rooms[room.code] = room
        room.start()

    async def get(self, code: str) -> R | None:
        room = self.rooms.get(code)
        if room is not None:
            return room
        pending = self._loading.get(code)
        if pending is not None:
            return await asyncio.shield(pending)
        if time.monotonic() - self._failed.get(code, -self.RETRY_SECONDS) < self.RETRY_SECONDS:
            return None
        future: asyncio.Future[R | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            loaded = await asyncio.to_thread(self.load, code)
        except Exception:
            log.exception("%s %s could not be loaded", self.label, code)
            self._failed[code] = time.monotonic()
            loaded = None
        finally:
            del self._loading[code]
        if loaded is not None:
            self.add(loaded)
        future.set_result(loaded)
        return loaded

    async def restore(self, codes: list[str]) -> int:
        """Starts every stored room that was running when the process stopped; returns how many came back."""
        restored = 0
        for code in codes:
            if await self.get(code) is not None:
                restored += 1
        return restored

    async def stop_all(self) -> None:
        """Stops every room's task and forgets the rooms."""
        for room in list(self.rooms.values()):
            await room.stop()
        self.rooms.clear()
