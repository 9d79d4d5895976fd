"""One asyncio task per room: the room's commands, strictly in order, with no locks on its state.

The actor serves every room kind. It owns the queue, the room's connections (`Peer`s), the status, the
sequence numbers of stored commands and the scheduled wake-ups; the kind decides what a command does.
Whatever a kind raises while handling a client's message, the sender gets an error reply and the room
goes on: a `Refusal` is an ordinary "no", anything else is logged as a bug and answered `internal`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.connection import CLOSE_ELSEWHERE, Encoded
from wolfrunde.server.rooms.deltas import SeatStreams
from wolfrunde.server.rooms.kind import Handle, Peer, RoomKind
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.writer import CommandWriter
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)
Result = TypeVar("Result")


@dataclass(frozen=True)
class Attach:
    peer: Peer
    answer: asyncio.Future[protocol.Refusal | None]


@dataclass(frozen=True)
class Detach:
    peer: Peer


@dataclass(frozen=True)
class Incoming:
    peer: Peer
    message: protocol.Message


@dataclass(frozen=True)
class Wake:
    event: object


@dataclass(frozen=True)
class Call:
    """Runs `job` (sync or async) inside the room's task and hands its result or error to `future`."""

    job: Callable[[], Any]
    future: asyncio.Future[Any]


@dataclass(frozen=True)
class Stop:
    """The last command a room handles."""


