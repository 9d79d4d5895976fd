"""A table with one device in the middle: typed-in names, the cards dealt at once, and the device passed
from hand to hand (`table.single.SingleDevice`). Only the host's device connects; it is sent its
`screen` after every change. Every tap is stored, with the time it was applied, before that screen."""

from __future__ import annotations

import logging
import random
import time
from typing import Any, ClassVar, Self

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import EngineFault, Match, SetupError
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.kind import Peer
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.table import messages as m
from wolfrunde.server.table.base import TableKind, narration_for
from wolfrunde.server.table.lobby import SINGLE, TableLobby, deal_cards
from wolfrunde.server.table.single import SingleDevice, TableOptions
from wolfrunde.store.rooms import Command, StoredCommand, StoredRoom

log = logging.getLogger(__name__)
_SYSTEM_RANDOM = random.SystemRandom()

Tap = tuple[str, dict[str, Any], float]  # op, data, when it was applied


class SingleDeviceTable(TableKind):
    kind_id: ClassVar[str] = SINGLE
    mode: ClassVar[str] = "single"
    schema: ClassVar[protocol.Schema] = m.SINGLE_DEVICE

    def __init__(self, lobby: TableLobby, config: ServerConfig, setup: dict[str, Any] | None = None) -> None:
        super().__init__(lobby, config)
        self.setup = setup
        self.taps: list[Tap] = []  # every stored tap, in order: a failed one is undone by replaying these
        self.device = None if setup is None else replayed(setup, lobby, config, [])

    # --- creation and restore -----------------------------------------------------------------------
    @staticmethod
    def names(body: dict[str, Any]) -> Any:
        return body.get("names")

    @classmethod
    def open(cls, lobby: TableLobby, config: ServerConfig) -> Self:
        """A new table, dealt at once; raises Refusal(bad_settings) with the engine's German reason."""
        try:
            setup = deal_cards(lobby, random.Random(_SYSTEM_RANDOM.random()))
        except SetupError as problem:
            raise Refusal("bad_settings", str(problem)) from None
        return cls(lobby, config, setup)

    def opening(self) -> tuple[RoomStatus, dict[str, Any] | None]:
        return RoomStatus.RUNNING, self.setup

    async def join(self, name: Any, token_hash: str) -> int:
        """Nobody joins: every player is at the one device from the start."""
        raise Refusal("one_device_table")

    @classmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> Self:
        table = cls(TableLobby.from_dict(record.state), config)
        if record.setup is None or record.status == RoomStatus.HALTED:
            return table
        taps = [(str(c.kind), dict(c.payload or {}), c.at) for c in commands if c.op == "device"]
        setup = record.setup
        table.device = table.replayed(record, lambda: replayed(setup, table.lobby, config, taps))
        if table.device is None:
            return table
        table.setup, table.taps = record.setup, taps
        return table

    # --- the room's hooks ---------------------------------------------------------------------------
    def start(self) -> None:
        self._halt_on_start()
        self._prepare_names()

    async def attach(self, peer: Peer) -> None:
        if peer.identity.token_hash != self.lobby.host:
            raise Refusal("bad_token")
        peer.host = peer.device = True
        peer.send(m.welcome(self._room.code, SINGLE, None, True))
        if self.device is None:
            peer.send(protocol.error("table_halted"))
        self._broadcast()

    async def wake(self, event: object) -> None:
        await self._store_halted(event)

    async def handle(self, peer: Peer, message: protocol.Message) -> None:
        if isinstance(message, m.Device):
            await self._tap(peer, message)
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))
        self._broadcast()

    # --- taps ---------------------------------------------------------------------------------------
    async def _tap(self, peer: Peer, message: m.Device) -> None:
        device = self.device
        if device is None:
            raise Refusal("table_halted")
        if not peer.host:
            raise Refusal("not_host")
        at = time.time()
        data = dict(message.data)
        decided = len(device.match.game.history)
        try:
            device.apply(message.op, data, at)
        except Refusal:
            if len(device.match.game.history) != decided:
                await self._rebuild()  # a refused tap had half happened: back to what is stored
            raise
        except EngineFault:
            log.exception("table %s: a rule failed on a tap; it is refused", self._room.code)
            await self._rebuild()
            raise Refusal("internal") from None
        ended = device.match.over
        fields: dict[str, Any] = {"status": RoomStatus.ENDED.value, "ended_at": at} if ended else {}
        try:
            await self._room.store_command(Command("device", None, message.op, data), at=at, **fields)
        except Exception:
            await self._rebuild()  # not stored: not applied either
            raise
        self.taps.append((message.op, data, at))
        if ended:
            self._room.set_status(RoomStatus.ENDED)

    async def _rebuild(self) -> None:
        """The device as the stored taps left it (replayed off the event loop)."""
        assert self.setup is not None
        self.device = await self._room.in_thread(replayed, self.setup, self.lobby, self.config, list(self.taps))

    def _broadcast(self) -> None:
        if self.device is None:
            return
        screen = {**self.device.screen(), "code": self._room.code, "now": time.time()}
        if screen["screen"] == "over":
            screen["again"] = self._again()
        self._room.broadcast(lambda peer: screen if peer.host else None)

    def _again(self) -> dict[str, Any]:
        """What a new table with the same players in the same seats is opened with (`POST /api/tables`)."""
        settings = self.lobby.settings
        return {
            "mode": self.mode,
            "names": [guest.name for guest in self.lobby.seats],
            "says": [guest.say for guest in self.lobby.seats],
            "rules": settings.rules,
            "narrator": settings.narrator,
            "night_style": settings.night_style,
            "vote_style": settings.vote_style,
            "discussion": settings.discussion,
            "roles": settings.roles,
            "style": settings.style,
        }


def replayed(setup: dict[str, Any], lobby: TableLobby, config: ServerConfig, taps: list[Tap]) -> SingleDevice:
    """The device of this setup after these taps, each applied at its own time (the narrator's clock and
    the Sonnenuhr depend on it). Raises what a tap raises."""
    match = Match(setup)
    settings = lobby.settings
    pauses = config.pause_seconds  # `serve --testing`: the server's pauses are short, so are the table's
    quick = pauses is not None and pauses[1] < 1.0
    options = TableOptions(
        night_style=settings.night_style,
        vote_style=settings.vote_style,
        discussion=settings.discussion,
        turn_seconds=0.3 if quick else 8.0,
        call_pause=(0.1, 0.3) if quick else (4.0, 9.0),
    )
    device = SingleDevice(match, options, narration_for(match, lobby, config))
    for op, data, at in taps:
        device.apply(op, data, at)
    return device


KIND = SingleDeviceTable
