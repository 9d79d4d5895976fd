"""The online round: players with accounts, a lobby with seats and settings, bots the host adds, the
game of each seat from its own view, and chat in the game's channels."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any, ClassVar

from starlette.websockets import WebSocket

from wolfrunde.bots.player import BotPlayer
from wolfrunde.engine.votes import live
from wolfrunde.server.auth import current_user, session_of
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import DONE_SPEAKING, Match, SetupError, check_roles, deal
from wolfrunde.server.match import recommended as recommended_roles
from wolfrunde.server.narration_voices import known_narrator, voices_for
from wolfrunde.server.online import chat, payloads
from wolfrunde.server.online import messages as m
from wolfrunde.server.online.game import ChannelsOpened, OnlineGame
from wolfrunde.server.online.lobby import Lobby, Seat, check_timers
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.connection import LocalConnection, encode
from wolfrunde.server.rooms.kind import BoundKind, HaltedOnLoad, Identity, Peer, RoomServices
from wolfrunde.server.rooms.pronunciation import kept_pronunciation
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.stored_match import stored_match
from wolfrunde.store.account_deletion import forget_in_online_room
from wolfrunde.store.rooms import StoredCommand, StoredRoom

log = logging.getLogger(__name__)
_SYSTEM_RANDOM = random.SystemRandom()


PUBLIC_VOTES = frozenset({"vote", "revote", "second_vote", "captain", "captain_runoff"})  # everyone alive votes


class BotSays:
    """A bot seat's message, due after its thinking time."""

    def __init__(self, peer: Peer, message: dict[str, Any]) -> None:
        self.peer = peer
        self.message = message


