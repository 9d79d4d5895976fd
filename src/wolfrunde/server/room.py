"""One room, owned by one asyncio task that handles its commands strictly in order.

Lobby commands change the lobby; game commands go to the engine through `Match`. Every accepted game
command is written to the store (with the new timer) before anything about it is sent.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from wolfrunde.server import channels, payloads
from wolfrunde.server import protocol as p
from wolfrunde.server.chat import ChatActions
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.lobby_actions import LobbyActions
from wolfrunde.server.match import IllegalMove, Match, StepChange, replay
from wolfrunde.store import Database
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Attach:
    conn: Connection


@dataclass(frozen=True)
class Detach:
    conn: Connection


@dataclass(frozen=True)
class Incoming:
    conn: Connection
    message: Any


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
class Stop:
    pass


class Room(LobbyActions, ChatActions):
    def __init__(self, code: str, db: Database, config: ServerConfig, lobby: Lobby, status: str) -> None:
        self.code = code
        self.db = db
        self.config = config
        self.lobby = lobby
        self.status = status  # lobby | running | ended
        self.match: Match | None = None
        self.timer: dict[str, Any] | None = None  # deadline, release, night, night_started (epoch seconds)
        self.connections: dict[int, Connection] = {}
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.generation = 0  # bumps whenever the game changes; stale timers and bot turns are ignored
        self._timer_handle: asyncio.TimerHandle | None = None
        self.rng = random.Random()

    # --- life cycle ------------------------------------------------------------------------------
    @classmethod
    def load(cls, code: str, db: Database, config: ServerConfig) -> Room | None:
        record = store.load_room(db, code)
        if record is None:
            return None
        room = cls(code, db, config, Lobby.from_dict(record.lobby), record.status)
        if record.setup is not None:
            commands = [(c.op, c.seat, c.kind, c.choice) for c in store.commands(db, code)]
            room.match = replay(record.setup, commands)
            room.timer = record.timer
            if room.match.over and room.status != "ended":
                room.status = "ended"
                store.save_room(db, code, status="ended", timer=None)
        return room

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.code}")
        if self.status == "running" and self.timer is not None:
            self._arm_timer()
            self._plan_bots()

    def post(self, command: Any) -> None:
        self.queue.put_nowait(command)

    async def stop(self) -> None:
        self.post(Stop())
        if self.task is not None:
            await self.task

    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            if isinstance(command, Stop):
                break
            try:
                self._handle(command)
            except Exception:  # one bad command must not kill the room
                log.exception("room %s: command %r failed", self.code, type(command).__name__)
        if self._timer_handle is not None:
            self._timer_handle.cancel()

    # --- dispatch --------------------------------------------------------------------------------
    def _handle(self, command: Any) -> None:
        if isinstance(command, Attach):
            self._attach(command.conn)
        elif isinstance(command, Detach):
            self.connections.pop(command.conn.id, None)
            self.broadcast_lobby()
        elif isinstance(command, Incoming):
            self._incoming(command.conn, command.message)
        elif isinstance(command, TimerFired):
            if command.generation == self.generation and self.status == "running":
                self._game_timeout()
        elif isinstance(command, Release):
            if command.generation == self.generation and self.status == "running":
                self.broadcast_game()
                self._plan_bots()
        elif isinstance(command, BotTurn) and command.generation == self.generation:
            self._bot_turn(command.seat)

    def _incoming(self, conn: Connection, message: Any) -> None:
        handlers = {
            p.Join: self.join,
            p.Leave: self.leave,
            p.ChangeSettings: self.change_settings,
            p.Kick: self.kick,
            p.AddBot: self.add_bot,
            p.Start: self.start_game,
            p.Decide: self._decide,
            p.Chat: self.chat,
        }
        if isinstance(message, p.Ping):
            conn.send({"type": "pong", "ref": message.ref})
            return
        handler = handlers.get(type(message))
        if handler is not None:
            handler(conn, message)

    def _attach(self, conn: Connection) -> None:
        self.connections[conn.id] = conn
        seat = self.lobby.seat_of(conn.user_id)
        conn.send(payloads.welcome(self.code, conn.user_id, conn.name, seat))
        self.broadcast_lobby()
        if seat is not None and self.match is not None:
            self._send_game(conn, seat)
            conn.send(payloads.chat_history(self.history_for(seat)))

    # --- the game --------------------------------------------------------------------------------
    def begin(self, match: Match) -> None:
        """Called by start_game after the setup is stored: the first night starts."""
        self.match = match
        self.status = "running"
        self._after_change(StepChange(new_requests=True, skipped_steps=0), op=None)

    def _decide(self, conn: Connection, message: p.Decide) -> None:
        seat = self.lobby.seat_of(conn.user_id)
        if self.match is None or self.status != "running":
            conn.send(payloads.error("not_running", message.ref))
            return
        if seat is None:
            conn.send(payloads.error("not_seated", message.ref))
            return
        if message.seat is not None and message.seat != seat:
            conn.send(payloads.error("wrong_seat", message.ref))
            return
        try:
            change = self.match.decide(seat, message.kind, message.choice)
        except IllegalMove as illegal:
            conn.send(payloads.error("illegal", message.ref, detail=str(illegal)))
            return
        acknowledge = conn if message.ref is not None else None
        self._after_change(change, op=("decide", seat, message.kind, message.choice), ack=(acknowledge, message.ref))

    def _game_timeout(self) -> None:
        assert self.match is not None
        change = self.match.timeout()
        self._after_change(change, op=("timeout", None, None, None))

    def _bot_turn(self, seat: int) -> None:
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
        self._after_change(change, op=("decide", seat, kind, choice))

    def _after_change(
        self,
        change: StepChange,
        op: tuple[str, int | None, str | None, Any] | None,
        ack: tuple[Connection | None, Any] = (None, None),
    ) -> None:
        """Stores the command with the new timer, then acknowledges it and tells everyone what changed
        (after a pause when night steps of dead or absent roles were called)."""
        assert self.match is not None
        self.generation += 1
        now = time.time()
        if self.match.over:
            self.timer = None
            self.status = "ended"
        elif change.new_requests or self.timer is None:
            low, high = self.config.pause_seconds
            pause = sum(self.rng.uniform(low, high) for _ in range(change.skipped_steps))
            release = now + pause
            timer: dict[str, Any] = {"release": release, "deadline": release + self._duration()}
            night = self.match.night_number()
            previous = self.timer or {}
            timer["night"] = night
            same_night = night is not None and previous.get("night") == night
            timer["night_started"] = previous.get("night_started") if same_night else release
            self.timer = timer
        if op is not None:
            action, seat, kind, choice = op
            store.append_command(self.db, self.code, action, seat, kind, choice, timer=self.timer)
        else:
            store.save_room(self.db, self.code, timer=self.timer)
        sender, ref = ack
        if sender is not None:
            sender.send(payloads.ack(ref))
        if self.status == "ended":
            store.save_room(self.db, self.code, status="ended", timer=None)
            if self._timer_handle is not None:
                self._timer_handle.cancel()
            self.broadcast_game()
            self.broadcast_lobby()
            self._open_all_chats()
            return
        self._arm_timer()
        assert self.timer is not None
        if self.timer["release"] <= now:
            self.broadcast_game()
            self._plan_bots()

    def _duration(self) -> float:
        assert self.match is not None
        timers = self.lobby.settings.timers
        return float(timers.get(self.match.phase_kind(), 60))

    def _arm_timer(self) -> None:
        if self._timer_handle is not None:
            self._timer_handle.cancel()
        if self.timer is None:
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        generation = self.generation
        if self.timer["release"] > now:
            loop.call_later(self.timer["release"] - now, self.post, Release(generation))
        delay = max(0.0, self.timer["deadline"] - now)
        self._timer_handle = loop.call_later(delay, self.post, TimerFired(generation))

    def _plan_bots(self) -> None:
        if self.match is None:
            return
        loop = asyncio.get_running_loop()
        low, high = self.config.bot_delay
        for seat in sorted(self.match.waiting_seats()):
            if self.lobby.seats[seat].bot:
                loop.call_later(self.rng.uniform(low, high), self.post, BotTurn(self.generation, seat))

    # --- sending ---------------------------------------------------------------------------------
    def channels_for(self, seat: int) -> dict[str, bool]:
        assert self.match is not None
        return channels.for_seat(self.match.view(seat), self.timer, self.lobby.settings.timers, time.time())

    def _send_game(self, conn: Connection, seat: int) -> None:
        assert self.match is not None
        deadline = None if self.timer is None else self.timer["deadline"]
        conn.send(payloads.game(seat, self.match.view(seat), deadline, self.channels_for(seat)))

    def broadcast_game(self) -> None:
        if self.match is None:
            return
        for conn in list(self.connections.values()):
            seat = self.lobby.seat_of(conn.user_id)
            if seat is not None:
                self._send_game(conn, seat)

    def _open_all_chats(self) -> None:
        """At the end every channel's log is opened to every player."""
        for conn in list(self.connections.values()):
            seat = self.lobby.seat_of(conn.user_id)
            if seat is not None:
                conn.send(payloads.chat_history(self.history_for(seat)))

    def online_users(self) -> set[int]:
        return {conn.user_id for conn in self.connections.values() if not conn.closed}
