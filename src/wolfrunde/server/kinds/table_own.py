"""A table where everyone plays on his own device, as a guest: the host opens it, guests join by its link
(`POST /api/tables/{code}/guests`), the host sets it up and starts; then each device is sent its own
seat (`table.own_game`), and the device the host chose plays the narrator for the whole table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Self, TypeVar

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match, SetupError
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.kind import Peer, RoomServices
from wolfrunde.server.rooms.pronunciation import kept_pronunciation
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.stored_match import stored_match
from wolfrunde.server.table import messages as m
from wolfrunde.server.table import texts
from wolfrunde.server.table.base import TableKind
from wolfrunde.server.table.lobby import OWN, TableLobby, check_settings, deal_cards
from wolfrunde.server.table.own_game import OwnDevicesGame
from wolfrunde.store.rooms import StoredCommand, StoredRoom

_SYSTEM_RANDOM = random.SystemRandom()
Changed = TypeVar("Changed")


class OwnDevicesTable(TableKind):
    kind_id: ClassVar[str] = OWN
    mode: ClassVar[str] = "own"
    schema: ClassVar[protocol.Schema] = m.OWN_DEVICES

    def __init__(self, lobby: TableLobby, config: ServerConfig, game: OwnDevicesGame | None = None) -> None:
        super().__init__(lobby, config)
        self.game = game
        self.restored = False  # the game came back from the store (a restart)
        self.told_speaking: int | None = None  # the speaking seat the devices were last told

    # --- creation and restore -----------------------------------------------------------------------
    @classmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> Self:
        table = cls(TableLobby.from_dict(record.state), config)
        match = stored_match(table, record, commands)
        if match is not None:
            timer = Timer.from_json(record.timer)
            table.game = OwnDevicesGame(match, table.lobby, config, timer, speaking=table._speaking_seat)
            table.restored = True
        return table

    # --- the room's hooks ---------------------------------------------------------------------------
    def bind(self, room: RoomServices) -> None:
        super().bind(room)
        if self.game is not None:
            self.game.bind(room)

    def start(self) -> None:
        self._halt_on_start()
        if self.game is not None:
            self.game.resume(restarted=self.restored)
        self._prepare_names()

    def stopped(self) -> None:
        if self.game is not None:
            self.game.cancel()

    async def attach(self, peer: Peer) -> None:
        token = peer.identity.token_hash
        seat = None if token is None else self.lobby.seat_of(token)
        if seat is None:
            raise Refusal("bad_token")
        peer.seat, peer.host = seat, token == self.lobby.host
        peer.send(m.welcome(self._room.code, OWN, seat, peer.host))
        if self._room.status is RoomStatus.HALTED or self.halted_on_load:
            peer.send(protocol.error("table_halted"))
        self._broadcast_table()
        if self.game is not None:
            message = self.game.message_for(peer)
            if message is not None:
                peer.send(message)

    async def detach(self, peer: Peer) -> None:
        if self._room.status is RoomStatus.LOBBY or self._speaking_seat() != self.told_speaking:
            self._broadcast_table()  # the lobby shows who is here; in a game another device may speak now

    async def wake(self, event: object) -> None:
        if not await self._store_halted(event) and self.game is not None:
            await self.game.wake(event)

    async def handle(self, peer: Peer, message: protocol.Message) -> None:
        if isinstance(message, m.Decide):  # the game acknowledges it; nobody else hears of it
            game, seat = self._playing(peer)
            await game.decide(seat, message.kind, message.choice, peer, message.ref)
            return
        if isinstance(message, m.EndDiscussion):
            if not peer.host:
                raise Refusal("not_host")
            await self._playing(peer)[0].end_discussion()
        elif isinstance(message, m.Settings):
            await self._settings(peer, message)
        elif isinstance(message, m.Pronounce):
            await self._pronounce(peer, message.say)
        elif isinstance(message, m.Remove):
            await self._remove(peer, message.seat)
        elif isinstance(message, m.Start):
            await self._start(peer)
        elif isinstance(message, m.Again):
            await self._again(peer)
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))
        if not isinstance(message, m.EndDiscussion):
            self._broadcast_table()

    # --- the lobby ----------------------------------------------------------------------------------
    def _lobby_gate(self, peer: Peer | None) -> None:
        if peer is not None and not peer.host:
            raise Refusal("not_host")
        if self._room.status is not RoomStatus.LOBBY:
            raise Refusal("lobby_closed")

    async def _change_lobby(self, change: Callable[[TableLobby], Changed]) -> Changed:
        """Applies `change` to a copy of the lobby and keeps it once it is stored (a refusal or a failed
        write leaves the lobby as it was)."""
        lobby = self.lobby.copy()
        result = change(lobby)
        await self._room.save(state=lobby.to_dict())
        self.lobby = lobby
        return result

    async def join(self, name: Any, token_hash: str) -> int:
        """A guest takes the next seat (`RoomActor.call` runs it inside the table's task)."""
        self._lobby_gate(None)
        seat = await self._change_lobby(lambda lobby: lobby.add(name, token_hash))
        self._prepare_names()
        self._broadcast_table()
        return seat

    async def _settings(self, peer: Peer, message: m.Settings) -> None:
        self._lobby_gate(peer)
        changes = message.model_dump(exclude_none=True, exclude={"type", "ref", "recommended", "speaker"})

        def change(lobby: TableLobby) -> None:
            settings = type(lobby.settings)(**{**lobby.settings.__dict__, **changes})
            if message.recommended:
                settings.roles = None
            check_settings(settings)
            if message.speaker is not None:
                if not 0 <= message.speaker < len(lobby.seats):
                    raise Refusal("bad_settings", "Diesen Platz gibt es nicht.")
                lobby.speaker = message.speaker
            lobby.settings = settings

        await self._change_lobby(change)
        self._prepare_names()  # another narrator: the names in his voice

    async def _pronounce(self, peer: Peer, say: str) -> None:
        """A guest's own Aussprache of his name, in the lobby (empty: as written)."""
        self._lobby_gate(None)
        seat, kept = peer.seat, kept_pronunciation(say)
        if seat is None:
            raise Refusal("bad_token")

        def change(lobby: TableLobby) -> None:
            lobby.seats[seat].say = kept

        await self._change_lobby(change)
        self._prepare_names()

    async def _remove(self, peer: Peer, seat: int) -> None:
        self._lobby_gate(peer)
        await self._change_lobby(lambda lobby: lobby.remove(seat))
        room = self._room
        for other in room.peers():
            if other.seat == seat:  # the removed guest's device: told, then let go; its token is void now
                other.send(m.removed(texts.REMOVED))
                room.remove_peer(other)
            elif other.seat is not None and other.seat > seat:
                other.seat -= 1
                other.send(m.welcome(room.code, OWN, other.seat, other.host))

    async def _start(self, peer: Peer) -> None:
        self._lobby_gate(peer)
        try:
            setup = deal_cards(self.lobby, random.Random(_SYSTEM_RANDOM.random()))
            match = Match(setup)
        except SetupError as problem:
            raise Refusal("cannot_start", str(problem)) from None
        room = self._room
        await room.save(setup=setup, status=RoomStatus.RUNNING.value)
        room.set_status(RoomStatus.RUNNING)
        self.game = OwnDevicesGame(match, self.lobby, self.config, speaking=self._speaking_seat)
        self.game.bind(room)
        await self.game.begin()

    async def _again(self, peer: Peer) -> None:
        """After a game: the same seats, the same settings, back in the lobby (roles may be changed there)."""
        if not peer.host:
            raise Refusal("not_host")
        room = self._room
        if room.status not in (RoomStatus.ENDED, RoomStatus.HALTED):
            raise Refusal("not_ended")
        await room.reset_game(chat=False, status=RoomStatus.LOBBY.value)
        if self.game is not None:
            self.game.cancel()
        self.game = None
        self.halted_on_load = False
        room.set_status(RoomStatus.LOBBY)

    # --- the game -----------------------------------------------------------------------------------
    def _playing(self, peer: Peer) -> tuple[OwnDevicesGame, int]:
        """The running game and the seat this device plays in it."""
        if self.game is None or self._room.status is not RoomStatus.RUNNING:
            raise Refusal("not_running")
        if peer.seat is None:
            raise Refusal("bad_token")
        return self.game, peer.seat

    # --- sending ------------------------------------------------------------------------------------
    def _broadcast_table(self) -> None:
        """Every device gets the public table (seats, who is here, who speaks). When the speaking device
        changed, those two devices get their seat again (it says whether they play the narrator)."""
        room = self._room
        speaking, before = self._speaking_seat(), self.told_speaking
        self.told_speaking = speaking
        table = m.table(room.code, self.lobby, room.status.value, self._online_seats(), speaking)
        for peer in room.peers():
            peer.send(table)
            if self.game is not None and speaking != before and peer.seat in (speaking, before):
                message = self.game.message_for(peer)
                if message is not None:
                    peer.send(message)

    def _speaking_seat(self) -> int | None:
        """The device that plays the narrator: the chosen one; while it is away the host's, else the first
        seat that is here (a locked phone must not silence the table)."""
        online = self._online_seats()
        for seat in (self.lobby.speaker, 0, *sorted(online)):
            if seat in online:
                return seat
        return None

    def _online_seats(self) -> set[int]:
        return {peer.seat for peer in self._room.peers() if peer.seat is not None and not peer.conn.closed}


KIND = OwnDevicesTable