class OnlineRoom(BoundKind):
    kind_id: ClassVar[str] = "online"
    schema: ClassVar[protocol.Schema] = m.SCHEMA
    message_rate: ClassVar[tuple[float, float]] = (8.0, 30.0)

    def __init__(self, lobby: Lobby, config: ServerConfig, game: OnlineGame | None = None) -> None:
        self.lobby = lobby
        self.config = config
        self.game = game
        self.restored = game is not None
        self.halted_on_load = False
        self.rng = random.Random()
        self._voted_due = False  # ballots came in a batch: the tally goes out when it settles
        self._tallied: tuple[int, str] | None = None  # the (round, kind) of the open vote whose tally was sent

    # --- creation and restore -----------------------------------------------------------------------
    @classmethod
    def create(cls, host_id: int, host_name: str, config: ServerConfig) -> OnlineRoom:
        lobby = Lobby(host_id=host_id)
        lobby.join(host_id, host_name)
        return cls(lobby, config)

    @classmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> OnlineRoom:
        room = cls(Lobby.from_dict(record.state), config)
        match = stored_match(room, record, commands)
        if match is not None:
            room.game = OnlineGame(match, room.lobby, config, Timer.from_json(record.timer))
            room.restored = True
        return room

    @staticmethod
    async def identify(websocket: WebSocket) -> Identity | Refusal:
        user = await asyncio.to_thread(current_user, websocket)
        if user is None:
            return Refusal("not_logged_in")
        return Identity(user_id=user.id, name=user.name, session=session_of(websocket))

    # --- the room's hooks ---------------------------------------------------------------------------
    def bind(self, room: RoomServices) -> None:
        super().bind(room)
        if self.game is not None:
            self.game.bind(room)

    def start(self) -> None:
        room = self._room
        if self.halted_on_load:
            room.set_status(RoomStatus.HALTED)
            room.later(0.0, HaltedOnLoad())
        elif self.game is not None:
            if self.game.match.over and room.status is RoomStatus.RUNNING:
                room.set_status(RoomStatus.ENDED)
            self._seat_bots()
            self.game.resume(restarted=self.restored)
        self._prepare_names()

    def stopped(self) -> None:
        if self.game is not None:
            self.game.cancel()

    def summary(self) -> dict[str, Any]:
        return {"players": len(self.lobby.seats)}

    @staticmethod
    def summarize(record: StoredRoom) -> dict[str, Any]:
        return {"players": len(record.state.get("seats", []))}

    async def attach(self, peer: Peer) -> None:
        peer.seat = self._seat_of(peer)
        peer.send(payloads.welcome(self._room.code, peer.identity.user_id or 0, peer.identity.name, peer.seat))
        self._broadcast_lobby()
        if peer.seat is not None and self.game is None:
            peer.send(await self._history(peer.seat))  # the Vorraum's chat
        if peer.seat is not None and self.game is not None:
            message = self.game.message_for(peer)
            if message is not None:
                peer.send(message)
            voted = self._voted_message()
            if voted is not None:
                peer.send(voted)
            peer.send(await self._history(peer.seat))
            self.game.voice.attach(self._room, peer, self.game.voice_plan(peer.seat))
        elif self.game is not None and self.lobby.settings.spectators:
            peer.send(self.game.spectator_joined())
            voted = self._voted_message()
            if voted is not None:
                peer.send(voted)
            peer.send(await self._spectator_history())

    async def detach(self, peer: Peer) -> None:
        self._broadcast_lobby()

    def batches(self, message: protocol.Message) -> bool:
        """Ballots of the day's public votes: when several wait in the queue (a busy server), every device is
        sent the tally once, after the last of them, instead of after each (each voter still gets his ack
        and his own view at once)."""
        return isinstance(message, m.Decide) and message.kind in PUBLIC_VOTES

    def settle(self) -> None:
        if self._voted_due:
            self._tell_voted()

    async def wake(self, event: object) -> None:
        if not isinstance(event, BotSays):
            self.settle()  # a held-back tally goes out before anything that comes after it
        if isinstance(event, BotSays):
            try:
                parsed = self.schema.parse(encode(event.message))
            except Refusal:
                log.exception("room %s: a bot sent a message the protocol does not know", self._room.code)
                return
            try:
                await self.handle(event.peer, parsed)
            except Refusal as refusal:
                event.peer.send(refusal.payload(parsed.ref))
        elif isinstance(event, ChannelsOpened) and self.game is not None:
            message = await self._history(event.seat)
            self._room.broadcast(
                lambda peer: message if peer.seat == event.seat and not peer.extra.get("bot") else None
            )
        elif isinstance(event, HaltedOnLoad):
            await self._room.save(status=RoomStatus.HALTED.value, timer=None)
        elif self.game is not None:
            await self.game.wake(event)
            self._tell_vote_closed()  # a vote's timer may have closed it

    async def handle(self, peer: Peer, message: protocol.Message) -> None:
        if isinstance(message, m.Decide):
            await self._decide(peer, message)
        elif isinstance(message, m.Chat):
            await self._chat(peer, message)
        elif isinstance(message, m.Join):
            await self._join(peer, message)
        elif isinstance(message, m.Pronounce):
            await self._pronounce(peer, message)
        elif isinstance(message, m.Leave):
            await self._leave(peer, message)
        elif isinstance(message, m.ChangeSettings):
            await self._settings(peer, message)
        elif isinstance(message, m.Kick):
            await self._kick(peer, message)
        elif isinstance(message, m.AddBot):
            await self._add_bot(peer, message)
        elif isinstance(message, m.Start):
            await self._start(peer, message)
        elif isinstance(message, m.NewGame):
            await self._new_game(peer, message)
        elif isinstance(message, m.VOICE_SIGNALS):
            self._voice_signal(peer, message)

    # --- who is who ---------------------------------------------------------------------------------
    def _seat_of(self, peer: Peer) -> int | None:
        if peer.extra.get("bot"):
            return peer.seat
        user = peer.identity.user_id
        return None if user is None else self.lobby.seat_of(user)

    async def _refresh_seats(self) -> None:
        """Every device follows its account's seat in the lobby; a device whose seat changed (it sat down,
        stood up, was removed, or moved up when someone before it left) is told its seat anew, and one that
        sat down gets the Vorraum's chat so far."""
        for peer in self._room.peers():
            if peer.extra.get("bot"):
                continue
            seat = self._seat_of(peer)
            if seat != peer.seat:
                sat_down = peer.seat is None and seat is not None
                peer.seat = seat
                peer.send(payloads.welcome(self._room.code, peer.identity.user_id or 0, peer.identity.name, seat))
                if sat_down and seat is not None:
                    peer.send(await self._history(seat))

    def _online_users(self) -> set[int]:
        return {
            peer.identity.user_id
            for peer in self._room.peers()
            if peer.identity.user_id is not None and not peer.conn.closed
        }

    def _readable(self, seat: int) -> dict[str, bool]:
        return chat.LOBBY if self.game is None else self.game.channels_for(seat)

    async def _resend_lobby_chat(self) -> None:
        """A seat left the Vorraum and its lines with it: every seated device shows the chat as it is now
        (in the Vorraum every seat reads the same: one message for all)."""
        seated = [peer for peer in self._room.peers() if peer.seat is not None and not peer.extra.get("bot")]
        if seated:
            history = await self._history(seated[0].seat or 0)
            for peer in seated:
                peer.send(history)

    async def _history(self, seat: int) -> dict[str, Any]:
        since = {} if self.game is None else self.game.chat_since(seat)
        return await chat.history(self._room, self.lobby, self._readable(seat), since)

    async def forget_account(self, user_id: int) -> None:
        """The account was deleted (the store is rewritten already): the lobby in memory follows the same
        rewrite, and the account's connections leave the room."""
        room = self._room
        for peer in room.peers():
            if peer.identity.user_id == user_id and not peer.extra.get("bot"):
                room.remove_peer(peer)
        change = forget_in_online_room(self.lobby.to_dict(), None, room.status.value, user_id)
        if change is None or change.gone:
            return
        self.lobby.seats[:] = [Seat(**seat) for seat in change.state["seats"]]
        self.lobby.removed[:] = change.state["removed"]
        self.lobby.host_id = int(change.state["host_id"])
        await room.save(state=self.lobby.to_dict())
        await self._refresh_seats()
        self._broadcast_lobby()

    # --- lobby --------------------------------------------------------------------------------------
    def _lobby_gate(self, peer: Peer, *, host: bool) -> None:
        if self._room.status is not RoomStatus.LOBBY:
            raise Refusal("lobby_closed")
        if host and peer.identity.user_id != self.lobby.host_id:
            raise Refusal("not_host")

    def _broadcast_lobby(self) -> None:
        recommended = recommended_roles(len(self.lobby.seats), self.lobby.settings.rules)
        message = payloads.lobby(
            self._room.code, self.lobby, self._room.status.value, self._online_users(), recommended
        )
        self._room.broadcast(lambda peer: None if peer.extra.get("bot") else message)

    async def _save_lobby(self, peer: Peer, ref: Any) -> None:
        await self._room.save(state=self.lobby.to_dict())
        await self._refresh_seats()
        if ref is not None:
            peer.send(protocol.ack(ref))
        self._broadcast_lobby()
        self._prepare_names()  # every name spoken in the chosen narrator's voice, in the background

    async def _join(self, peer: Peer, message: m.Join) -> None:
        self._lobby_gate(peer, host=False)
        user = peer.identity.user_id
        if user is None or self.lobby.seat_of(user) is not None:
            raise Refusal("already_seated")
        if user in self.lobby.removed:
            raise Refusal("removed")
        if self.lobby.full:
            raise Refusal("room_full")
        self.lobby.join(user, peer.identity.name, kept_pronunciation(message.say))
        await self._save_lobby(peer, message.ref)  # its `welcome` tells the device its seat

    async def _pronounce(self, peer: Peer, message: m.Pronounce) -> None:
        self._lobby_gate(peer, host=False)
        seat = self._seat_of(peer)
        if seat is None:
            raise Refusal("not_seated")
        self.lobby.seats[seat].say = kept_pronunciation(message.say)
        await self._save_lobby(peer, message.ref)

    async def _leave(self, peer: Peer, message: m.Leave) -> None:
        self._lobby_gate(peer, host=False)
        seat = self._seat_of(peer)
        if seat is None:
            raise Refusal("not_seated")
        if peer.identity.user_id == self.lobby.host_id:
            raise Refusal("cannot_remove_host")
        self.lobby.remove(seat)
        await self._room.drop_chat_seat(seat)
        await self._save_lobby(peer, message.ref)
        await self._resend_lobby_chat()

    async def _settings(self, peer: Peer, message: m.ChangeSettings) -> None:
        self._lobby_gate(peer, host=True)
        settings = self.lobby.settings
        timers = dict(settings.timers)
        if message.timers is not None:
            timers.update({k: v for k, v in message.timers.model_dump().items() if v is not None})
        problem = check_timers(timers)
        rules = message.rules or settings.rules
        roles = settings.roles
        if message.recommended:
            roles = None
        elif message.roles is not None:
            roles = list(message.roles)
        if problem is None and roles is not None:
            problem = check_roles(roles, rules, "online")
        if problem is None and message.narrator is not None and not known_narrator(message.narrator):
            problem = f"unbekannter Erzähler „{message.narrator}“"
        if problem is not None:
            raise Refusal("bad_settings", problem)
        settings.rules = rules
        settings.roles = roles
        settings.timers = timers
        if message.meldeliste is not None:
            settings.meldeliste = message.meldeliste
        if message.narrator is not None:
            settings.narrator = message.narrator
        if message.spectators is not None:
            settings.spectators = message.spectators
        if message.style is not None:
            settings.style = message.style
        await self._save_lobby(peer, message.ref)

    async def _kick(self, peer: Peer, message: m.Kick) -> None:
        self._lobby_gate(peer, host=True)
        if not 0 <= message.seat < len(self.lobby.seats):
            raise Refusal("no_such_seat")
        seat = self.lobby.seats[message.seat]
        if seat.user_id == self.lobby.host_id and not seat.bot:
            raise Refusal("cannot_remove_host")
        self.lobby.remove(message.seat)
        await self._room.drop_chat_seat(message.seat)
        if not seat.bot and seat.user_id is not None:
            self.lobby.removed.append(seat.user_id)  # a reload must not seat him again
        for other in self._room.peers():
            if not seat.bot and other.identity.user_id == seat.user_id:
                other.send(payloads.removed())
        await self._save_lobby(peer, message.ref)
        if not seat.bot:
            await self._resend_lobby_chat()

    async def _add_bot(self, peer: Peer, message: m.AddBot) -> None:
        self._lobby_gate(peer, host=True)
        if self.lobby.full:
            raise Refusal("room_full")
        self.lobby.add_bot()
        await self._save_lobby(peer, message.ref)

    async def _start(self, peer: Peer, message: m.Start) -> None:
        self._lobby_gate(peer, host=True)
        settings = self.lobby.settings
        names = [seat.name for seat in self.lobby.seats]
        roles = settings.roles if settings.roles is not None else recommended_roles(len(names), settings.rules)
        if roles is None:
            raise Refusal("cannot_start", f"Online spielen mindestens 5 Personen; jetzt sind es {len(names)}.")
        try:
            rng = random.Random(_SYSTEM_RANDOM.random())
            setup = deal(names, roles, rules=settings.rules, mode="online", meldeliste=settings.meldeliste, rng=rng)
            match = Match(setup, watching=True)
        except SetupError as problem:
            raise Refusal("cannot_start", str(problem)) from None
        room = self._room
        await room.save(status=RoomStatus.RUNNING.value, setup=setup)
        room.set_status(RoomStatus.RUNNING)
        self._broadcast_lobby()
        self.game = OnlineGame(match, self.lobby, self.config)
        self.game.bind(room)
        self._seat_bots()
        await self.game.begin()
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))

    async def _new_game(self, peer: Peer, message: m.NewGame) -> None:
        """After the end the host opens the table again: same seats and settings, no cards, an empty
        chat; the finished game's commands are deleted."""
        room = self._room
        if not room.status.finished:
            raise Refusal("not_ended")
        if peer.identity.user_id != self.lobby.host_id:
            raise Refusal("not_host")
        await room.reset_game(status=RoomStatus.LOBBY.value)
        if self.game is not None:
            self.game.cancel()
        self.game, self._tallied = None, None
        room.set_status(RoomStatus.LOBBY)
        for bot in [p for p in room.peers() if p.extra.get("bot")]:
            bot.conn.close()
            room.remove_peer(bot)
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))
        self._broadcast_lobby()
        room.broadcast(lambda other: None if other.extra.get("bot") else payloads.chat_history([]))

    # --- the game -----------------------------------------------------------------------------------
    async def _decide(self, peer: Peer, message: m.Decide) -> None:
        # an end the narrator still leads to is not told early: a late answer is refused as any other
        ending = self._room.status is RoomStatus.ENDED and self.game is not None and not self.game.end_shown
        if self.game is None or (self._room.status is not RoomStatus.RUNNING and not ending):
            raise Refusal("not_running")
        seat = self._seat_of(peer)
        if seat is None:
            raise Refusal("not_seated")
        if message.seat is not None and message.seat != seat:
            # the host may pass the Meldeliste's word on for a speaker who does not (gone, asleep)
            if not (message.kind == DONE_SPEAKING and peer.identity.user_id == self.lobby.host_id):
                raise Refusal("wrong_seat")
            seat = message.seat
        await self.game.decide(seat, message.kind, message.choice, peer, message.ref)
        if message.kind not in PUBLIC_VOTES:
            return
        if self._room.batch_follows:
            self._voted_due = True  # the tally once, after the last ballot that waits (`settle`)
        else:
            self._tell_voted()

    # --- the open vote of the day: who has voted (never for whom) and the tally by candidate ---------
    def _voted_message(self) -> dict[str, Any] | None:
        """The public state of the day's open vote (`votes.live`), the same for every seat; None at night,
        with no vote open, or while the narrator still leads to the next step."""
        game = self.game
        if game is None or game.holding or game.match.phase_kind() == "night":
            return None
        shown = live(game.match.game)
        if shown is None:
            return None
        self._tallied = (game.match.round, shown["kind"])
        return payloads.voted(game.match.round, shown)

    def _tell_voted(self) -> None:
        """A public vote of the day is still open: everyone sees who has cast a ballot and the tally."""
        self._voted_due = False
        message = self._voted_message()
        if message is not None:
            self._room.broadcast(lambda peer: None if peer.extra.get("bot") else message)
        else:
            self._tell_vote_closed()

    def _tell_vote_closed(self) -> None:
        """The vote whose tally the devices show has closed (its last ballot, its timer): they stop showing
        it, so nobody reads a tally without the ballot that closed it while the narrator tells the verdict.
        Who voted for whom shows with the next view. The close is public, so is this message."""
        game, tallied = self.game, self._tallied
        if tallied is None or game is None:
            return
        shown = live(game.match.game)
        if shown is not None and (game.match.round, shown["kind"]) == tallied:
            return
        self._tallied = None
        message = payloads.vote_closed(*tallied)
        self._room.broadcast(lambda peer: None if peer.extra.get("bot") else message)

    async def _chat(self, peer: Peer, message: m.Chat) -> None:
        seat = self._seat_of(peer)
        if seat is None:
            raise Refusal("not_seated")
        if not self._readable(seat).get(message.channel, False):
            raise Refusal("channel_closed")
        text = chat.shown_text(message.text)
        if text is None:
            raise Refusal("empty_chat")
        round_ = 0 if self.game is None else self.game.match.round
        line = await chat.post(self._room, self.lobby, seat, message.channel, text, round_)
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))
        self._room.broadcast(
            lambda other: (
                line
                if not other.extra.get("bot")
                and (
                    message.channel in self._readable(other.seat)
                    if other.seat is not None
                    else self._spectator_reads(message.channel)
                )
                else None
            )
        )

    def _voice_signal(self, peer: Peer, message: m.VoiceOffer | m.VoiceAnswer | m.VoiceIce) -> None:
        if self.game is None:
            raise Refusal("not_running")
        self.game.voice.relay(self._room, peer, self.game.voice_plan, message)

    # --- spectators ---------------------------------------------------------------------------------
    def _spectator_reads(self, channel: str) -> bool:
        """Someone without a seat reads the village square of a running game, when the lobby allows it."""
        return channel == "village" and self.game is not None and self.lobby.settings.spectators

    async def _spectator_history(self) -> dict[str, Any]:
        return await chat.history(self._room, self.lobby, {"village": False}, {})

    def _seat_bots(self) -> None:
        """Every bot seat plays through an in-process connection: it reads its seat's messages and
        answers with protocol messages, like any device."""
        room = self._room
        present = {p.seat for p in room.peers() if p.extra.get("bot")}
        low, high = self.config.bot_delay
        for index, seat in enumerate(self.lobby.seats):
            if not seat.bot or index in present:
                continue
            player = BotPlayer(random.Random(self.rng.random()))
            peer = Peer(LocalConnection(lambda _: None), Identity(name=seat.name), seat=index, extra={"bot": True})

            def deliver(message: dict[str, Any], player: BotPlayer = player, peer: Peer = peer) -> None:
                answer = player.on_message(message)
                if answer is not None:
                    room.later(self.rng.uniform(low, high), BotSays(peer, answer))

            peer.conn = LocalConnection(deliver)
            room.attach_local(peer)

    def _prepare_names(self) -> None:
        """Every seat's name in the room's narrator's voice, made in the background and cached."""
        names = [seat.name for seat in self.lobby.seats]
        try:
            voices_for(self.config).prepare_names(self.lobby.settings.narrator, names, self.lobby.pronunciations())
        except Exception:
            log.exception("room %s: names could not be prepared", self._room.code)


KIND = OnlineRoom
