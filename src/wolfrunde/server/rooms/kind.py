"""What a way to play declares, and what the room core offers it.

A room kind is one module (`server/kinds/<kind>.py`) with one class that follows `RoomKind`: its client
messages (`schema`), how a connecting device proves who it is (`identify`), what happens on each message
and each scheduled wake-up, and what each member is sent. It keeps its own state (lobby, game, stage) and
reaches everything else through `RoomServices`: the room's members, the store (always off the event
loop, always before anything is sent), and the clock. The core does the rest: one task per room, the
order of commands, the error replies, restore and sweep.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from starlette.websockets import WebSocket

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.rooms.deltas import Subscription
from wolfrunde.server.rooms.protocol import Message, Refusal, Schema
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.store.rooms import Command, StoredChat, StoredCommand, StoredRoom

if TYPE_CHECKING:
    from wolfrunde.server.rooms.connection import Connection, Encoded

log = logging.getLogger(__name__)
Result = TypeVar("Result")
Replayed = TypeVar("Replayed")


@dataclass(frozen=True)
class Identity:
    """Who a connection is: an account (online rooms) or a device's token (guests at a table)."""

    user_id: int | None = None
    name: str = ""
    token_hash: str | None = None
    session: str | None = None  # the login session's key (`accounts.session_key`): its logout closes this


@dataclass(eq=False)
class Peer:
    """One connection in a room, with who it is and what the kind attached to it."""

    conn: Connection
    identity: Identity
    seat: int | None = None  # the seat it plays, as the kind last decided
    host: bool = False
    device: bool = False  # the one device in the middle of the table (acts for every seat)
    extra: dict[str, Any] = field(default_factory=dict)
    patches: Subscription | None = None  # the device takes incremental `game` updates (rooms.deltas)

    def send(self, message: dict[str, Any], encoded: Encoded | None = None) -> None:
        """`encoded`: the broadcast this message is part of (`RoomActor.broadcast`)."""
        if self.patches is not None and self.seat is not None and message.get("type") == "game":
            own = self.patches.outgoing(self.seat, message)  # this device's own message
            if isinstance(own, bytes):
                self.conn.send_encoded(own)
            else:
                self.conn.send(own)
            return
        self.conn.send(message, encoded)

    def flush(self) -> None:
        """What was sent to this connection during this turn of the event loop goes out now, not at its end."""
        self.conn.flush()


class Handle(Protocol):
    def cancel(self) -> None: ...


class RoomServices(Protocol):
    """What the core offers a kind. Every method runs inside the room's own task."""

    code: str
    config: ServerConfig

    @property
    def status(self) -> RoomStatus: ...

    def set_status(self, status: RoomStatus) -> None: ...

    @property
    def batch_follows(self) -> bool:
        """Another client message the kind batches (`RoomKind.batches`) waits in the room's queue."""
        ...

    def peers(self) -> Iterator[Peer]: ...

    def broadcast(self, build: Callable[[Peer], dict[str, Any] | None]) -> None: ...

    def attach_local(self, peer: Peer) -> None: ...

    def remove_peer(self, peer: Peer) -> None: ...

    def later(self, delay: float, event: object) -> Handle: ...

    async def store_command(self, command: Command, *, at: float | None = None, **fields: Any) -> float: ...

    async def save(self, **fields: Any) -> None: ...

    async def reset_game(self, *, chat: bool = True, **fields: Any) -> None: ...

    async def add_chat(self, channel: str, seat: int, text: str, round: int | None = None) -> StoredChat: ...

    async def chat_history(self) -> list[StoredChat]: ...

    async def drop_chat_seat(self, seat: int) -> None: ...

    async def in_thread(self, job: Callable[..., Result], *args: Any) -> Result: ...


class RoomKind(Protocol):
    """One way to play. The core creates it with `load` (in a worker thread) or by the kind's own
    creation route, binds it to its room and then calls the hooks below from the room's task."""

    kind_id: ClassVar[str]
    schema: ClassVar[Schema]

    @classmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> RoomKind:
        """Rebuilds the kind from its stored record and commands (replays its game). Runs in a thread."""
        ...

    @staticmethod
    async def identify(websocket: WebSocket) -> Identity | Refusal:
        """Who is connecting (a session cookie, a device token …), before the room sees the socket."""
        ...

    def bind(self, room: RoomServices) -> None: ...

    def start(self) -> None:
        """The room's task runs: arm what was planned before a restart."""
        ...

    async def attach(self, peer: Peer) -> None:
        """A new connection: tell it who it is and send it what it may see now; raise Refusal to turn
        it away."""
        ...

    async def detach(self, peer: Peer) -> None: ...

    async def handle(self, peer: Peer, message: Message) -> None:
        """One client message; raise Refusal to refuse it (nothing may have changed then)."""
        ...

    async def wake(self, event: object) -> None:
        """A scheduled event (`RoomServices.later`) came due."""
        ...

    def stopped(self) -> None:
        """The room stops (sweep or shutdown): cancel what the kind scheduled itself."""
        ...

    def batches(self, message: Message) -> bool:
        """Whether this client message may be handled in a batch with others of its sort that wait in the
        queue: the kind may hold back what it would send after one of them (`RoomServices.batch_follows`)
        until the last. Decided from the message alone, when it is queued."""
        ...

    def settle(self) -> None:
        """No message the kind batches waits in the queue any more: send what was held back."""
        ...

    def summary(self) -> dict[str, Any]:
        """Public facts for `GET …/{code}`: at least `players`."""
        ...


class BoundKind:
    """What every kind shares: the room it is bound to (`bind`), and that room once it is; a stored game
    that could not be replayed (`halted_on_load`)."""

    room: RoomServices | None = None
    halted_on_load: bool = False

    def replayed(self, record: StoredRoom, replay: Callable[[], Replayed]) -> Replayed | None:
        """What `replay` rebuilds of the stored game; None when it fails, and the room is halted: whatever
        the stored game holds, the room stops, not the server's loading of it."""
        try:
            return replay()
        except Exception:
            log.exception("room %s: the stored game cannot be replayed; it is halted", record.code)
            self.halted_on_load = True
            return None

    def stored_game(self, record: StoredRoom, replay: Callable[[dict[str, Any]], Replayed]) -> Replayed | None:
        """What `replay` rebuilds of the game `record` stored, from its setup; None when it stored none (no
        game yet, or the room was halted) and when the game cannot be replayed (see `replayed`)."""
        setup = record.setup
        if setup is None or record.status == RoomStatus.HALTED:
            return None
        return self.replayed(record, lambda: replay(setup))

    def bind(self, room: RoomServices) -> None:
        self.room = room

    def batches(self, message: Message) -> bool:
        return False

    def settle(self) -> None:
        return None

    @property
    def _room(self) -> RoomServices:
        assert self.room is not None, "the kind is not bound to its room yet"
        return self.room


class HaltedOnLoad:
    """A wake-up a kind posts to itself when its stored game could not be replayed: it then tells the store
    the room is halted (from the room's task, not from the load)."""
