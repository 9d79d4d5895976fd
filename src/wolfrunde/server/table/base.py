"""What both table kinds share: devices that say `hello` with their token, a lobby stored as the room's
state, the players' names spoken ahead, and a table whose stored game cannot be replayed."""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from starlette.websockets import WebSocket

from wolfrunde.narration.catalogue import Style
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.rooms.kind import BoundKind, HaltedOnLoad, Identity, Peer
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.rooms.protocol import Message, Refusal, Schema
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.table import devices
from wolfrunde.server.table.lobby import TableLobby
from wolfrunde.store.rooms import StoredCommand, StoredRoom

log = logging.getLogger(__name__)


class TableKind(BoundKind, ABC):
    """The base of every table kind (a `RoomKind`). `POST /api/tables` finds a kind by its `mode` (the
    request's "mode") and opens it with `names` and `open`; `POST /api/tables/{code}/guests` asks it to
    `join`."""

    kind_id: ClassVar[str]
    mode: ClassVar[str]
    schema: ClassVar[Schema]
    # the one device is tapped by a whole table in turn: a little more headroom than a player's phone
    message_rate: ClassVar[tuple[float, float]] = (12.0, 40.0)

    @staticmethod
    async def identify(websocket: WebSocket) -> Identity | Refusal:
        return await devices.identify(websocket)

    def __init__(self, lobby: TableLobby, config: ServerConfig) -> None:
        self.lobby = lobby
        self.config = config
        self.halted_on_load = False

    # --- the room's hooks (see `RoomKind`) --------------------------------------------------------------
    @classmethod
    @abstractmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> Self: ...

    @abstractmethod
    def start(self) -> None: ...

    def stopped(self) -> None:
        """Nothing of its own to cancel; a kind with timers of its own overrides this."""
        return

    @abstractmethod
    async def attach(self, peer: Peer) -> None: ...

    async def detach(self, peer: Peer) -> None:
        """Nobody else needs to hear of it; a kind that shows who is here overrides this."""
        return

    @abstractmethod
    async def handle(self, peer: Peer, message: Message) -> None: ...

    @abstractmethod
    async def wake(self, event: object) -> None: ...

    # --- opening a table (HTTP) -------------------------------------------------------------------------
    @staticmethod
    def names(body: dict[str, Any]) -> Any:
        """The players' names of a new table from its request body, the host's first (checked later)."""
        return [body.get("name")]

    @classmethod
    def open(cls, lobby: TableLobby, config: ServerConfig) -> Self:
        """The new table's kind; raises Refusal with a German reason."""
        return cls(lobby, config)

    def opening(self) -> tuple[RoomStatus, dict[str, Any] | None]:
        """The status and setup the new table is stored with."""
        return RoomStatus.LOBBY, None

    async def join(self, name: Any, token_hash: str) -> int:
        """A guest takes a seat (inside the table's task); raises Refusal."""
        raise Refusal("lobby_closed")

    def _halt_on_start(self) -> None:
        """Called from `start`: a running table whose game could not be replayed is halted (and stored
        so); one that had ended stays ended, without its game."""
        if self.halted_on_load and self._room.status is RoomStatus.RUNNING:
            self._room.set_status(RoomStatus.HALTED)
            self._room.later(0.0, HaltedOnLoad())

    async def _store_halted(self, event: object) -> bool:
        """Handles the wake-up `_halt_on_start` posted; False for any other event."""
        if not isinstance(event, HaltedOnLoad):
            return False
        await self._room.save(status=RoomStatus.HALTED.value, timer=None, ended_at=time.time())
        return True

    def _prepare_names(self) -> None:
        """Every seat's name in the table's narrator's voice, made in the background and cached."""
        try:
            names = [g.name for g in self.lobby.seats]
            voices_for(self.config).prepare_names(self.lobby.settings.narrator, names, self.lobby.pronunciations())
        except Exception:  # the narrator must never stop a table
            log.exception("table %s: names could not be prepared", self._room.code)

    def summary(self) -> dict[str, Any]:
        return {"players": len(self.lobby.seats)}

    @staticmethod
    def summarize(record: StoredRoom) -> dict[str, Any]:
        """Public facts of a stored table, without loading its game."""
        return {"mode": record.kind, "players": len(record.state.get("seats", []))}


def narration_for(match: Match, lobby: TableLobby, config: ServerConfig) -> RoomNarration:
    """A table's narrator for a game: its voice, its style ("knapp"), the players' Aussprache."""
    settings = lobby.settings
    return RoomNarration(
        match, settings.narrator, config, style=Style.parse(settings.style), say=lobby.pronunciations()
    )
