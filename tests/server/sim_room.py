"""An online game in virtual time: the real `OnlineGame` (pacing, narration, timers, publishing) on a
room whose clock is simulated, so whole games run in milliseconds and every message's time is exact.

Seats answer their requests after a fixed thinking time with a deterministic choice; what each seat
receives is recorded with its virtual time. Two games can then be compared message by message."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online import game as online_game
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms import paced_game
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.store.rooms import Command, StoredChat

START = 1_800_000_000.0
Chooser = Callable[[Match, int, Any], Any]  # (match, seat, request) -> choice


class VirtualClock:
    def __init__(self) -> None:
        self.now = START

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now


@dataclass(order=True)
class _Due:
    at: float
    order: int
    event: object = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class SimRoom:
    """`RoomServices` on a virtual clock; stores nothing. Wake-ups due at the same moment come in the
    order they were scheduled, or (`ties_reversed`) the other way round: a real loop promises neither."""

    def __init__(self, config: ServerConfig, clock: VirtualClock, *, ties_reversed: bool = False) -> None:
        self.code = "SIMROM"
        self.config = config
        self.clock = clock
        self._status = RoomStatus.RUNNING
        self._peers: list[Peer] = []
        self._queue: list[_Due] = []
        self._order = itertools.count(0, -1 if ties_reversed else 1)
        self.received: dict[int, list[tuple[float, dict[str, Any]]]] = {}

    @property
    def status(self) -> RoomStatus:
        return self._status

    @property
    def batch_follows(self) -> bool:
        return False  # one command at a time: nothing waits behind it

    def set_status(self, status: RoomStatus) -> None:
        self._status = self._status.to(status) if status is not self._status else status

    def seat(self, seat: int) -> None:
        log = self.received.setdefault(seat, [])
        peer = Peer(LocalConnection(lambda m, log=log: log.append((self.clock.now, m))), Identity(), seat=seat)
        self._peers.append(peer)

    def spectator(self, key: int) -> None:
        """Someone without a seat; what he receives is recorded under `key` (a negative number)."""
        log = self.received.setdefault(key, [])
        peer = Peer(LocalConnection(lambda m, log=log: log.append((self.clock.now, m))), Identity(), seat=None)
        self._peers.append(peer)

    def peers(self) -> Iterator[Peer]:
        return iter(list(self._peers))

    def broadcast(self, build: Callable[[Peer], dict[str, Any] | None]) -> None:
        for peer in self._peers:
            message = build(peer)
            if message is not None:
                peer.send(message)

    def attach_local(self, peer: Peer) -> None:
        self._peers.append(peer)

    def remove_peer(self, peer: Peer) -> None:
        self._peers.remove(peer)

    def later(self, delay: float, event: object) -> _Due:
        due = _Due(self.clock.now + max(0.0, delay), next(self._order), event)
        heapq.heappush(self._queue, due)
        return due

    async def store_command(self, command: Command, *, at: float | None = None, **fields: Any) -> float:
        return self.clock.now

    async def save(self, **fields: Any) -> None:
        return None

    async def reset_game(self, *, chat: bool = True, **fields: Any) -> None:
        return None

    async def add_chat(self, channel: str, seat: int, text: str, round: int | None = None) -> StoredChat:
        return StoredChat(channel, seat, text, self.clock.now, round)

    async def chat_history(self) -> list[StoredChat]:
        return []

    async def drop_chat_seat(self, seat: int) -> None:
        return None

    async def in_thread(self, job: Callable[..., Any], *args: Any) -> Any:
        return job(*args)

    def pop_due(self) -> object | None:
        while self._queue:
            due = heapq.heappop(self._queue)
            if not due.cancelled:
                self.clock.now = max(self.clock.now, due.at)
                return due.event
        return None


@dataclass(frozen=True)
class Think:
    seat: int
    kind: str
    generation: int


def virtual_time(monkeypatch: pytest.MonkeyPatch) -> VirtualClock:
    """A virtual clock for the paced game's modules (the room's wake-ups move it on)."""
    clock = VirtualClock()
    for module in (online_game, paced_game, paced_game.sundial):
        monkeypatch.setattr(module, "time", clock)
    monkeypatch.setattr("wolfrunde.server.online.payloads.time", clock)
    return clock


def play(
    setup: dict[str, Any],
    choose: Chooser,
    think: Callable[[int, str], float],
    monkeypatch: pytest.MonkeyPatch,
    *,
    night_timer: int = 60,
    events: int = 5000,
    room_seed: int = 7,
    spectator: bool = False,
    games: list[online_game.OnlineGame] | None = None,
    narration_wait: float = 1.0,
    pauses: tuple[float, float] | None = None,
    ties_reversed: bool = False,
) -> dict[int, list[tuple[float, dict[str, Any]]]]:
    """Plays the game in virtual time and returns what each seat received, with its time (a spectator's
    messages under the key -1); `games` gets the game played, to look at afterwards. `narration_wait` and
    `pauses` are the server's settings (a test server waits for nothing)."""
    clock = virtual_time(monkeypatch)
    config = ServerConfig(database_url="sqlite://", pause_seconds=pauses, narration_wait=narration_wait)
    lobby = Lobby(host_id=1)
    for seat, name in enumerate(setup["names"]):
        lobby.join(seat + 1, name)
    lobby.settings.timers = {"night": night_timer, "day": 120, "vote": 60, "lovers": 30}
    room = SimRoom(config, clock, ties_reversed=ties_reversed)
    for seat in range(len(setup["names"])):
        room.seat(seat)
    if spectator:
        room.spectator(-1)
    game = online_game.OnlineGame(Match(setup), lobby, config)
    game.rng.seed(room_seed)  # the room's own chance (pacing draws): the same in both games of a pair
    game.bind(room)
    if games is not None:
        games.append(game)
    asyncio.run(drive(game, room, choose, think, events))
    return room.received


async def drive(
    game: paced_game.PacedGame,
    room: SimRoom,
    choose: Chooser,
    think: Callable[[int, str], float],
    events: int = 5000,
    *,
    until: Callable[[], bool] = lambda: False,
) -> None:
    """Begins a paced game bound to `room` and plays it on the room's clock: each request shown is
    answered after its thinking time, each wake-up handled when due; until the game is over (and nothing
    is due any more), nothing is due, or `until()` holds."""
    clock = room.clock
    await game.begin()
    planned: set[tuple[int, str, int]] = set()
    for _ in range(events):
        if until() or (game.match.over and not room._queue):
            return
        for request in game.match.game.pending():
            key = (request.seat, request.kind, game.generation)
            if key not in planned and clock.now >= (game.timer.release if game.timer else 0):
                planned.add(key)
                room.later(think(request.seat, request.kind), Think(request.seat, request.kind, game.generation))
        event = room.pop_due()
        if event is None:
            return
        if isinstance(event, Think):
            pending = {(r.seat, r.kind): r for r in game.match.game.pending()}
            request = pending.get((event.seat, event.kind))
            if request is not None and room.status is RoomStatus.RUNNING:
                await game.decide(event.seat, event.kind, choose(game.match, event.seat, request), None, None)
        else:
            await game.wake(event)


def stream(received: list[tuple[float, dict[str, Any]]]) -> list[tuple[float, str]]:
    """A seat's messages as (time, canonical JSON): what must match between two games."""
    return [(round(at - START, 6), json.dumps(message, sort_keys=True)) for at, message in received]
