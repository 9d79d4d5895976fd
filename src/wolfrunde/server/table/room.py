"""One table game, owned by one asyncio task that handles its commands strictly in order.

Every accepted command is written to the store before anything about it is sent; loading a table
replays its stored commands, so a restart (or a closed browser) resumes it where it was.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from wolfrunde.server import sundial
from wolfrunde.server.actor import CommandLoop, Detach, Incoming
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.match import EngineFault, IllegalMove, Match, StepChange
from wolfrunde.server.narration_feed import NarrationBatch
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.table import knowledge as k
from wolfrunde.server.table import messages as m
from wolfrunde.server.table import store
from wolfrunde.server.table.errors import TableError
from wolfrunde.server.table.lobby import OWN, SINGLE, TableLobby, check_settings, deal
from wolfrunde.server.table.narration import TableNarration
from wolfrunde.server.table.seat_view import seat_payload
from wolfrunde.server.table.single import SingleDevice, TableOptions
from wolfrunde.store import Database

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Member:
    seat: int | None
    host: bool


@dataclass(frozen=True)
class Attach:
    conn: Connection
    member: Member


@dataclass(frozen=True)
class Timed:
    kind: str  # release | deadline
    generation: int


@dataclass(frozen=True)
class Call:
    """Runs `job` inside the table's task and hands its result (or error) to `future`."""

    job: Any
    future: asyncio.Future[Any]


