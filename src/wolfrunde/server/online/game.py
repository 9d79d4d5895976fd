"""The running game of an online room: the engine's match, its timer, what each seat was shown, the
narrator, the Sonnenuhr and the lovers' whispering window.

Every accepted command is stored (with the new timer) before anything about it is sent. After night steps
of dead or absent roles the next step is released only after a pause and once the narration has been
heard; until then every seat keeps seeing what it was last shown (`published`), and chat follows that.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wolfrunde.server import sundial
from wolfrunde.server.match import EngineFault, IllegalMove, Match, StepChange
from wolfrunde.server.narration_feed import NarrationBatch
from wolfrunde.server.online import channels, payloads
from wolfrunde.server.online.lobby import DEFAULT_TIMERS, Lobby
from wolfrunde.server.rooms import pacing, protocol
from wolfrunde.server.rooms.kind import Handle, Peer, RoomServices
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Timer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Deadline:
    generation: int


@dataclass(frozen=True)
class Release:
    generation: int


@dataclass(frozen=True)
class NarrationPart:
    generation: int
    message: dict[str, Any]


@dataclass(frozen=True)
class WhisperEnds:
    night: int


@dataclass(frozen=True)
class ChannelsOpened:
    """A seat may read a channel it could not read before: it gets that channel's history."""

    seat: int


Command = tuple[str, int | None, str | None, Any]  # op, seat, kind, canonical choice


