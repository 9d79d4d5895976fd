"""A Werwolf game shown to several devices as it happens: the part of the room core that online rooms and
tables with own devices share.

It holds the engine's match, the step's timer, the narrator and what each seat was last shown. Every
accepted command is stored (with the new timer) before anything about it is sent. What a seat is sent,
and when, never depends on what it may not know:

- a seat is sent its view only when something it may see changed (`Match.view_version`); an answer that
  closes nothing new at night is acknowledged without a view;
- the night is shown boundary by boundary: each step's effects reach the seats when the narrator ends
  that step, answered or not, and every step lasts at least its draw (`rooms.pacing`);
- a seat sees the deadline of its own questions only;
- nobody can answer a question before it is shown.

A kind subclasses it for its payloads (`payload`), its timers (`duration`) and who hears the narrator.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from wolfrunde.server import sundial
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import EngineFault, IllegalMove, Match, Snapshot, StepChange
from wolfrunde.server.narration_feed import NarrationBatch
from wolfrunde.server.rooms import pacing, protocol
from wolfrunde.server.rooms.kind import Handle, Peer, RoomServices
from wolfrunde.server.rooms.narration import NarrationPart, RoomNarration
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Deadline, Release, Timer
from wolfrunde.server.texts import error_text
from wolfrunde.store.rooms import Command

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shown:
    """What a seat was last sent: its view, its secret events, the deadline of its own questions."""

    view: dict[str, Any]
    private: list[dict[str, Any]]
    deadline: float | None


@dataclass(frozen=True)
class Boundary:
    """The night reached a boundary the players are shown now (a step ended, told by the narrator)."""

    generation: int
    snapshot: Snapshot


class PacedGame:
    halted_code = "game_halted"  # the error every device gets when the game's rules failed

    def __init__(
        self,
        match: Match,
        narrator_id: str,
        config: ServerConfig,
        timer: Timer | None = None,
        whisper_seconds: int | None = None,
    ) -> None:
        self.match = match
        self.config = config
        self.timer = timer
        self.generation = 0  # bumps whenever the game changes; stale wake-ups are ignored
        self.rng = random.Random()
        self.narration = RoomNarration(match, narrator_id, config, whisper_seconds)
        self.published: dict[int, Shown] = {}
        self.end_shown = False  # the end of the game was published (it waits for the narrator first)
        self._versions: dict[int, tuple[Any, ...]] = {}
        self._handles: list[Handle] = []
        self.sundial = sundial.SundialPlanner()
        self.room: RoomServices | None = None
        self._holding = timer is not None and timer.release > time.time()
        self._parts_due = 0  # narration parts of this generation still to be sent
        self._release_due = False  # the release came while parts were due: the last part releases

    # --- what a kind says -----------------------------------------------------------------------------
    def payload(self, seat: int, shown: Shown) -> dict[str, Any]:
        raise NotImplementedError

    def duration(self) -> float:
        """Seconds of the timer of the step now open."""
        raise NotImplementedError

    def night_seconds(self) -> float:
        """The host's timer of a night step (the least durations of steps are drawn from it)."""
        raise NotImplementedError

    def hears_narration(self, peer: Peer) -> bool:
        return peer.seat is not None and not peer.extra.get("bot")

    def published_to(self, changed: set[int]) -> None:
        """These seats were just sent a new view."""

    def sundial_scene_told(self) -> None:
        """A Sonnenuhr warning was told (a kind that shows captions refreshes them)."""

    # --- life cycle ---------------------------------------------------------------------------------
    def bind(self, room: RoomServices) -> None:
        self.room = room
        self._watch(self.match)

    def _watch(self, match: Match) -> None:
        """The night is shown boundary by boundary; a boundary skips the view of a seat whose version is
        the one it is shown already (`_publish_snapshot` would not send it)."""
        match.watching = True
        match.shown = lambda seat, version: self._versions.get(seat) == (version, None)

    @property
    def services(self) -> RoomServices:
        assert self.room is not None, "the game is not bound to its room yet"
        return self.room

    @property
    def running(self) -> bool:
        return self.services.status is RoomStatus.RUNNING

    def resume(self, *, restarted: bool) -> None:
        """The room's task runs (a new game, or the same one after a restart: what was narrated before is
        not told again, and an open step gets the restart grace so players can come back)."""
        if restarted:
            self.narration.tell_events(at=0.0)  # told before the restart: not again, and cues number on
            if self.timer is None and self.running and self.match.has_pending():
                self.timer = self._next_timer(time.time(), None)  # stored before its timer: the step starts now
            if self.timer is not None:
                self.timer = self.timer.after_restart(time.time(), self.config.restart_grace)
        if self.timer is None or self.timer.release <= time.time():
            self.publish()
        if self.running and self.timer is not None:
            self._arm()
            self._plan_sundial()

    def cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.sundial.cancel()

    @property
    def holding(self) -> bool:
        """The next step is not shown yet (its narration is still told). The flag, not the clock, decides:
        a wake-up may come a moment before its time."""
        return self._holding

    # --- commands -----------------------------------------------------------------------------------
    async def begin(self) -> None:
        await self._after_change(self.match.begin(), None)

    async def decide(self, seat: int, kind: str, choice: Any, ack: Peer | None = None, ref: Any = None) -> None:
        """One decision of one seat; raises Refusal (nothing changed) when it is not allowed now."""
        # Only a seat the coming step asks is told to wait: any other gets the refusal it gets between
        # holds, so probing cannot tell a pause that hides an absent role from a step somebody answers.
        if self.holding and not self.match.is_move(kind) and self.match.asks(seat, kind):
            raise protocol.Refusal("not_now", error_text("narrator_speaks"))
        try:
            change = self.match.decide(seat, kind, choice)
        except IllegalMove as illegal:
            raise protocol.Refusal("illegal", str(illegal)) from None
        except EngineFault:
            log.exception("room %s: a rule failed on a decision; it is refused", self.services.code)
            await self._rebuild()
            raise protocol.Refusal("internal") from None
        if not change.changed:  # nothing happened (a hand raised twice): nothing to store or tell
            if ack is not None and ref is not None:
                ack.send(protocol.ack(ref))
                ack.flush()
            return
        await self._after_change(change, Command("decide", seat, kind, change.choice), ack=ack, ref=ref)

    async def timeout(self, *, time_up: bool = True) -> None:
        """The open step's timer ran out (or the host ended the discussion: `time_up` False)."""
        if not self.match.has_pending():
            return  # nothing is open: a timer has nothing to end
        said = time_up and self.match.phase_kind() == "day"  # the Sonnenuhr ran out: the narrator says so
        try:
            change = self.match.timeout()
        except EngineFault:
            log.exception("room %s: a rule failed on a timeout; the game is halted", self.services.code)
            await self._rebuild()
            await self._halt()
            return
        if change.changed:
            await self._after_change(change, Command("timeout"), lead=sundial.END if said else None)

    async def _rebuild(self) -> None:
        """After an EngineFault: the game as it was before the failed command (replayed off the loop); the
        narrator goes on where it was."""
        self.match = await self.services.in_thread(self.match.rebuilt)
        self._watch(self.match)
        self.narration.match = self.match

    async def _halt(self) -> None:
        """Stops a game whose rules failed: no timer runs any more, every device is told."""
        self.timer = None
        self._next_generation()
        self.cancel()
        self.services.set_status(RoomStatus.HALTED)
        await self.services.save(status=RoomStatus.HALTED.value, timer=None, ended_at=time.time())
        self.services.broadcast(lambda peer: protocol.error(self.halted_code))

    async def _after_change(
        self,
        change: StepChange,
        command: Command | None,
        *,
        ack: Peer | None = None,
        ref: Any = None,
        lead: str | None = None,
    ) -> None:
        """Stores the command with the new timer, acknowledges it, and tells everyone what changed, paced:
        a step closed early still lasts its least duration, each step nobody answered lasts a draw of its
        own, the boundaries are shown as the narrator reaches them, the next step once all is told.

        When the narration's audio is still to be made, the command is stored and acknowledged first and
        its timer stored once the audio's length is known: the sender does not wait for the voice (a
        restart in between gives the open step a new timer, `resume`)."""
        room = self.services
        spoken_before = self.narration.spoken_until
        parts = self.narration.upcoming(lead)
        acked = False
        if command is not None and ack is not None and ref is not None and not self.narration.ready(parts):
            ended: dict[str, Any] = (
                {"status": RoomStatus.ENDED.value, "ended_at": time.time()} if self.match.over else {}
            )
            await room.store_command(command, timer=None, **ended)
            ack.send(protocol.ack(ref))
            ack.flush()
            acked = True
        told = await self.narration.tell(parts, time.time())
        now = time.time()  # the narration is told from when it is sent, however long making it took
        self._next_generation()
        follow_up = self._follow_up(change)
        closing = self.timer.not_before if self.timer is not None and self.timer.not_before else now
        start = max(now, spoken_before, now if follow_up is not None else closing)
        bounds = pacing.step_range(self.night_seconds(), self.config.pause_seconds)
        gaps = pacing.draws(self.rng, change.steps - (1 if change.opens_step else 0), bounds)
        timed = pacing.draws(self.rng, 1, bounds)[0] if change.opens_step else None
        heard = self.narration.part_seconds(told)
        plan = pacing.plan(
            start=start,
            heard=heard,
            gaps=gaps,
            timed_step=timed,
            boundaries=tuple(snapshot.calls for snapshot in change.boundaries),
            first_at_start=command is None,  # the game's start: every device shows its card at once
        )
        fields: dict[str, Any] = {}
        if self.match.over:
            self.timer = None
            room.set_status(RoomStatus.ENDED)
            fields.update(status=RoomStatus.ENDED.value, ended_at=now)
        elif follow_up is not None:
            deadline = pacing.follow_up_deadline(plan.release, follow_up.not_before or plan.release)
            self.timer = replace(follow_up, release=plan.release, deadline=deadline)
        elif change.new_requests or self.timer is None:
            self.timer = self._next_timer(plan.release, plan.not_before)
        fields["timer"] = None if self.timer is None else self.timer.to_json()
        if command is not None and not acked:
            await room.store_command(command, **fields)
            if ack is not None and ref is not None:
                ack.send(protocol.ack(ref))
                await self._acknowledged(ack)
        else:
            await room.save(**fields)
        self.narration.spoken_until = max(spoken_before, plan.release if told.parts else spoken_before)
        self._tell(told, plan.part_times)
        for snapshot, when in zip(change.boundaries, plan.boundary_times, strict=True):
            at = min(when, plan.release)  # never after the step that follows is shown
            if at <= time.time() + 0.001:
                self._publish_snapshot(snapshot)
            else:
                room.later(at - time.time(), Boundary(self.generation, snapshot))
        if room.status is RoomStatus.ENDED:
            self.cancel()
            self._release_at(plan.release)  # the end screen once the narrator has told the end
            return
        released_later = self._arm()
        self._plan_sundial()
        if released_later:
            self._holding = True
        elif change.new_requests:
            self._holding = True
            self._release()  # due now, or with the last part still to be sent
        else:
            self._holding = False
            self.publish()  # nothing new is called: parts still to come may follow the view

    @staticmethod
    async def _acknowledged(sender: Peer) -> None:
        """The `ack` goes out now, and the rooms whose commands were stored with this one send theirs before
        any of them tells everyone what changed: a sender waits for the store, not for the fan-out of the
        rooms ahead of it in the batch. Its timing then owes nothing to how many seats this change shows
        something to. Nothing else of this room runs meanwhile (its task handles one command at a time)."""
        sender.flush()
        await asyncio.sleep(0)

    def _next_generation(self) -> None:
        self.generation += 1
        self._parts_due, self._release_due = 0, False

    def _release(self) -> None:
        """Shows the next step (or the end), once every part of the narration before it has been sent:
        timers due at the same moment may fire in any order, and nobody is shown a call (or the end)
        before the line that leads to it."""
        if self._parts_due:
            self._release_due = True
            return
        self._holding = False
        self.publish()

    def _follow_up(self, change: StepChange) -> Timer | None:
        """The open step's timer when this change asks it again (the Urwolf after the pack's choice) in a
        step whose draw is still running: the second questions come at once and end with the draw."""
        timer = self.timer
        if self.config.pause_seconds is not None or timer is None or timer.not_before is None:
            return None
        if not change.new_requests or change.opens_step or change.steps or not self.match.step_may_ask_again():
            return None
        return timer

    def _next_timer(self, release: float, not_before: float | None) -> Timer:
        night = self.match.night_number()
        previous = self.timer
        same_night = night is not None and previous is not None and previous.night == night
        started = previous.night_started if same_night and previous is not None else release
        configured = self.config.pause_seconds is not None
        asks_again = not_before is not None and self.match.step_may_ask_again()
        deadline = pacing.deadline_of(release, self.duration(), not_before, configured, asks_again=asks_again)
        return Timer(release, deadline, night=night, night_started=started, not_before=not_before)

    def _release_at(self, at: float) -> None:
        delay = at - time.time()
        if delay > 0:
            self._handles.append(self.services.later(delay, Release(self.generation)))
        else:
            self._release()

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
            self._handles.append(self.services.later(self.timer.release - now, Release(self.generation)))
        self._handles.append(self.services.later(self.timer.deadline - now, Deadline(self.generation)))
        return later

    def _plan_sundial(self) -> None:
        if self.timer is not None and self.match.phase_kind() == "day":
            self.sundial.plan(self.timer, self.services.later)

    async def wake(self, event: object) -> bool:
        """Handles the game's own wake-ups; False for any other event."""
        ended = self.services.status is RoomStatus.ENDED
        if isinstance(event, Deadline):
            if event.generation == self.generation and self.running:
                await self.timeout()
        elif isinstance(event, Release):
            if event.generation == self.generation and (self.running or ended):
                self._release()
        elif isinstance(event, Boundary):
            if event.generation == self.generation and self.holding:  # not once the next step is shown
                self._publish_snapshot(event.snapshot)
        elif isinstance(event, NarrationPart):
            if event.generation == self.generation:  # the game moved on meanwhile: that part is out of date
                self._narrate(event.message)
                self._parts_due -= 1
                if not self._parts_due and self._release_due:
                    self._release()
        elif isinstance(event, sundial.SundialMark):
            if self.running and event.due(self.timer) and self.match.phase_kind() == "day":
                self._tell(self.narration.say(event.scene, at=time.time()))
                self.sundial_scene_told()
        else:
            return False
        return True

    # --- sending ------------------------------------------------------------------------------------
    def _tell(self, told: NarrationBatch, times: tuple[float, ...] = ()) -> None:
        """Every device that hears the narrator gets each part at its planned time (a part after a step
        nobody answered comes after that step's draw, so the timing tells nobody who is in play)."""
        now = time.time()
        for index, part in enumerate(told.parts):
            message = {"type": "narration", "cues": part}
            at = times[index] if index < len(times) else now
            if at - now <= 0.001:
                self._narrate(message)
            else:
                self._parts_due += 1
                self.services.later(at - now, NarrationPart(self.generation, message))

    def _narrate(self, message: dict[str, Any]) -> None:
        self.narration.mark_sent(message["cues"])
        self.services.broadcast(lambda peer: message if self.hears_narration(peer) else None)

    def publish(self) -> None:
        """Makes the engine's current state the one every seat sees, and sends what changed."""
        changed: set[int] = set()
        self.end_shown = self.match.over
        deadlines = self._deadlines()
        for seat, seat_version in enumerate(self.match.view_versions()):
            deadline = deadlines.get(seat)
            version = (seat_version, deadline)
            if self._versions.get(seat) != version or seat not in self.published:
                quietly = self._only_answered(self._versions.get(seat), version)
                self.published[seat] = Shown(self.match.view(seat), self.match.private_events(seat), deadline)
                self._versions[seat] = version
                if not quietly:
                    changed.add(seat)
        self._send(changed)

    def _publish_snapshot(self, snapshot: Snapshot) -> None:
        """Shows every seat the night as it was at a boundary (nobody is asked anything there)."""
        changed: set[int] = set()
        for seat, (version, view, private) in snapshot.seats.items():
            if self._versions.get(seat) != (version, None):
                if view is None or private is None:  # never: only views of versions shown by then are left out
                    raise RuntimeError(f"room {self.services.code}: seat {seat}'s boundary view was not taken")
                self.published[seat] = Shown(view, private, None)
                self._versions[seat] = (version, None)
                changed.add(seat)
        self._send(changed)

    def _send(self, changed: set[int]) -> None:
        self.services.broadcast(lambda peer: self.message_for(peer) if peer.seat in changed else None)
        self.published_to(changed)

    def message_for(self, peer: Peer) -> dict[str, Any] | None:
        """The payload of the peer's seat as it was last published (None: not seated)."""
        seat = peer.seat
        if seat is None:
            return None
        return self.payload(seat, self.shown(seat))

    def shown(self, seat: int) -> Shown:
        """What this seat was last shown (the current state before anything was published)."""
        shown = self.published.get(seat)
        if shown is None:
            shown = Shown(self.match.view(seat), self.match.private_events(seat), self._deadlines().get(seat))
        return shown

    def _only_answered(self, before: tuple[Any, ...] | None, after: tuple[Any, ...]) -> bool:
        """At night, a seat that answered and learnt nothing new is not sent its view at once: whether its
        answer closed the step (then the step's end follows later) or someone else still acts (the Mädchen
        while the wolves choose) must not show in its stream. The `ack` already told it the answer arrived;
        a reconnect gets the new view."""
        if before is None or self.match.phase_kind() != "night":
            return False
        (old, _old_deadline), (new, new_deadline) = before, after
        answered = set(new[4]) < set(old[4]) and new_deadline is None
        return answered and old[:4] == new[:4] and old[5:] == new[5:]

    def _deadlines(self) -> dict[int, float]:
        """The deadline each seat sees, by seat: a seat sees the deadline of its own open requests (and of
        a ballot it may still change) only: a timer that moved for someone else's secret question (the
        Urwolf's, the Magd's) must not show on anyone else's screen."""
        if self.timer is None:
            return {}
        return dict.fromkeys(self.match.asked_seats(), self.timer.deadline)
