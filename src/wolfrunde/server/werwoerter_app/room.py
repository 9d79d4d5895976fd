"""One Werwörter room, owned by one asyncio task that handles its commands strictly in order.

Every accepted engine decision is written to the store together with the room's new stage before
anything about it is sent. Timers (night stages, day, pointing, talk, vote) post ticks into the same
queue; a tick from an older stage is ignored.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from wolfrunde.server.actor import CommandLoop, Detach, Incoming
from wolfrunde.server.connection import Connection
from wolfrunde.server.werwoerter_app import stages as st
from wolfrunde.server.werwoerter_app import store
from wolfrunde.server.werwoerter_app.actions import DEVICE, Actions
from wolfrunde.server.werwoerter_app.audio import AudioUrl, speech_seconds
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR, cue
from wolfrunde.server.werwoerter_app.payloads import card_for, game_part
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.store import Database
from wolfrunde.werwoerter import Decision, Game, Setup
from wolfrunde.werwoerter.roles import MAX_PLAYERS

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Attach:
    conn: Connection
    token_hash: str


@dataclass(frozen=True)
class Tick:
    generation: int


@dataclass(frozen=True)
class CueTick:
    generation: int
    scene: str


@dataclass(frozen=True)
class Join:
    """A guest asks for a seat (own devices, while the room waits); `reply` gets the seat or a German error."""

    name: str
    token_hash: str
    reply: asyncio.Future[int | str]


@dataclass(frozen=True)
class Begin:
    """A single-device room deals its first game as soon as it exists."""


class Room(CommandLoop, Actions):
    def __init__(
        self,
        data: store.RoomData,
        db: Database,
        timings: Timings,
        rng: random.Random | None = None,
        audio_url: AudioUrl | None = None,
    ) -> None:
        self.code = data.code
        self.mode = data.mode  # single | devices
        self.status = data.status  # lobby | running | ended
        self.seats = data.seats  # [{"name", "token"}]; token: sha256 of the guest token (devices mode)
        self.settings = data.settings  # difficulty, day_seconds, narrator, speaker, device (single: token hash)
        self.stage: dict[str, Any] = data.stage or {"name": st.LOBBY}
        self.game: Game | None = None
        if data.setup is not None:
            decisions = [Decision.from_json(d) for d in store.decisions(db, data.code)]
            self.game = Game.replay(Setup.from_json(data.setup), decisions)
        self.db = db
        self.timings = timings
        self.rng = rng or random.Random()
        self.audio_url = audio_url
        self.connections: dict[int, tuple[Connection, int]] = {}  # conn id -> (conn, seat or DEVICE)
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.generation = 0
        self._handles: list[asyncio.TimerHandle] = []

    # --- life cycle ------------------------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"ww-room-{self.code}")
        if self.status == "running":
            self._arm()

    loop_label = "ww room"

    def _stopped(self) -> None:
        self._disarm()

    def _handle(self, command: Any) -> None:
        if isinstance(command, Attach):
            self._attach(command.conn, command.token_hash)
        elif isinstance(command, Detach):
            if self.connections.pop(command.conn.id, None) is not None:
                self.broadcast()
        elif isinstance(command, Incoming):
            entry = self.connections.get(command.conn.id)
            if entry is not None:
                self.incoming(command.conn, entry[1], command.message)
        elif isinstance(command, Join):
            if not command.reply.done():
                command.reply.set_result(self._join(command.name, command.token_hash))
        elif isinstance(command, Begin):
            if self.game is None:
                self.new_game(last_mayor=None)
        elif isinstance(command, Tick):
            if command.generation == self.generation and self.status == "running":
                self.deadline_reached()
        elif isinstance(command, CueTick) and command.generation == self.generation:
            self.speak(command.scene)

    def _attach(self, conn: Connection, token_hash: str) -> None:
        who = self.identify(token_hash)
        if who is None:
            conn.send({"type": "error", "code": "unknown_guest", "message": "Dieses Gerät gehört zu keinem Platz."})
            conn.close()
            return
        self.connections[conn.id] = (conn, who)
        self.broadcast()

    def _join(self, name: str, token_hash: str) -> int | str:
        if self.mode != "devices" or self.status != "lobby":
            return "Diese Runde nimmt keine Spieler mehr auf."
        if len(self.seats) >= MAX_PLAYERS:
            return f"Die Runde ist voll ({MAX_PLAYERS} Spieler)."
        if name.casefold() in {s["name"].casefold() for s in self.seats}:
            return "Diesen Namen gibt es in der Runde schon."
        self.seats.append({"name": name, "token": token_hash})
        self.save_lobby()
        self.broadcast()
        return len(self.seats) - 1

    def save_lobby(self) -> None:
        store.save(self.db, self.code, seats=self.seats, settings=self.settings)

    def identify(self, token_hash: str) -> int | None:
        if self.mode == "single":
            return DEVICE if token_hash == self.settings.get("device") else None
        for seat, entry in enumerate(self.seats):
            if entry.get("token") == token_hash:
                return seat
        return None

    # --- stages and timers -------------------------------------------------------------------------
    def enter(self, name: str, at_least: float = 0.0, **extra: Any) -> dict[str, Any]:
        """The record of a new stage (not yet stored); its deadline from the timings."""
        now = time.time()
        seconds = st.duration(name, self.timings, self.game, self.mode)
        if seconds is not None:
            seconds = max(seconds, at_least)
        return {"name": name, "started": now, "deadline": None if seconds is None else now + seconds, **extra}

    def _disarm(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []

    def _arm(self) -> None:
        """(Re)schedules the current stage's deadline and the day's half-time and last-minute cues."""
        self._disarm()
        self.generation += 1
        if self.status != "running":
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        deadline = self.stage.get("deadline")
        if deadline is not None:
            self._handles.append(loop.call_later(max(0.0, deadline - now), self.post, Tick(self.generation)))
            if self.stage["name"] == st.DAY:
                length = deadline - self.stage["started"]
                marks = [(self.stage["started"] + length / 2, "ww_time_half")]
                if length >= 120:
                    marks.append((deadline - 60, "ww_time_last_minute"))
                for at, scene in marks:
                    if at > now + 0.5:
                        self._handles.append(loop.call_later(at - now, self.post, CueTick(self.generation, scene)))

    def commit(
        self,
        stage: dict[str, Any],
        decision: Decision | None = None,
        *,
        setup: dict[str, Any] | None = None,
        new_game: bool = False,
    ) -> None:
        """Stores the stage (and the decision) first, then re-arms the timers and tells every device."""
        assert self.game is not None
        self.status = "ended" if self.game.is_over else "running"
        extra: dict[str, Any] = {"setup": setup} if setup is not None else {}
        store.save(
            self.db,
            self.code,
            status=self.status,
            stage=stage,
            settings=self.settings,
            decision=None if decision is None else decision.to_json(),
            new_game=new_game,
            **extra,
        )
        self.stage = stage
        self._arm()
        self.broadcast()

    # --- sending -----------------------------------------------------------------------------------
    def speaker(self) -> int:
        return DEVICE if self.mode == "single" else int(self.settings.get("speaker") or 0)

    def cue(self, scene: str, values: dict[str, Any] | None = None) -> dict[str, Any]:
        message = cue(scene, self.settings.get("narrator", DEFAULT_NARRATOR), self.rng, values)
        if self.audio_url is not None:
            message["audio"] = self.audio_url(message["narrator"], scene, message["variant"], message["values"])
        return message

    def speech(self, message: dict[str, Any]) -> float:
        """Seconds a timed stage waits at least, so that its cue is spoken before the next one."""
        if self.timings.speech_gap is None:
            return 0.0
        return speech_seconds(message["text"], message["narrator"]) + self.timings.speech_gap

    def speak(self, scene: str | dict[str, Any], values: dict[str, Any] | None = None) -> None:
        message = self.cue(scene, values) if isinstance(scene, str) else scene
        self.stage = {**self.stage, "caption": message["text"]}
        for conn, who in list(self.connections.values()):
            conn.send({**message, "speak": who == self.speaker()})

    def payload(self, who: int) -> dict[str, Any]:
        online = {seat for _, seat in self.connections.values()}
        host = who == DEVICE or who == 0
        stage = {k: self.stage.get(k) for k in ("name", "started", "deadline", "turn", "open", "caption")}
        data: dict[str, Any] = {
            "type": "state",
            "code": self.code,
            "mode": self.mode,
            "status": self.status,
            "now": time.time(),
            "me": {"seat": None if who == DEVICE else who, "host": host, "speaker": who == self.speaker()},
            "seats": [{"name": s["name"], "online": i in online} for i, s in enumerate(self.seats)],
            "settings": {k: self.settings.get(k) for k in ("difficulty", "day_seconds", "narrator", "speaker")},
            "stage": stage,
            "game": None,
            "card": None,
        }
        if self.game is not None:
            shared = who == DEVICE
            seat = self.game.mayor if shared else who
            data["game"] = game_part(self.game, seat, shared, self.stage["name"])
            if shared and self.stage["name"] == st.DEAL and self.stage.get("open"):
                data["card"] = card_for(self.game, self.stage["turn"])
        return data

    def broadcast(self) -> None:
        for conn, who in list(self.connections.values()):
            conn.send(self.payload(who))
