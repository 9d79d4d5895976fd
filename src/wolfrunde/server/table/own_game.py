"""The running game of a table where everyone has his own device: the engine's match, its timer, the
narrator that the speaking device plays, and what each seat was last shown.

Every accepted command is stored (with the new timer) before anything about it is sent. The next step is
held until the narration of what happened has been heard and, after steps of dead or absent roles, a
random pause has passed (`holding`): meanwhile no seat is sent a new state, and decisions are refused.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from wolfrunde.server import sundial
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import EngineFault, IllegalMove, Match, StepChange
from wolfrunde.server.narration_feed import NarrationBatch
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.kind import Handle, RoomServices
from wolfrunde.server.rooms.narration import NarrationPart, RoomNarration, device_cue
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Deadline, Release, Timer
from wolfrunde.server.table.lobby import TableLobby
from wolfrunde.server.table.seat_view import seat_payload
from wolfrunde.server.texts import error_text

log = logging.getLogger(__name__)
Command = tuple[str, int | None, str | None, Any]  # op, seat, kind, canonical choice


class OwnDevicesGame:
    def __init__(self, match: Match, lobby: TableLobby, config: ServerConfig, timer: Timer | None = None) -> None:
        self.match = match
        self.lobby = lobby
        self.config = config
        self.timer = timer
        self.narration = RoomNarration(match, lobby.settings.narrator, config)
        self.holding = False  # the next step waits (pause, narration); its state is not sent yet
        self.shown: dict[int, dict[str, Any]] = {}  # the last state each seat was sent
        self.generation = 0  # bumps whenever the game changes; stale wake-ups are ignored
        self.rng = random.Random()
        self._handles: list[Handle] = []
        self.sundial = sundial.SundialPlanner()  # its handles outlive `_arm`: a mark checks its deadline
        self.room: RoomServices | None = None
        self._refresh: Callable[[], None] = lambda: None

    @classmethod
    def restored(cls, match: Match, lobby: TableLobby, config: ServerConfig, timer: Timer | None) -> OwnDevicesGame:
        """The game after a restart: what was narrated before is not told again, its cues number on."""
        game = cls(match, lobby, config, timer)
        game.narration.tell_events(at=0.0)
        game.holding = timer is not None and timer.release > time.time()
        return game

    # --- life cycle ---------------------------------------------------------------------------------
    def bind(self, room: RoomServices, refresh: Callable[[], None]) -> None:
        """`refresh` sends every device its table and seat, after a change the game makes by itself."""
        self.room = room
        self._refresh = refresh

    @property
    def _services(self) -> RoomServices:
        assert self.room is not None, "the game is not bound to its table yet"
        return self.room

    @property
    def running(self) -> bool:
        return self._services.status is RoomStatus.RUNNING

    def resume(self) -> None:
        """The table's task runs (after a restart): its timers again."""
        if self.running:
            self._arm()
            self._plan_sundial()

    def cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.sundial.cancel()

    # --- commands -----------------------------------------------------------------------------------
    async def begin(self, speaking: int | None) -> None:
        """The cards are dealt: every device shows its card at once; the first call follows the narration."""
        told, silence = await self._commit(StepChange(new_requests=True, skipped_steps=0), None)
        if self.holding:
            self._show_cards(speaking)
        self._tell(told, silence)

    async def decide(self, seat: int, kind: str, choice: Any) -> None:
        """One decision of one seat; raises Refusal (nothing changed) when it is not allowed now."""
        if self.holding:
            raise Refusal("not_now", error_text("narrator_speaks"))
        try:
            change = self.match.decide(seat, kind, choice)
        except IllegalMove as illegal:
            raise Refusal("illegal", str(illegal)) from None
        except EngineFault:
            log.exception("table %s: a rule failed on a decision; it is refused", self._services.code)
            await self._rebuild()
            raise Refusal("internal") from None
        if change.changed:  # the canonical choice is stored, never the raw message
            await self._after_change(change, ("decide", seat, kind, change.choice))

    async def end_discussion(self) -> None:
        if self.match.phase_kind() != "day" or self.holding:
            raise Refusal("not_now")
        await self.timeout(time_up=False)

    async def timeout(self, *, time_up: bool) -> None:
        if not self.match.has_pending():
            return  # nothing is open: a timer has nothing to end
        if time_up and self.match.phase_kind() == "day":
            self._tell(self.narration.say(sundial.END, at=time.time()), 0.0)  # time is up, then the vote
        try:
            change = self.match.timeout()
        except EngineFault:
            log.exception("table %s: a rule failed on a timeout; the game is halted", self._services.code)
            await self._rebuild()
            await self._halt()
            return
        if change.changed:
            await self._after_change(change, ("timeout", None, None, None))
        self._refresh()

    async def _rebuild(self) -> None:
        """After an EngineFault: the game as it was before the failed command (replayed off the loop); the
        narrator goes on where it was."""
        self.match = await self._services.in_thread(self.match.rebuilt)
        self.narration.match = self.match

    async def _halt(self) -> None:
        """Stops a game whose rules failed: no timer runs any more, the devices are told."""
        self.timer, self.holding = None, False
        self.generation += 1
        self.cancel()
        self._services.set_status(RoomStatus.HALTED)
        await self._services.save(status=RoomStatus.HALTED.value, timer=None, ended_at=time.time())
        self._services.broadcast(lambda peer: protocol.error("table_halted"))

    async def _after_change(self, change: StepChange, command: Command) -> None:
        """Stores the command with the new timer, then has the speaker tell what happened."""
        told, silence = await self._commit(change, command)
        self._tell(told, silence)

    async def _commit(self, change: StepChange, command: Command | None) -> tuple[NarrationBatch, float]:
        """Stores the command with the new timer; returns the narration of the change and the silence
        its parts are spread over. The next step is released after the pause that hides absent roles
        and once the narration has been heard."""
        room = self._services
        self.generation += 1
        now = time.time()
        told = await self.narration.changes(now)
        pause = 0.0
        fields: dict[str, Any] = {}
        if self.match.over:
            self.timer, self.holding = None, False
            room.set_status(RoomStatus.ENDED)
            fields.update(status=RoomStatus.ENDED.value, ended_at=now)
        elif change.new_requests or self.timer is None:
            low, high = self.config.pause_seconds
            pause = sum(self.rng.uniform(low, high) for _ in range(change.skipped_steps))
            release = max(now, self.narration.spoken_until) + pause  # nobody is called mid-sentence
            self.timer = Timer(release=release, deadline=release + self._duration())
            self.holding = release > now
        fields["timer"] = None if self.timer is None else self.timer.to_json()
        if command is not None:
            op, seat, kind, choice = command
            await room.store_command(op, seat, kind, choice, **fields)
        else:
            await room.save(**fields)
        self._arm()
        self._plan_sundial()
        return told, pause

    def _duration(self) -> float:
        kind = self.match.phase_kind()
        if kind == "day":
            return float(self.lobby.settings.discussion)
        return float(self.lobby.settings.timers.get(kind, 60))

    # --- timers -------------------------------------------------------------------------------------
    def _arm(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        if self.timer is None or not self.running:
            return
        now = time.time()
        if self.holding:  # the flag, not the clock, decides: a wake-up may come a moment early
            self._handles.append(self._services.later(self.timer.release - now, Release(self.generation)))
        self._handles.append(self._services.later(self.timer.deadline - now, Deadline(self.generation)))

    def _plan_sundial(self) -> None:
        if self.timer is not None and self.match.phase_kind() == "day":
            self.sundial.plan(self.timer, self._services.later)

    async def wake(self, event: object) -> None:
        if isinstance(event, Release):
            if event.generation == self.generation and self.running:
                self.holding = False
                self._refresh()
        elif isinstance(event, Deadline):
            if event.generation == self.generation and self.running:
                await self.timeout(time_up=True)
        elif isinstance(event, NarrationPart):
            if event.generation == self.generation:  # the game moved on: the cues come with the next state
                self._send_to_seats(event.message)
        elif isinstance(event, sundial.SundialMark) and self._sundial_due(event):
            self._tell(self.narration.say(event.scene, at=time.time()), 0.0)

    def _sundial_due(self, mark: sundial.SundialMark) -> bool:
        """The discussion this warning was planned for still runs."""
        return self.running and mark.due(self.timer) and self.match.phase_kind() == "day"

    # --- sending ------------------------------------------------------------------------------------
    def _tell(self, told: NarrationBatch, silence: float) -> None:
        """Sends the cues to every seat (the speaker plays them, the others show captions). A part after a
        step that asked nobody follows after its share of the silence, so the timing hides who is absent."""
        shown = NarrationBatch(parts=[[device_cue(cue) for cue in part] for part in told.parts])
        for delay, message in shown.schedule(silence, self.narration.wait):
            if delay <= 0:
                self._send_to_seats(message)
            else:
                self._services.later(delay, NarrationPart(self.generation, message))

    def _send_to_seats(self, message: dict[str, Any]) -> None:
        self._services.broadcast(lambda peer: message if peer.seat is not None else None)

    def _show_cards(self, speaking: int | None) -> None:
        """At the start every device shows its card at once, without questions or a deadline."""
        for seat in range(len(self.lobby.seats)):
            payload = seat_payload(self.match, seat, [], None, seat == speaking)
            self.shown[seat] = {
                **payload,
                "questions": [],
                "discussion": False,
                "discussion_seconds": self.lobby.settings.discussion,
            }
        self._services.broadcast(
            lambda peer: None if peer.seat is None else {**self.shown[peer.seat], "now": time.time()}
        )

    def seat_message(self, seat: int, *, speaker: bool, arrived: bool) -> dict[str, Any] | None:
        """What this seat's device is sent now: its current state, or, while the next step is held, the
        state it was last shown when it just arrived (else nothing: it still shows that)."""
        if self.holding:
            shown = self.shown.get(seat) if arrived else None
            return None if shown is None else {**shown, "now": time.time()}
        deadline = None if self.timer is None else self.timer.deadline
        payload = seat_payload(self.match, seat, self.narration.recent(), deadline, speaker)
        self.shown[seat] = {**payload, "discussion_seconds": self.lobby.settings.discussion}
        return {**self.shown[seat], "now": time.time()}
