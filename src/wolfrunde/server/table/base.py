"""What both table kinds share: devices that say `hello` with their token, a lobby stored as the room's
state, the players' names spoken ahead, and a table whose stored game cannot be replayed."""

from __future__ import annotations

import logging
import time
from typing import Any, ClassVar

from starlette.websockets import WebSocket

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.rooms.kind import Identity, RoomServices
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.table import devices
from wolfrunde.server.table.lobby import TableLobby
from wolfrunde.store.rooms import StoredRoom

log = logging.getLogger(__name__)


class HaltedOnLoad:
    """The stored game could not be replayed: the table tells the store it is halted."""


class TableKind:
    # the one device is tapped by a whole table in turn: a little more headroom than a player's phone
    message_rate: ClassVar[tuple[float, float]] = (12.0, 40.0)

    @staticmethod
    async def identify(websocket: WebSocket) -> Identity | Refusal:
        return await devices.identify(websocket)

    def __init__(self, lobby: TableLobby, config: ServerConfig) -> None:
        self.lobby = lobby
        self.config = config
        self.halted_on_load = False
        self.room: RoomServices | None = None

    @property
    def _room(self) -> RoomServices:
        assert self.room is not None, "the table is not bound to its room yet"
        return self.room

    def _halt_on_start(self) -> None:
        """Called from `start`: a running table whose game could not be replayed is halted (and stored
        so); one that had ended stays ended, without its game."""
        if self.halted_on_load and self._room.status is RoomStatus.RUNNING:
            self._room.set_status(RoomStatus.HALTED)
            self._room.post(HaltedOnLoad())

    async def _store_halted(self, event: object) -> bool:
        """Handles the wake-up `_halt_on_start` posted; False for any other event."""
        if not isinstance(event, HaltedOnLoad):
            return False
        await self._room.save(status=RoomStatus.HALTED.value, timer=None, ended_at=time.time())
        return True

    def _prepare_names(self) -> None:
        """Every seat's name in the table's narrator's voice, made in the background and cached."""
        try:
            voices_for(self.config).prepare_names(self.lobby.settings.narrator, [g.name for g in self.lobby.seats])
        except Exception:  # the narrator must never stop a table
            log.exception("table %s: names could not be prepared", self._room.code)

    def summary(self) -> dict[str, Any]:
        return {"players": len(self.lobby.seats)}

    @staticmethod
    def summarize(record: StoredRoom) -> dict[str, Any]:
        """Public facts of a stored table, without loading its game."""
        return {"mode": record.kind, "players": len(record.state.get("seats", []))}
