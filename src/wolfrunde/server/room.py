"""One room, owned by one asyncio task that handles its commands strictly in order.

Lobby commands change the lobby; game commands go to the engine through `Match`. Every accepted game
command is written to the store (with the new timer) before anything about it is sent.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from wolfrunde.server import channels, payloads, sundial
from wolfrunde.server import protocol as p
from wolfrunde.server.actor import CommandLoop, Detach, Incoming
from wolfrunde.server.chat import ChatActions
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.lobby_actions import LobbyActions
from wolfrunde.server.match import DONE_SPEAKING, EngineFault, IllegalMove, Match, StepChange, replay
from wolfrunde.server.narration_room import NarrationActions
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)
Result = TypeVar("Result")


@dataclass(frozen=True)
class Attach:
    conn: Connection


@dataclass(frozen=True)
class TimerFired:
    generation: int


@dataclass(frozen=True)
class Release:
    generation: int


@dataclass(frozen=True)
class BotTurn:
    generation: int
    seat: int


@dataclass(frozen=True)
class WhisperEnds:
    night: int


class Room(CommandLoop, LobbyActions, ChatActions, NarrationActions):
    def __init__(self, code: str, db: Database, config: ServerConfig, lobby: Lobby, status: str) -> None:
        self.code = code
        self.db = db
        self.config = config
        self.lobby = lobby
        self.status = status  # lobby | running | ended | halted (a rule failed: stopped, reported)
        self.match: Match | None = None
        self.timer: dict[str, Any] | None = None  # deadline, release, night, night_started (epoch seconds)
        self.connections: dict[int, Connection] = {}
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.generation = 0  # bumps whenever the game changes; stale timers and bot turns are ignored
        self._timer_handle: asyncio.TimerHandle | None = None
        self.rng = random.Random()
        # what every seat was last shown (view, deadline): chat and reconnects follow this, not the
        # engine's newer state, while a pause hides that a dead role's step was skipped
        self.published: dict[int, tuple[dict[str, Any], float | None]] = {}
        self.published_versions: dict[int, tuple[Any, ...]] = {}
        self.ended_at: float | None = None  # when the game ended (the registry frees ended rooms later)
        self._whisper_night: int | None = None  # the night whose end of the lovers' window is planned
        self.sundial = sundial.SundialPlanner()

    # --- life cycle ------------------------------------------------------------------------------
    @classmethod
    def load(cls, code: str, db: Database, config: ServerConfig) -> Room | None:
        record = store.load_room(db, code)
        if record is None:
            return None
        room = cls(code, db, config, Lobby.from_dict(record.lobby), record.status)
        if record.setup is not None and room.status != "halted":
            commands = [(c.op, c.seat, c.kind, c.choice) for c in store.commands(db, code)]
            try:
                room.match = replay(record.setup, commands)
            except (IllegalMove, EngineFault):
                log.exception("room %s: the stored game cannot be replayed; it is halted", code)
                store.save_room(db, code, status="halted", timer=None)
                room.status, room.match = "halted", None
                return room
            room.skip_narration()  # what was narrated before the restart is not narrated again
            room.timer = record.timer
            if room.match.over and room.status != "ended":
                room.status = "ended"
                store.save_room(db, code, status="ended", timer=None)
        if room.status == "ended":
            room.ended_at = time.time()
        return room

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")
        if self.match is not None and (self.timer is None or self.timer["release"] <= time.time()):
            self.publish()  # nobody is connected yet: this records what a returning player is shown
        self.prepare_names()
        if self.status == "running" and self.timer is not None:
            self._arm_timer()
            self._plan_bots()
            self._plan_whisper_end()
            self._plan_sundial()

    def _stopped(self) -> None:
        if self._timer_handle is not None:
            self._timer_handle.cancel()
        self.sundial.cancel()

    # --- dispatch --------------------------------------------------------------------------------
    async def _handle(self, command: Any) -> None:
        if isinstance(command, Attach):
            await self._attach(command.conn)
        elif isinstance(command, Detach):
            self.connections.pop(command.conn.id, None)
            self.broadcast_lobby()
        elif isinstance(command, Incoming):
            await self._incoming(command.conn, command.message)
        elif isinstance(command, TimerFired):
            if command.generation == self.generation and self.status == "running":
                await self._game_timeout()
        elif isinstance(command, Release):
            if command.generation == self.generation and self.status == "running":
                self.publish()
                self._plan_bots()
        elif isinstance(command, BotTurn) and command.generation == self.generation:
            await self._bot_turn(command.seat)
        elif isinstance(command, WhisperEnds):
            self._whisper_ends(command.night)
        elif isinstance(command, sundial.SundialMark):
            await self._sundial_mark(command)

    async def _store(self, operation: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
        """Runs one store call for this room in a worker thread, so the event loop stays free; the
        room's task waits for it, which keeps "stored before sent" and the order of commands."""
        return await asyncio.to_thread(operation, self.db, self.code, *args, **kwargs)

    async def _incoming(self, conn: Connection, message: Any) -> None:
        handlers = {
            p.Join: self.join,
            p.Leave: self.leave,
            p.ChangeSettings: self.change_settings,
            p.Kick: self.kick,
            p.AddBot: self.add_bot,
            p.Start: self.start_game,
            p.Decide: self._decide,
            p.Chat: self.chat,
            p.NewGame: self.new_game,
        }
        if isinstance(message, p.Ping):
            conn.send({"type": "pong", "ref": message.ref})
            return
        handler: Callable[..., Any] | None = handlers.get(type(message))
        if handler is not None:
            outcome = handler(conn, message)
            if inspect.isawaitable(outcome):
                await outcome

    async def _attach(self, conn: Connection) -> None:
        self.connections[conn.id] = conn
        seat = self.lobby.seat_of(conn.user_id)
        conn.send(payloads.welcome(self.code, conn.user_id, conn.name, seat))
        self.broadcast_lobby()
        if seat is not None and self.match is not None:
            self._send_game(conn, seat)
            conn.send(payloads.chat_history(await self.history_for(seat)))

    # --- the game --------------------------------------------------------------------------------
    async def begin(self, match: Match) -> None:
        """Called by start_game after the setup is stored: the first night starts."""
        self.match = match
        self.status = "running"
        self.published = {}
        self.published_versions = {}
        await self._after_change(StepChange(new_requests=True, skipped_steps=0), op=None)

    async def _decide(self, conn: Connection, message: p.Decide) -> None:
        seat = self.lobby.seat_of(conn.user_id)
        if self.match is None or self.status != "running":
            conn.send(payloads.error("not_running", message.ref))
            return
        if seat is None:
            conn.send(payloads.error("not_seated", message.ref))
            return
        if message.seat is not None and message.seat != seat:
            # the host may pass the Meldeliste's word on for a speaker who does not (gone, asleep)
            if not (message.kind == DONE_SPEAKING and conn.user_id == self.lobby.host_id):
                conn.send(payloads.error("wrong_seat", message.ref))
                return
            seat = message.seat
        try:
            change = self.match.decide(seat, message.kind, message.choice)
        except IllegalMove as illegal:
            conn.send(payloads.error("illegal", message.ref, detail=str(illegal)))
            return
        except EngineFault:
            log.exception("room %s: a rule failed on a decision; it is refused and the game rebuilt", self.code)
            await self._rebuild()
            conn.send(payloads.error("internal", message.ref))
            return
        acknowledge = conn if message.ref is not None else None
        if not change.changed:  # nothing happened (a hand raised twice): nothing to store or tell
            if acknowledge is not None:
                acknowledge.send(payloads.ack(message.ref))
            return
        await self._after_change(
            change, op=("decide", seat, message.kind, change.choice), ack=(acknowledge, message.ref)
        )

    async def _rebuild(self) -> None:
        """After an EngineFault: the game as it was before the failed command (replayed off the loop)."""
        assert self.match is not None
        broken = self.match
        self.match = await asyncio.to_thread(broken.rebuilt)
        self.narration_feed, self.narrated_match = None, None
        self.skip_narration()

    async def _game_timeout(self) -> None:
        assert self.match is not None
        if not self.match.has_pending():
            return  # nothing is open: a timer has nothing to end
        time_up = self.match.phase_kind() == "day"  # the Sonnenuhr ran out: the narrator says so first
        try:
            change = self.match.timeout()
        except EngineFault:
            log.exception("room %s: a rule failed on a timeout; the game is halted", self.code)
            await self._rebuild()
            await self._halt()
            return
        if not change.changed:
            return
        await self._after_change(change, op=("timeout", None, None, None), lead=sundial.END if time_up else None)

    async def _halt(self) -> None:
        """Stops a game whose rules failed: no timer runs any more, the players are told."""
        self.status = "halted"
        self.timer = None
        self.generation += 1
        if self._timer_handle is not None:
            self._timer_handle.cancel()
        self.sundial.cancel()
        await self._store(store.save_room, status="halted", timer=None)
        for conn in list(self.connections.values()):
            conn.send(payloads.error("game_halted"))
        self.broadcast_lobby()

    async def _bot_turn(self, seat: int) -> None:
        from wolfrunde.bots.strategy import choose

        if self.match is None or self.status != "running" or seat not in self.match.waiting_seats():
            return
        move = choose(self.match.view(seat), self.rng)
        if move is None:
            return
        kind, choice = move
        try:
            change = self.match.decide(seat, kind, choice)
        except IllegalMove:
            log.warning("room %s: bot at seat %d chose an illegal move", self.code, seat)
            return
        except EngineFault:
            log.exception("room %s: a rule failed on a bot's decision", self.code)
            await self._rebuild()
            return
        if change.changed:
            await self._after_change(change, op=("decide", seat, kind, change.choice))

    async def _after_change(
        self,
        change: StepChange,
        op: tuple[str, int | None, str | None, Any] | None,
        ack: tuple[Connection | None, Any] = (None, None),
        lead: str | None = None,
    ) -> None:
        """Stores the command with the new timer, then acknowledges it and tells everyone what changed
        (after a pause when night steps of dead or absent roles were called). `lead` is a scene the
        narrator says before the change's own cues."""
        assert self.match is not None
        narration = await self.narration_batch(lead)  # the public events of this change, as narrator cues
        self.generation += 1
        now = time.time()
        if self.match.over:
            self.timer = None
            self.status = "ended"
            self.ended_at = now
        elif change.new_requests or self.timer is None:
            low, high = self.config.pause_seconds
            pause = sum(self.rng.uniform(low, high) for _ in range(change.skipped_steps))
            release = now + pause + self.narration_pause(narration)  # nobody is called mid-sentence
            timer: dict[str, Any] = {"release": release, "deadline": release + self._duration()}
            night = self.match.night_number()
            previous = self.timer or {}
            timer["night"] = night
            same_night = night is not None and previous.get("night") == night
            timer["night_started"] = previous.get("night_started") if same_night else release
            self.timer = timer
        if op is not None:
            action, seat, kind, choice = op
            await self._store(store.append_command, action, seat, kind, choice, timer=self.timer)
        else:
            await self._store(store.save_room, timer=self.timer)
        sender, ref = ack
        if sender is not None:
            sender.send(payloads.ack(ref))
        self.send_narration(narration)
        if self.status == "ended":
            await self._store(store.save_room, status="ended", timer=None)
            if self._timer_handle is not None:
                self._timer_handle.cancel()
            self.publish()
            self.broadcast_lobby()
            await self._open_all_chats()
            return
        released_later = self._arm_timer()  # the same clock decides: publish now or on Release
        assert self.timer is not None
        self._plan_sundial()
        if not released_later:
            self.publish()
            self._plan_bots()

    def _duration(self) -> float:
        assert self.match is not None
        timers = self.lobby.settings.timers
        return float(timers.get(self.match.phase_kind(), 60))

    def _arm_timer(self) -> bool:
        """Arms the deadline; True when the release is still ahead (a Release command will publish)."""
        if self._timer_handle is not None:
            self._timer_handle.cancel()
        if self.timer is None:
            return False
        loop = asyncio.get_running_loop()
        now = time.time()
        generation = self.generation
        later = self.timer["release"] > now
        if later:
            loop.call_later(self.timer["release"] - now, self.post, Release(generation))
        delay = max(0.0, self.timer["deadline"] - now)
        self._timer_handle = loop.call_later(delay, self.post, TimerFired(generation))
        return later

    def _plan_bots(self) -> None:
        if self.match is None:
            return
        loop = asyncio.get_running_loop()
        low, high = self.config.bot_delay
        for seat in sorted(self.match.waiting_seats()):
            if self.lobby.seats[seat].bot:
                loop.call_later(self.rng.uniform(low, high), self.post, BotTurn(self.generation, seat))

    def _plan_sundial(self) -> None:
        if self.match is not None and self.timer is not None and self.match.phase_kind() == "day":
            self.sundial.plan(self.timer, self.post)

    async def _sundial_mark(self, mark: sundial.SundialMark) -> None:
        if self.match is None or self.status != "running" or not mark.due(self.timer):
            return  # the discussion ended or gave way to another timer: the warning is out of date
        if self.match.phase_kind() == "day":
            self.send_narration(await self.narration_batch(mark.scene, events=False))

    def _plan_whisper_end(self) -> None:
        """From night 2 the lovers may whisper for the first seconds of each night; when that window
        closes they get their game again, with the lovers' channel no longer writable."""
        timer = self.timer or {}
        night, started = timer.get("night"), timer.get("night_started")
        if night is None or started is None or int(night) < 2 or self._whisper_night == night:
            return
        closes = float(started) + self.lobby.settings.timers.get("lovers", 30)
        delay = closes - time.time()
        if delay <= 0:
            return
        self._whisper_night = int(night)
        asyncio.get_running_loop().call_later(delay + 0.05, self.post, WhisperEnds(int(night)))

    def _whisper_ends(self, night: int) -> None:
        if self.match is None or self.status != "running" or (self.timer or {}).get("night") != night:
            return
        for conn in list(self.connections.values()):
            seat = self.lobby.seat_of(conn.user_id)
            if seat is not None and self.view_of(seat)["you"].get("lover") is not None:
                self._send_game(conn, seat)

    # --- sending ---------------------------------------------------------------------------------
    def publish(self) -> None:
        """Makes the engine's current state the one every seat sees, and sends it."""
        assert self.match is not None
        deadline = None if self.timer is None else self.timer["deadline"]
        changed: set[int] = set()
        for seat in range(self.match.seats):
            version = (self.match.view_version(seat), deadline)
            if self.published_versions.get(seat) != version or seat not in self.published:
                self.published[seat] = (self.match.view(seat), deadline)
                self.published_versions[seat] = version
                changed.add(seat)
        self.broadcast_game(changed)
        self._plan_whisper_end()

    def view_of(self, seat: int) -> dict[str, Any]:
        """The view this seat was last shown (the current one before anything was published)."""
        assert self.match is not None
        shown = self.published.get(seat)
        return shown[0] if shown is not None else self.match.view(seat)

    def channels_for(self, seat: int) -> dict[str, bool]:
        return channels.for_seat(self.view_of(seat), self.timer, self.lobby.settings.timers, time.time())

    def _send_game(self, conn: Connection, seat: int) -> None:
        assert self.match is not None
        shown = self.published.get(seat)
        if shown is None:
            shown = (self.match.view(seat), None if self.timer is None else self.timer["deadline"])
        view, deadline = shown
        conn.send(payloads.game(seat, view, deadline, self.channels_for(seat)))

    def broadcast_game(self, seats: set[int] | None = None) -> None:
        """Sends each seated connection its game (only to `seats`, when given: the views that changed)."""
        if self.match is None:
            return
        for conn in list(self.connections.values()):
            seat = self.lobby.seat_of(conn.user_id)
            if seat is not None and (seats is None or seat in seats):
                self._send_game(conn, seat)

    async def _open_all_chats(self) -> None:
        """At the end every channel's log is opened to every player."""
        lines = await self._store(store.chat_history)
        for conn in list(self.connections.values()):
            seat = self.lobby.seat_of(conn.user_id)
            if seat is not None:
                conn.send(payloads.chat_history(await self.history_for(seat, lines)))

    def online_users(self) -> set[int]:
        return {conn.user_id for conn in self.connections.values() if not conn.closed}