class RoomActor:
    """The room: `kind` plays, the actor keeps order, connections, store and clock."""

    def __init__(
        self,
        code: str,
        kind: RoomKind,
        db: Database,
        config: ServerConfig,
        status: RoomStatus,
        seq: int,
        ended_at: float | None = None,
        writer: CommandWriter | None = None,
    ) -> None:
        self.code = code
        self.kind = kind
        self.db = db
        self.writer = writer or CommandWriter(db)  # the registry's, shared by every room of the process
        self.config = config
        self._status = status
        self.seq = seq  # the sequence number of the next stored command
        self.ended_at = ended_at
        self.queue: asyncio.Queue[object] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self._peers: dict[int, Peer] = {}
        self._handles: set[_Scheduled] = set()
        self.on_lost: Callable[[RoomActor], Awaitable[None]] | None = None  # another writer took the room
        # the room stored columns with `save` (code, kind, the columns): invitations follow the lobby
        self.on_saved: Callable[[str, str, dict[str, Any]], None] | None = None
        self.streams = SeatStreams()  # each seat's `game` versions, for devices that take patches
        self._batched_waiting = 0  # queued client messages the kind batches (`RoomKind.batches`)
        # the room's last chat lines as stored, once read: this process alone writes the room's chat
        self._chat: deque[store.StoredChat] | None = None
        kind.bind(self)

    # --- what the core offers a kind (RoomServices) ---------------------------------------------------
    @property
    def status(self) -> RoomStatus:
        return self._status

    def set_status(self, status: RoomStatus) -> None:
        if status is self._status:
            return
        self._status = self._status.to(status)
        self.ended_at = time.time() if status.finished else None

    @property
    def batch_follows(self) -> bool:
        return self._batched_waiting > 0

    def peers(self) -> Iterator[Peer]:
        return iter(list(self._peers.values()))

    def broadcast(self, build: Callable[[Peer], dict[str, Any] | None]) -> None:
        encoded = Encoded()  # a message built once for several devices is encoded once
        for peer in self.peers():
            message = build(peer)
            if message is not None:
                peer.send(message, encoded)

    def later(self, delay: float, event: object) -> Handle:
        """Posts `event` to the kind's `wake` after `delay` seconds (cancelled when the room stops)."""
        return _Scheduled(self, max(0.0, delay), event)

    def post(self, command: object) -> None:
        """Queues a command for the room's task; any object that is not one of the core's own commands is
        handed to the kind's `wake`."""
        if self._batched(command):
            self._batched_waiting += 1
        self.queue.put_nowait(command)

    def _batched(self, command: object) -> bool:
        return isinstance(command, Incoming) and self.kind.batches(command.message)

    async def store_command(self, command: store.Command, *, at: float | None = None, **fields: Any) -> float:
        """Stores one accepted command (and room columns) before anything about it is sent. `at`: the time
        the kind applied it (replays depend on it), else the time it is stored.

        The command gets the number this room expects next: when another writer stored one under it first,
        this process does not own the room (any longer); the room is given up and SequenceTaken raised."""
        seq = self.seq
        try:
            stored = await self.writer.append(self.code, seq, command, at, fields)
        except store.SequenceTaken:
            log.error("room %s: command %d was stored by another writer; the room is given up", self.code, seq)
            if self.on_lost is not None:
                await self.on_lost(self)
            raise
        self.seq = seq + 1
        return stored

    async def save(self, **fields: Any) -> None:
        await asyncio.to_thread(store.save_room, self.db, self.code, **fields)
        if self.on_saved is not None:
            self.on_saved(self.code, self.kind.kind_id, fields)

    async def reset_game(self, *, chat: bool = True, **fields: Any) -> None:
        await asyncio.to_thread(store.reset_game, self.db, self.code, chat=chat, **fields)
        self.seq = 0
        if chat:
            self._chat = deque(maxlen=store.CHAT_HISTORY)

    async def add_chat(self, channel: str, seat: int, text: str, round: int | None = None) -> store.StoredChat:
        saved = await asyncio.to_thread(store.add_chat, self.db, self.code, channel, seat, text, round)
        if self._chat is not None:
            self._chat.append(saved)
        return saved

    async def chat_history(self) -> list[store.StoredChat]:
        """The room's last `store.CHAT_HISTORY` chat lines, oldest first: read from the store once, then
        kept as lines are added (every seat that may read a new channel asks, at every death and at the end)."""
        if self._chat is None:
            stored = await asyncio.to_thread(store.chat_history, self.db, self.code)
            self._chat = deque(stored, maxlen=store.CHAT_HISTORY)
        return list(self._chat)

    async def drop_chat_seat(self, seat: int) -> None:
        """A seat left the lobby: its lines go, the lines of the seats after it move up with them."""
        await asyncio.to_thread(store.drop_chat_seat, self.db, self.code, seat)
        self._chat = None

    def forget_chat(self) -> None:
        """The store's chat of this room was changed by another hand (an account deleted): the next
        `chat_history` reads it again."""
        self._chat = None

    async def in_thread(self, job: Callable[..., Result], *args: Any) -> Result:
        return await asyncio.to_thread(job, *args)

    # --- life cycle ---------------------------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")
        self.kind.start()

    async def stop(self) -> None:
        self.post(Stop())
        if self.task is not None:
            await self.task

    @property
    def idle(self) -> bool:
        """Nobody is here and nothing waits in the queue."""
        return not self._peers and self.queue.empty()

    async def attach(self, peer: Peer) -> protocol.Refusal | None:
        """Hands a new connection to the room; the kind's refusal when it turned the connection away."""
        answer: asyncio.Future[protocol.Refusal | None] = asyncio.get_running_loop().create_future()
        self.post(Attach(peer, answer))
        return await answer

    async def call(self, job: Callable[[], Any]) -> Any:
        """Runs `job` inside the room's task (commands stay in order) and returns its result."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.post(Call(job, future))
        return await future

    # --- the loop -----------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            if isinstance(command, Stop):
                break
            if self._batched(command):
                self._batched_waiting -= 1
            try:
                await self._handle(command)
            except Exception:  # one bad command must not kill the room; its sender hears of it
                log.exception("room %s (%s): %s failed", self.code, self.kind.kind_id, type(command).__name__)
                if isinstance(command, Incoming):
                    command.peer.send(protocol.error("internal", command.message.ref))
                elif isinstance(command, Attach) and not command.answer.done():
                    self._peers.pop(command.peer.conn.id, None)
                    command.answer.set_result(protocol.Refusal("internal"))
                elif isinstance(command, Call) and not command.future.done():
                    command.future.set_exception(RuntimeError("internal"))
            if not self._batched_waiting:
                self._settle()
        for handle in list(self._handles):
            handle.cancel()
        self.kind.stopped()

    def _settle(self) -> None:
        """The batch (if any) ended: the kind sends what it held back for it."""
        try:
            self.kind.settle()
        except Exception:
            log.exception("room %s (%s): settling a batch failed", self.code, self.kind.kind_id)

    async def _handle(self, command: object) -> None:
        if isinstance(command, Incoming):
            if command.peer.conn.id not in self._peers:
                return  # it left meanwhile
            await self._incoming(command.peer, command.message)
        elif isinstance(command, Attach):
            await self._attach(command)
        elif isinstance(command, Detach):
            if self._peers.pop(command.peer.conn.id, None) is not None:
                await self.kind.detach(command.peer)
        elif isinstance(command, Wake):
            await self.kind.wake(command.event)
        elif isinstance(command, Call):
            try:
                result = command.job()
                if asyncio.iscoroutine(result):
                    result = await result
            except Exception as error:  # handed to the caller, who reports it
                if not command.future.done():
                    command.future.set_exception(error)
            else:
                if not command.future.done():
                    command.future.set_result(result)
        else:  # an event the kind posted to itself (`post`): it comes back to it like a wake-up
            await self.kind.wake(command)

    async def _attach(self, command: Attach) -> None:
        peer = command.peer
        self._peers[peer.conn.id] = peer
        if peer.patches is not None:
            peer.patches.streams = self.streams
        try:
            await self.kind.attach(peer)
        except protocol.Refusal as refusal:
            self._peers.pop(peer.conn.id, None)
            command.answer.set_result(refusal)
            return
        command.answer.set_result(None)

    async def _incoming(self, peer: Peer, message: protocol.Message) -> None:
        if isinstance(message, protocol.Ping):
            peer.send({"type": "pong", "ref": message.ref})
            return
        try:
            await self.kind.handle(peer, message)
        except protocol.Refusal as refusal:
            peer.send(refusal.payload(message.ref))

    def attach_local(self, peer: Peer) -> None:
        """A member the room itself creates (a bot seat), from inside the room's task."""
        self._peers[peer.conn.id] = peer

    def send_members_away(self) -> None:
        """Closes every member's connection with the code that says: reconnect, the room lives elsewhere."""
        for peer in list(self._peers.values()):
            peer.conn.close(CLOSE_ELSEWHERE)
        self._peers.clear()

    def remove_peer(self, peer: Peer) -> None:
        """The kind sends a member away (removed from the table): it leaves the room now."""
        self._peers.pop(peer.conn.id, None)
        peer.conn.close()


class _Scheduled:
    """A wake-up of one room: forgets itself when it fires or is cancelled."""

    def __init__(self, actor: RoomActor, delay: float, event: object) -> None:
        self.actor = actor
        self.event = event
        self.handle = asyncio.get_running_loop().call_later(delay, self._fire)
        actor._handles.add(self)

    def _fire(self) -> None:
        self.actor._handles.discard(self)
        self.actor.post(Wake(self.event))

    def cancel(self) -> None:
        self.handle.cancel()
        self.actor._handles.discard(self)