class OnlineGame:
    def __init__(self, match: Match, lobby: Lobby, config: Any, timer: Timer | None = None) -> None:
        self.match = match
        self.lobby = lobby
        self.timer = timer
        self.generation = 0  # bumps whenever the game changes; stale wake-ups are ignored
        self.rng = random.Random()
        whisper = lobby.settings.timers.get("lovers", DEFAULT_TIMERS["lovers"])
        self.narration = RoomNarration(match, lobby.settings.narrator, config, whisper)
        self.pause_seconds: tuple[float, float] | None = config.pause_seconds
        self.restart_grace: float = config.restart_grace
        # what every seat was last shown (view, deadline): chat and reconnects follow this, not the
        # engine's newer state, while a pause hides that a dead role's step was skipped
        self.published: dict[int, tuple[dict[str, Any], float | None]] = {}
        self._versions: dict[int, tuple[Any, ...]] = {}
        self._handles: list[Handle] = []
        self._whisper_night: int | None = None
        self._readable: dict[int, frozenset[str]] = {}
        self.sundial = sundial.SundialPlanner()
        self.room: RoomServices | None = None

    # --- life cycle ---------------------------------------------------------------------------------
    def bind(self, room: RoomServices) -> None:
        self.room = room

    def resume(self, *, restarted: bool) -> None:
        """The room's task runs (a new game, or the same one after a restart)."""
        if restarted:
            self.narration.skip_told()  # what was narrated before the restart is not narrated again
            if self.timer is not None:
                self.timer = self.timer.after_restart(time.time(), self.restart_grace)
        if self.timer is None or self.timer.release <= time.time():
            self.publish()  # records what a returning player is shown
        if self._services.status is RoomStatus.RUNNING and self.timer is not None:
            self._arm()
            self._plan_whisper_end()
            self._plan_sundial()

    def cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.sundial.cancel()

    @property
    def _services(self) -> RoomServices:
        assert self.room is not None, "the game is not bound to its room yet"
        return self.room

    # --- commands -----------------------------------------------------------------------------------
    async def begin(self) -> None:
        await self._after_change(StepChange(new_requests=True, skipped_steps=0), command=None)

    async def decide(self, seat: int, kind: str, choice: Any, ack: Peer | None, ref: Any) -> None:
        """One decision of one seat; raises Refusal (nothing changed) when it is not allowed."""
        try:
            change = self.match.decide(seat, kind, choice)
        except IllegalMove as illegal:
            raise protocol.Refusal("illegal", str(illegal)) from None
        except EngineFault:
            log.exception("room %s: a rule failed on a decision; it is refused", self._services.code)
            await self._rebuild()
            raise protocol.Refusal("internal") from None
        if not change.changed:  # nothing happened (a hand raised twice): nothing to store or tell
            if ack is not None:
                ack.send(protocol.ack(ref))
            return
        await self._after_change(change, ("decide", seat, kind, change.choice), ack=ack, ref=ref)

    async def timeout(self) -> None:
        if not self.match.has_pending():
            return  # nothing is open: a timer has nothing to end
        time_up = self.match.phase_kind() == "day"  # the Sonnenuhr ran out: the narrator says so first
        try:
            change = self.match.timeout()
        except EngineFault:
            log.exception("room %s: a rule failed on a timeout; the game is halted", self._services.code)
            await self._rebuild()
            await self._halt()
            return
        if change.changed:
            await self._after_change(change, ("timeout", None, None, None), lead=sundial.END if time_up else None)

    async def _rebuild(self) -> None:
        """After an EngineFault: the game as it was before the failed command (replayed off the loop)."""
        self.match = await self._services.in_thread(self.match.rebuilt)
        self.narration = RoomNarration(
            self.match, self.lobby.settings.narrator, self._services.config, self.narration_whisper
        )
        self.narration.skip_told()

    @property
    def narration_whisper(self) -> int:
        return self.lobby.settings.timers.get("lovers", DEFAULT_TIMERS["lovers"])

    async def _halt(self) -> None:
        """Stops a game whose rules failed: no timer runs any more, the players are told."""
        self.timer = None
        self.generation += 1
        self.cancel()
        self._services.set_status(RoomStatus.HALTED)
        await self._services.save(status=RoomStatus.HALTED.value, timer=None, ended_at=time.time())
        self._services.broadcast(lambda peer: protocol.error("game_halted"))

    async def _after_change(
        self,
        change: StepChange,
        command: Command | None,
        *,
        ack: Peer | None = None,
        ref: Any = None,
        lead: str | None = None,
    ) -> None:
        """Stores the command with the new timer, then acknowledges it and tells everyone what changed.
        The change is paced (`rooms.pacing`): a step closed early still lasts its least duration, every
        step nobody answered lasts a draw of its own, and the next step is shown once all is told.
        `lead` is a scene the narrator says before the change's own cues."""
        room = self._services
        now = time.time()
        spoken_before = self.narration.spoken_until
        told = await self.narration.changes(now, lead)
        self.generation += 1
        closing = self.timer.not_before if self.timer is not None and self.timer.not_before else now
        start = max(now, spoken_before, closing)
        bounds = pacing.step_range(self.lobby.settings.timers.get("night", 45), self.pause_seconds)
        gaps = pacing.draws(self.rng, change.steps - (1 if change.opens_step else 0), bounds)
        timed = pacing.draws(self.rng, 1, bounds)[0] if change.opens_step else None
        plan = pacing.plan(start=start, heard=self.narration.part_seconds(told), gaps=gaps, timed_step=timed)
        fields: dict[str, Any] = {}
        if self.match.over:
            self.timer = None
            room.set_status(RoomStatus.ENDED)
            fields.update(status=RoomStatus.ENDED.value, ended_at=now)
        elif change.new_requests or self.timer is None:
            self.timer = self._next_timer(plan.release, plan.not_before)
        fields["timer"] = None if self.timer is None else self.timer.to_json()
        if command is not None:
            op, seat, kind, choice = command
            await room.store_command(op, seat, kind, choice, **fields)
        else:
            await room.save(**fields)
        if ack is not None and ref is not None:
            ack.send(protocol.ack(ref))
        self.narration.spoken_until = max(spoken_before, plan.release if told.parts else spoken_before)
        self._tell(told, plan.part_times)
        if room.status is RoomStatus.ENDED:
            self.cancel()
            self._publish_at_end(plan.release)
            return
        released_later = self._arm()
        self._plan_sundial()
        if not released_later:
            self.publish()

    def _next_timer(self, release: float, not_before: float | None) -> Timer:
        night = self.match.night_number()
        previous = self.timer
        same_night = night is not None and previous is not None and previous.night == night
        started = previous.night_started if same_night and previous is not None else release
        deadline = release + self._duration()
        return Timer(release, deadline, night=night, night_started=started, not_before=not_before)

    def _publish_at_end(self, told_by: float) -> None:
        """The end screen (every role) comes once the narrator has told the end, not before."""
        delay = told_by - time.time()
        if delay > 0:
            self._handles.append(self._services.later(delay, Release(self.generation)))
        else:
            self.publish()

    def _duration(self) -> float:
        timers = self.lobby.settings.timers
        return float(timers.get(self.match.phase_kind(), 60))

    # --- timers -------------------------------------------------------------------------------------
    def _arm(self) -> bool:
        """Arms the deadline; True when the release is still ahead (a Release will publish)."""
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        if self.timer is None:
            return False
        now = time.time()
        later = self.timer.release > now
        if later:
            self._handles.append(self._services.later(self.timer.release - now, Release(self.generation)))
        self._handles.append(self._services.later(self.timer.deadline - now, Deadline(self.generation)))
        return later

    def _plan_sundial(self) -> None:
        if self.timer is not None and self.match.phase_kind() == "day":
            self.sundial.plan(self.timer, self._services.later)

    def _plan_whisper_end(self) -> None:
        """From night 2 the lovers may whisper for the first seconds of each night; when that window
        closes they get their game again, with the lovers' channel no longer writable."""
        timer = self.timer
        if timer is None or timer.night is None or timer.night_started is None or timer.night < 2:
            return
        if self._whisper_night == timer.night:
            return
        closes = timer.night_started + self.narration_whisper
        delay = closes - time.time()
        if delay <= 0:
            return
        self._whisper_night = timer.night
        self._services.later(delay + 0.05, WhisperEnds(timer.night))

    async def wake(self, event: object) -> None:
        room = self._services
        running = room.status is RoomStatus.RUNNING
        if isinstance(event, Deadline):
            if event.generation == self.generation and running:
                await self.timeout()
        elif isinstance(event, Release):
            if event.generation == self.generation and (running or room.status is RoomStatus.ENDED):
                self.publish()
        elif isinstance(event, NarrationPart):
            if event.generation == self.generation:  # the game moved on meanwhile: that part is out of date
                room.broadcast(_to_seated(event.message))
        elif isinstance(event, WhisperEnds):
            if running and self.timer is not None and self.timer.night == event.night:
                self._resend_lovers()
        elif isinstance(event, sundial.SundialMark) and self._sundial_due(event):
            self._tell(self.narration.say(event.scene, at=time.time()))

    def _sundial_due(self, mark: sundial.SundialMark) -> bool:
        """The discussion this warning was planned for still runs."""
        running = self._services.status is RoomStatus.RUNNING
        return running and mark.due(self.timer) and self.match.phase_kind() == "day"

    def _resend_lovers(self) -> None:
        for peer in self._services.peers():
            seat = peer.seat
            message = self.game_message(seat)
            if seat is not None and message is not None and self.view_of(seat)["you"].get("lover") is not None:
                peer.send(message)

    # --- sending ------------------------------------------------------------------------------------
    def _tell(self, told: NarrationBatch, times: tuple[float, ...] = ()) -> None:
        """Every seated player's device plays the narration, each part at its planned time (a part after
        a step nobody answered comes after that step's draw, so the timing tells nobody who is in play)."""
        now = time.time()
        for index, part in enumerate(told.parts):
            message = {"type": "narration", "cues": part}
            delay = (times[index] if index < len(times) else now) - now
            if delay <= 0.001:
                self._services.broadcast(_to_seated(message))
            else:
                self._services.later(delay, NarrationPart(self.generation, message))

    def publish(self) -> None:
        """Makes the engine's current state the one every seat sees, and sends what changed."""
        changed: set[int] = set()
        for seat in range(self.match.seats):
            deadline = self._deadline_for(seat)
            version = (self.match.view_version(seat), deadline)
            if self._versions.get(seat) != version or seat not in self.published:
                self.published[seat] = (self.match.view(seat), deadline)
                self._versions[seat] = version
                changed.add(seat)
        self._services.broadcast(lambda peer: self.game_message(peer.seat) if peer.seat in changed else None)
        for seat in changed:
            readable = frozenset(self.channels_for(seat))
            if seat in self._readable and readable - self._readable[seat]:
                self._services.later(0.0, ChannelsOpened(seat))
            self._readable[seat] = readable
        self._plan_whisper_end()

    def _deadline_for(self, seat: int) -> float | None:
        """A seat sees the deadline of its own open requests only: a timer that moved for someone else's
        secret question (the Urwolf's, the Magd's) must not show on anyone else's screen."""
        if self.timer is None or not self.match.asked(seat):
            return None
        return self.timer.deadline

    def view_of(self, seat: int) -> dict[str, Any]:
        """The view this seat was last shown (the current one before anything was published)."""
        shown = self.published.get(seat)
        return shown[0] if shown is not None else self.match.view(seat)

    def chat_since(self, seat: int) -> dict[str, int]:
        """Channels this seat reads only from a round on: the wolves' from its first night in the pack."""
        joined = channels.pack_since(self.view_of(seat))
        return {} if joined is None or self.match.over else {"wolves": joined}

    def channels_for(self, seat: int) -> dict[str, bool]:
        timer = None if self.timer is None else self.timer.to_json()
        return channels.for_seat(self.view_of(seat), timer, self.lobby.settings.timers, time.time())

    def game_message(self, seat: int | None) -> dict[str, Any] | None:
        if seat is None:
            return None
        shown = self.published.get(seat)
        if shown is None:
            shown = (self.match.view(seat), self._deadline_for(seat))
        view, deadline = shown
        return payloads.game(seat, view, deadline, self.channels_for(seat))


def _to_seated(message: dict[str, Any]) -> Callable[[Peer], dict[str, Any] | None]:
    """Online every seated player's device plays the narration (bots and spectators get none)."""
    return lambda peer: message if peer.seat is not None and not peer.extra.get("bot") else None
