"""Rooms in-process for tests: a stored room, the real registry and actor, and members that record what
they receive. Tests wait for the message they expect (with a generous timeout), never for a fixed time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.actor import Detach, Incoming, RoomActor
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]
CODE = "ACDEFG"
WAIT = 20.0  # seconds a test waits at most for a message it expects (the machine may be busy)

Predicate = Callable[[dict[str, Any]], bool]


def online_setup(roles: list[str], seed: int = 1, names: list[str] | None = None) -> dict[str, Any]:
    return {
        "names": names or NAMES[: len(roles)],
        "roles": roles,
        "center": [],
        "rules": "wolfrunde",
        "mode": "online",
        "seed": seed,
        "meldeliste": False,
    }


def stored_online_room(
    tmp_path: Path,
    game: dict[str, Any] | None,
    commands: list[tuple[str, int | None, str | None, Any]] = (),  # type: ignore[assignment]
    timer: dict[str, Any] | None = None,
    *,
    lovers: int = 30,
    status: str = "running",
    names: list[str] | None = None,
    timers: dict[str, int] | None = None,
    meldeliste: bool = False,
) -> Database:
    """A database holding one online room (code CODE) with its game and stored commands; the players'
    accounts have the ids 1, 2, … in seat order."""
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = Lobby(host_id=1)
    lobby.settings.timers = timers or {"night": 30, "day": 30, "vote": 30, "lovers": lovers}
    lobby.settings.meldeliste = meldeliste
    for name in names or (game["names"] if game else NAMES):
        lobby.join(accounts.create_user(db, name, "hash").id, name)
    store.create_room(db, CODE, "online", lobby.to_dict(), host_id=1)
    store.save_room(db, CODE, status=status if game else "lobby", setup=game, timer=timer)
    for seq, (op, seat, kind, choice) in enumerate(commands):
        store.append_command(db, CODE, seq, store.Command(op, seat, kind, choice))
    return db


class Member:
    """A device in the room: everything it receives is kept, in order."""

    def __init__(self, actor: RoomActor, identity: Identity) -> None:
        self.actor = actor
        self.messages: list[dict[str, Any]] = []
        self.arrived_at: list[float] = []  # time.monotonic() of each message's arrival
        self._taken: set[int] = set()
        self._arrived = asyncio.Event()
        self.peer = Peer(LocalConnection(self._deliver), identity)

    def _deliver(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        self.arrived_at.append(time.monotonic())
        self._arrived.set()

    def say(self, message: dict[str, Any]) -> None:
        """Sends a client message (validated by the kind's schema, like a WebSocket's)."""
        from wolfrunde.server.rooms.connection import encode

        self.actor.post(Incoming(self.peer, self.actor.kind.schema.parse(encode(message))))

    def leave(self) -> None:
        self.actor.post(Detach(self.peer))

    async def next(self, kind: str, where: Predicate = lambda m: True, timeout: float = WAIT) -> dict[str, Any]:
        """The first message not taken yet of this type that satisfies `where` (waiting for it)."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.messages):
                if index not in self._taken and message["type"] == kind and where(message):
                    self._taken.add(index)
                    return message
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind} message within {timeout} s; got {[m['type'] for m in self.messages]}")
            self._arrived.clear()
            with suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), left)

    def when(self, message: dict[str, Any]) -> float:
        """When this message (one of `messages`) arrived, by time.monotonic()."""
        return next(at for at, m in zip(self.arrived_at, self.messages, strict=True) if m is message)

    def forget(self) -> None:
        """Drops everything received so far: a test looks at what comes next."""
        self.messages.clear()
        self.arrived_at.clear()
        self._taken.clear()

    def taken(self, kind: str) -> list[dict[str, Any]]:
        """Every message of this type received so far."""
        return [m for m in self.messages if m["type"] == kind]

    async def settled(self) -> None:
        """Waits until the room has handled everything posted before (a ping's pong comes after it)."""
        marker = f"settle-{len(self.messages)}-{time.monotonic()}"
        self.say({"type": "ping", "ref": marker})
        await self.next("pong", lambda m: m.get("ref") == marker)


@asynccontextmanager
async def running_room(db: Database, config: ServerConfig, code: str = CODE):  # type: ignore[no-untyped-def]
    """The room, loaded by the real registry; stopped at the end."""
    registry = Registry(db, config, all_kinds())
    actor = await registry.get(code)
    assert actor is not None
    try:
        yield actor
    finally:
        await registry.close()


async def join(actor: RoomActor, seat: int, names: list[str] | None = None) -> Member:
    """The player of `seat` (account id seat + 1) connects."""
    name = (names or NAMES)[seat]
    member = Member(actor, Identity(user_id=seat + 1, name=name))
    refusal = await actor.attach(member.peer)
    assert refusal is None, refusal
    return member


def config_for(db: Database, **changes: Any) -> ServerConfig:
    return ServerConfig(database_url=db.url, **{"pause_seconds": (0.0, 0.0), "bot_delay": (0.0, 0.0), **changes})