class TableRoom(CommandLoop):
    def __init__(self, code: str, db: Database, config: ServerConfig, lobby: TableLobby, status: str) -> None:
        self.code = code
        self.db = db
        self.config = config
        self.lobby = lobby
        self.status = status
        self.match: Match | None = None
        self.single: SingleDevice | None = None
        self.narration: TableNarration | None = None
        self.timer: dict[str, float] | None = None
        self.holding = False  # own devices: the next step waits (pause, narration); its state is not sent yet
        self.shown: dict[int, dict[str, Any]] = {}  # own devices: the last state each seat was sent
        self.told_speaking: int | None = None  # own devices: the speaking seat the devices were last told
        self.connections: dict[int, tuple[Connection, Member]] = {}
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.generation = 0
        self.rng = random.Random()
        self._handles: list[asyncio.TimerHandle] = []
        self.sundial = sundial.SundialPlanner()  # its handles outlive `_arm`: a mark checks its deadline

    @property
    def mode(self) -> str:
        return self.lobby.mode

    @property
    def quick(self) -> bool:
        """`serve --testing`: the server's pauses are short, so are the table's."""
        return self.config.pause_seconds[1] < 1.0

    # --- life cycle ------------------------------------------------------------------------------
    @classmethod
    def load(cls, code: str, db: Database, config: ServerConfig) -> TableRoom | None:
        record = store.load(db, code)
        if record is None:
            return None
        room = cls(code, db, config, TableLobby.from_dict(record.lobby), record.status)
        if record.setup is not None:
            room._begin(record.setup)
            for command in store.commands(db, code):
                room._replay(command)
            room.timer = record.timer
            if room.mode == OWN and room.match is not None and room.narration is not None:
                room.narration.catch_up(room.match, k.event_count(room.match), at=0.0)  # told before the restart
            room.holding = room.timer is not None and room.timer["release"] > time.time()
        return room

    def _replay(self, command: store.Command) -> None:
        try:
            if command.op == "device" and self.single is not None and command.kind is not None:
                self.single.apply(command.kind, command.choice or {}, command.at)
            elif command.op == "decide" and self.match is not None and command.seat is not None:
                self.match.decide(command.seat, str(command.kind), command.choice)
            elif command.op == "timeout" and self.match is not None:
                self.match.timeout()
        except (TableError, IllegalMove, EngineFault):
            log.exception("table %s: stored command %r could not be replayed", self.code, command)

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.code}")
        self._prepare_names()
        if self.status == "running" and self.mode == OWN:
            self._arm()
            self._plan_sundial()

    loop_label = "table"

    def _stopped(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self.sundial.cancel()

    def _handle(self, command: Any) -> None:
        if isinstance(command, Attach):
            self.connections[command.conn.id] = (command.conn, command.member)
            command.conn.send(m.welcome(self.code, self.mode, command.member.seat, command.member.host))
            self._broadcast(arrived=command.conn)
        elif isinstance(command, Detach):
            self.connections.pop(command.conn.id, None)
            if self.mode == OWN and (self.status == "lobby" or self.speaking_seat() != self.told_speaking):
                self._broadcast()  # the lobby shows who is here; in a game another device may speak now
        elif isinstance(command, Incoming):
            self._incoming(command.conn, command.message)
        elif isinstance(command, Call):
            try:
                command.future.set_result(command.job())
            except Exception as error:  # handed to the caller, who reports it
                command.future.set_exception(error)
        elif isinstance(command, sundial.SundialMark):
            self._sundial_mark(command)
        elif isinstance(command, Timed) and command.generation == self.generation and self.status == "running":
            if command.kind == "release":
                self.holding = False
                self._broadcast()
            else:
                self._timeout(time_up=True)

    def _incoming(self, conn: Connection, message: Any) -> None:
        member = self.connections.get(conn.id, (conn, Member(None, False)))[1]
        ref = getattr(message, "ref", None)
        if isinstance(message, m.Ping):
            conn.send({"type": "pong", "ref": ref})
            return
        try:
            if isinstance(message, m.Device):
                self._device(member, message)
            elif isinstance(message, m.Settings):
                self._settings(member, message)
            elif isinstance(message, m.Start):
                self._start(member)
            elif isinstance(message, m.Remove):
                self._remove(member, message.seat)
            elif isinstance(message, m.Decide):
                self._decide(member, message)
            elif isinstance(message, m.EndDiscussion):
                self._end_discussion(member)
        except TableError as error:
            conn.send(error.payload(ref))
            return
        if ref is not None:
            conn.send({"type": "ack", "ref": ref})
        self._broadcast()

    # --- one device -----------------------------------------------------------------------------
    def _device(self, member: Member, message: m.Device) -> None:
        if not member.host or self.single is None:
            raise TableError("not_host")
        at = time.time()
        decided = len(self.match.game.history) if self.match is not None else 0
        try:
            self.single.apply(message.op, dict(message.data), at)
        except TableError:
            if self.match is not None and len(self.match.game.history) != decided:
                self._reload()  # a refused tap had half happened: back to what is stored
            raise
        except EngineFault:
            log.exception("table %s: a rule failed on a tap; it is refused", self.code)
            self._reload()
            raise TableError(
                "not_now", "Das hat der Server nicht verarbeiten können; nichts wurde verändert."
            ) from None
        ended = self.match is not None and self.match.over
        fields: dict[str, Any] = {"status": "ended"} if ended else {}
        store.append(self.db, self.code, store.Command("device", None, message.op, dict(message.data), at), **fields)
        if ended:
            self.status = "ended"

    def _reload(self) -> None:
        """Rebuilds the game from the store (its setup and the accepted commands, in order)."""
        record = store.load(self.db, self.code)
        assert record is not None and record.setup is not None
        self._begin(record.setup)
        for command in store.commands(self.db, self.code):
            self._replay(command)

    # --- own devices: lobby ---------------------------------------------------------------------
    def join(self, name: Any, token_hash: str) -> int:
        """A guest takes the next seat (called through `Call`, inside the table's task)."""
        if self.mode != OWN or self.status != "lobby":
            raise TableError("lobby_closed")
        seat = self.lobby.add(name, token_hash)
        store.save(self.db, self.code, lobby=self.lobby.to_dict())
        self._prepare_names()
        self._broadcast()
        return seat

    def _prepare_names(self) -> None:
        """Every seat's name in the table's narrator's voice, made in the background and cached."""
        try:
            voices_for(self.config).prepare_names(self.lobby.settings.narrator, [g.name for g in self.lobby.seats])
        except Exception:  # the narrator must never stop a table
            log.exception("table %s: names could not be prepared", self.code)

    def _settings(self, member: Member, message: m.Settings) -> None:
        if not member.host:
            raise TableError("not_host")
        if self.status != "lobby":
            raise TableError("lobby_closed")
        settings = self.lobby.settings
        changes = message.model_dump(exclude_none=True, exclude={"type", "ref", "recommended", "speaker"})
        updated = type(settings)(**{**settings.__dict__, **changes})
        if message.recommended:
            updated.roles = None
        check_settings(updated)
        if message.speaker is not None:
            if not 0 <= message.speaker < len(self.lobby.seats):
                raise TableError("bad_settings", "Diesen Platz gibt es nicht.")
            self.lobby.speaker = message.speaker
        self.lobby.settings = updated
        store.save(self.db, self.code, lobby=self.lobby.to_dict())
        self._prepare_names()  # another narrator: the names in his voice

    def _remove(self, member: Member, seat: int) -> None:
        if not member.host:
            raise TableError("not_host")
        if self.mode != OWN or self.status != "lobby":
            raise TableError("lobby_closed")
        self.lobby.remove(seat)
        store.save(self.db, self.code, lobby=self.lobby.to_dict())
        for conn_id, (conn, other) in list(self.connections.items()):
            if other.seat == seat:  # the removed guest's device: told, then let go; its token is void now
                conn.send({"type": "removed", "message": "Die Spielleitung hat dich vom Tisch genommen."})
                conn.close()
                del self.connections[conn_id]
            elif other.seat is not None and other.seat > seat:
                self.connections[conn_id] = (conn, Member(other.seat - 1, other.host))
                conn.send(m.welcome(self.code, self.mode, other.seat - 1, other.host))

    def _start(self, member: Member) -> None:
        if not member.host:
            raise TableError("not_host")
        if self.status != "lobby":
            raise TableError("lobby_closed")
        setup = deal(self.lobby, self.rng)
        store.save(self.db, self.code, setup=setup, status="running")
        self.status = "running"
        self._begin(setup)
        told, silence = self._commit(StepChange(new_requests=True, skipped_steps=0), None)
        if self.holding:
            self._show_cards()
        self._tell(told, silence)

    def _show_cards(self) -> None:
        """At the start every device shows its card at once; the first call follows the narration."""
        assert self.match is not None
        speaking = self.speaking_seat()
        for seat in range(len(self.lobby.seats)):
            payload = seat_payload(self.match, seat, [], None, seat == speaking)
            self.shown[seat] = {
                **payload,
                "questions": [],
                "discussion": False,
                "discussion_seconds": self.lobby.settings.discussion,
            }
        for conn, member in list(self.connections.values()):
            if member.seat is not None:
                conn.send({**self.shown[member.seat], "now": time.time()})

    def begin_single(self, setup: dict[str, Any]) -> None:
        """A single-device table starts at once: its setup was stored with the table."""
        self._begin(setup)

    def _begin(self, setup: dict[str, Any]) -> None:
        self.match = Match(setup)
        self.narration = TableNarration(self.match, self.lobby.settings.narrator, self.config)
        if self.mode == SINGLE:
            settings = self.lobby.settings
            options = TableOptions(
                night_style=settings.night_style,
                vote_style=settings.vote_style,
                discussion=settings.discussion,
                turn_seconds=0.3 if self.quick else 8.0,
                call_pause=(0.1, 0.3) if self.quick else (4.0, 9.0),
            )
            self.single = SingleDevice(self.match, options, self.narration)

    # --- own devices: the game ------------------------------------------------------------------
    def _decide(self, member: Member, message: m.Decide) -> None:
        if self.match is None or self.status != "running" or self.mode != OWN:
            raise TableError("not_now", "Es läuft gerade kein Spiel.")
        if member.seat is None:
            raise TableError("bad_token")
        if self.holding:
            raise TableError("not_now", "Der Erzähler spricht noch – gleich geht es weiter.")
        try:
            change = self.match.decide(member.seat, message.kind, message.choice)
        except IllegalMove as illegal:
            raise TableError("illegal", str(illegal)) from None
        except EngineFault:
            log.exception("table %s: a rule failed on a decision; it is refused", self.code)
            self._reload()
            raise TableError(
                "not_now", "Das hat der Server nicht verarbeiten können; nichts wurde verändert."
            ) from None
        if change.changed:  # the canonical choice is stored, never the raw message
            self._after_change(change, store.Command("decide", member.seat, message.kind, change.choice, time.time()))

    def _end_discussion(self, member: Member) -> None:
        if not member.host or self.match is None or self.status != "running" or self.mode != OWN:
            raise TableError("not_host")
        if self.match.phase_kind() != "day" or self.holding:
            raise TableError("not_now")
        self._timeout(time_up=False)

    def _timeout(self, *, time_up: bool) -> None:
        assert self.match is not None and self.narration is not None
        if not self.match.has_pending():
            return  # nothing is open: a timer has nothing to end
        if time_up and self.match.phase_kind() == "day":
            self._tell(self.narration.say(sundial.END, at=time.time()), 0.0)  # time is up, then the vote
        try:
            change = self.match.timeout()
        except EngineFault:
            log.exception("table %s: a rule failed on a timeout; the game is halted", self.code)
            self._reload()
            self._halt()
            return
        if change.changed:
            self._after_change(change, store.Command("timeout", None, None, None, time.time()))
        self._broadcast()

    def _halt(self) -> None:
        """Stops a game whose rules failed: no timer runs any more, the devices are told."""
        self.status, self.timer, self.holding = "halted", None, False
        self.generation += 1
        self._arm()
        self.sundial.cancel()
        store.save(self.db, self.code, status="halted", timer=None)
        for conn, _ in list(self.connections.values()):
            conn.send(TableError("not_now", "Dieses Spiel wurde wegen eines Fehlers angehalten.").payload())

    def _after_change(self, change: StepChange, command: store.Command | None) -> None:
        """Stores the command with the new timer, then has the speaker tell what happened."""
        self._tell(*self._commit(change, command))

    def _commit(self, change: StepChange, command: store.Command | None) -> tuple[NarrationBatch, float]:
        """Stores the command with the new timer; returns the narration of the change and the silence
        its parts are spread over. The next step is released after the pause that hides absent roles
        and once the narration has been heard."""
        assert self.match is not None and self.narration is not None
        self.generation += 1
        now = time.time()
        told = self.narration.catch_up(self.match, k.event_count(self.match), at=now)
        pause = 0.0
        if self.match.over:
            self.status, self.timer, self.holding = "ended", None, False
        elif change.new_requests or self.timer is None:
            low, high = self.config.pause_seconds
            pause = sum(self.rng.uniform(low, high) for _ in range(change.skipped_steps))
            release = max(now, self.narration.spoken_until) + pause  # nobody is called mid-sentence
            self.timer = {"release": release, "deadline": release + self._duration()}
            self.holding = release > now
        fields: dict[str, Any] = {"timer": self.timer, "status": self.status}
        if command is not None:
            store.append(self.db, self.code, command, **fields)
        else:
            store.save(self.db, self.code, **fields)
        self._arm()
        self._plan_sundial()
        return told, pause

    def _plan_sundial(self) -> None:
        if self.match is not None and self.timer is not None and self.match.phase_kind() == "day":
            self.sundial.plan(self.timer, self.post)

    def _sundial_mark(self, mark: sundial.SundialMark) -> None:
        if self.match is None or self.narration is None or self.status != "running" or not mark.due(self.timer):
            return
        if self.match.phase_kind() == "day":
            self._tell(self.narration.say(mark.scene, at=time.time()), 0.0)

    def _tell(self, told: NarrationBatch, silence: float) -> None:
        """Sends the cues to every seat (the speaker plays them, the others show captions). A part after a
        step that asked nobody follows after its share of the silence, so the timing hides who is absent."""
        loop = asyncio.get_running_loop()
        for delay, message in told.schedule(silence, self.narration.wait if self.narration else 1.0):
            if delay <= 0:
                self._send_narration(self.generation, message)
            else:
                self._handles.append(loop.call_later(delay, self._send_narration, self.generation, message))

    def _send_narration(self, generation: int, message: dict[str, Any]) -> None:
        if generation != self.generation:
            return  # the game moved on: the cues come with the next state as captions
        for conn, member in list(self.connections.values()):
            if member.seat is not None:
                conn.send(message)

    def _duration(self) -> float:
        assert self.match is not None
        kind = self.match.phase_kind()
        if kind == "day":
            return float(self.lobby.settings.discussion)
        return float(self.lobby.settings.timers.get(kind, 60))

    def _arm(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        if self.timer is None or self.status != "running":
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        if self.holding:  # the flag, not the clock, decides: a handle may fire a moment early
            self._handles.append(
                loop.call_later(max(0.0, self.timer["release"] - now), self.post, Timed("release", self.generation))
            )
        delay = max(0.0, self.timer["deadline"] - now)
        self._handles.append(loop.call_later(delay, self.post, Timed("deadline", self.generation)))

    # --- sending --------------------------------------------------------------------------------
    def _broadcast(self, arrived: Connection | None = None) -> None:
        self.told_speaking = self.speaking_seat()
        for conn, member in list(self.connections.values()):
            self._send(conn, member, arrived=conn is arrived)

    def _send(self, conn: Connection, member: Member, *, arrived: bool = False) -> None:
        if self.single is not None:
            if member.host:
                conn.send({**self.single.screen(), "code": self.code, "now": time.time()})
            return
        if self.mode != OWN:
            return
        conn.send(m.table(self.code, self.lobby, self.status, self._online_seats(), self.speaking_seat()))
        if self.match is None or member.seat is None:
            return
        if self.holding:  # the next step waits for the pause and the narration: a device that just
            if arrived and member.seat in self.shown:  # arrived sees what the others still see
                conn.send({**self.shown[member.seat], "now": time.time()})
            return
        assert self.narration is not None
        deadline = None if self.timer is None else self.timer["deadline"]
        speaker = member.seat == self.speaking_seat()
        payload = seat_payload(self.match, member.seat, self.narration.recent(), deadline, speaker)
        self.shown[member.seat] = {**payload, "discussion_seconds": self.lobby.settings.discussion}
        conn.send({**self.shown[member.seat], "now": time.time()})

    def speaking_seat(self) -> int | None:
        """The device that plays the narrator: the chosen one; while it is away the host's, else the first
        seat that is here (a locked phone must not silence the table)."""
        online = self._online_seats()
        for seat in (self.lobby.speaker, 0, *sorted(online)):
            if seat in online:
                return seat
        return None

    def _online_seats(self) -> set[int]:
        return {
            member.seat for conn, member in self.connections.values() if member.seat is not None and not conn.closed
        }
