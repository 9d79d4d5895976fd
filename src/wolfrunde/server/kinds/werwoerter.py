"""Werwörter (seed 003): a guest round on one device (`single`, the Bürgermeister's, acts for every seat)
or on everyone's own device (`devices`, seat 0 is the host).

The engine (`wolfrunde.werwoerter`) plays; the round stretches its night into the called stages of the
seed and times the day, the pointing, the talk and the vote (`werwoerter_app.stages`). Every accepted
decision is stored with the stage it leads to before anything about it is sent; a stage's deadline is a
wake-up of the room (`Deadline`), and one from an older stage is ignored. A device is known by its guest
token (`?token=`); what it is sent is built from its own seat's view (`werwoerter_app.payloads`).
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any, ClassVar, cast

from starlette.websockets import WebSocket

from wolfrunde.narration.template import spoken_duration
from wolfrunde.server import sundial
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.rooms import protocol
from wolfrunde.server.rooms.kind import BoundKind, HaltedOnLoad, Handle, Identity, Peer
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.rooms.timer import Deadline
from wolfrunde.server.texts import error_text
from wolfrunde.server.werwoerter_app import messages as m
from wolfrunde.server.werwoerter_app import payloads
from wolfrunde.server.werwoerter_app.audio import SpokenQueue, audio_urls, speech_seconds
from wolfrunde.server.werwoerter_app.cues import cue, scenes_for_events
from wolfrunde.server.werwoerter_app.guests import new_token, token_hash
from wolfrunde.server.werwoerter_app.payloads import DEVICE
from wolfrunde.server.werwoerter_app.stages import (
    CUES,
    Stage,
    StageRecord,
    duration,
    for_engine_phase,
    next_night_stage,
)
from wolfrunde.server.werwoerter_app.state import Mode, RoundState, Seat, Settings, settings_problem
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.server.werwoerter_app.voices_ready import VoiceScript
from wolfrunde.store.rooms import Command, StoredCommand, StoredRoom
from wolfrunde.werwoerter import Decision, Game, IllegalMove, Kind, Phase, Setup
from wolfrunde.werwoerter.events import Event
from wolfrunde.werwoerter.roles import MAX_PLAYERS, MIN_PLAYERS, werewolf_count

RESTARTING = {"ending_started", "vote_started", "game_ended"}
OVERTAKING = RESTARTING | {"whoops"}  # after these, lines not spoken yet are no longer true
VOICES_LOOK = 0.5  # seconds between two looks at the clips being made
"""Events after which the stage the engine's phase leads to begins anew (its timer too)."""

KINDS_BY_STAGE: dict[Stage, frozenset[Kind]] = {
    Stage.MAYOR: frozenset({Kind.CHOOSE_WORD}),
    Stage.DAY: frozenset({Kind.ANSWER, Kind.WAY_OFF, Kind.CORRECT, Kind.MARKERS_OUT}),
    Stage.POINTING: frozenset({Kind.POINT, Kind.WHOOPS}),
    Stage.POINT_NOW: frozenset({Kind.POINT, Kind.WHOOPS}),
    Stage.TALK: frozenset({Kind.END_TALK, Kind.WHOOPS}),
    Stage.VOTE: frozenset({Kind.VOTE, Kind.WHOOPS}),
    Stage.OVER: frozenset({Kind.WHOOPS}),
}
"""The decisions a device may send at each stage."""


DAY_MARKS = {sundial.HALF: "ww_time_half", sundial.LAST_MINUTE: "ww_time_last_minute"}
"""The day's warnings, at the Sonnenuhr's times, in Werwörter's words."""


@dataclass(frozen=True)
class VoicesTick:
    """Look again how far the clips have come (while they are made)."""


class WerwoerterRoom(BoundKind):
    kind_id: ClassVar[str] = "werwoerter"
    schema: ClassVar[protocol.Schema] = m.SCHEMA
    message_rate: ClassVar[tuple[float, float]] = (8.0, 30.0)
    timings: ClassVar[Timings | None] = None  # None: from the server's config (`Timings.for_config`)

    def __init__(self, state: RoundState, config: ServerConfig, game: Game | None = None) -> None:
        self.state = state
        self.config = config
        self.game = game
        self.halted_on_load = False
        self.times = type(self).timings or Timings.for_config(config)
        self.rng = random.Random()
        self.audio_url = audio_urls(config)
        self.generation = 0  # bumps whenever the stage's timers are armed anew; older wake-ups are ignored
        self.handles: list[Handle] = []
        self.voices: VoiceScript | None = None  # the clips of this round, made before its night
        self.voices_told = (-1, -1)  # the progress the devices were last sent
        self.spoken = SpokenQueue()  # what the speaking device is still saying

    @classmethod
    def with_timings(cls, timings: Timings) -> type[WerwoerterRoom]:
        """The kind with other stage lengths (tests)."""
        return cast("type[WerwoerterRoom]", type(f"{cls.__name__}Timed", (cls,), {"timings": timings}))

    # --- creation and restore -----------------------------------------------------------------------
    @classmethod
    def create(
        cls, mode: Mode, names: list[str], settings: Settings, config: ServerConfig
    ) -> tuple[WerwoerterRoom, str]:
        """A new round and its creator's guest token. `single`: every name, dealt at once; `devices`: the
        host alone."""
        token = new_token()
        if mode is Mode.SINGLE:
            state = RoundState(mode, [Seat(name) for name in names], replace(settings, device=token_hash(token)))
        else:
            state = RoundState(mode, [Seat(names[0], token_hash(token))], settings)
        room = cls(state, config)
        if mode is Mode.SINGLE:
            room.game = Game(room._setup(last_mayor=None))
            room.state.stage = room._enter(Stage.DEAL, room.game, turn=0, open=False)
        return room, token

    @classmethod
    def load(cls, record: StoredRoom, commands: list[StoredCommand], config: ServerConfig) -> WerwoerterRoom:
        room = cls(RoundState.from_json(record.state), config)
        decided = [c.payload for c in commands if c.op == "decide"]
        room.game = room.stored_game(
            record, lambda setup: Game.replay(Setup.from_json(setup), [Decision.from_json(d) for d in decided])
        )
        return room

    @staticmethod
    async def identify(websocket: WebSocket) -> Identity | Refusal:
        token = websocket.query_params.get("token", "")
        if not token or len(token) > 200:
            return Refusal("unknown_guest")
        return Identity(token_hash=token_hash(token))

    @staticmethod
    def summarize(record: StoredRoom) -> dict[str, Any]:
        """The public facts of a stored round, without loading its game."""
        return {"mode": record.state.get("mode"), "players": len(record.state.get("seats", []))}

    # --- the room's hooks ---------------------------------------------------------------------------

    def start(self) -> None:
        room = self._room
        if self.halted_on_load and room.status in (RoomStatus.RUNNING, RoomStatus.ENDED):
            room.set_status(RoomStatus.HALTED)
            room.later(0.0, HaltedOnLoad())
        elif room.status is RoomStatus.RUNNING:
            self._arm()
        self._prepare_voices()

    def stopped(self) -> None:
        self._disarm()

    def summary(self) -> dict[str, Any]:
        return {"mode": self.state.mode.value, "players": len(self.state.seats)}

    async def attach(self, peer: Peer) -> None:
        who = self._identify(peer.identity.token_hash)
        if who is None:
            raise Refusal("unknown_guest")
        peer.extra["who"] = who
        peer.device = who == DEVICE
        peer.seat = None if who == DEVICE else who
        peer.host = self._is_host(who)
        self._broadcast()
        if self._room.status is RoomStatus.HALTED:
            peer.send(protocol.error("game_halted"))

    async def detach(self, peer: Peer) -> None:
        self._broadcast()

    async def wake(self, event: object) -> None:
        room = self._room
        if isinstance(event, Deadline):
            if event.generation == self.generation and room.status is RoomStatus.RUNNING:
                await self._deadline_reached()
        elif isinstance(event, sundial.SundialMark):
            if event.deadline == self.state.stage.deadline:
                self._speak(event.scene)
        elif isinstance(event, VoicesTick):
            self._watch_voices()
        elif isinstance(event, HaltedOnLoad):
            await room.save(status=RoomStatus.HALTED.value, ended_at=time.time())

    async def handle(self, peer: Peer, message: protocol.Message) -> None:
        who = self._who(peer)
        if who is None:
            raise Refusal("unknown_guest")
        if isinstance(message, m.Decide):
            await self._decide(who, message)
        elif isinstance(message, m.Votes):
            await self._votes(who, message)
        elif isinstance(message, m.Nobody):
            await self._nobody(who)
        elif isinstance(message, m.Reveal):
            await self._reveal()
        elif isinstance(message, m.Next):
            await self._next()
        elif isinstance(message, m.Play):
            await self._play(who)
        elif isinstance(message, m.ChangeSettings):
            await self._settings(who, message)
        elif isinstance(message, m.Start):
            await self._start(who)
        elif isinstance(message, m.Again):
            await self._again(who)
        elif isinstance(message, m.Remove):
            await self._remove(who, message.seat)
        else:
            raise Refusal("unknown_type", kind=type(message).__name__)
        if message.ref is not None:
            peer.send(protocol.ack(message.ref))

    # --- who is who ---------------------------------------------------------------------------------
    def _identify(self, hashed: str | None) -> int | None:
        if hashed is None:
            return None
        if self.state.single:
            return DEVICE if hashed == self.state.settings.device else None
        return next((seat for seat, entry in enumerate(self.state.seats) if entry.token == hashed), None)

    @staticmethod
    def _who(peer: Peer) -> int | None:
        """The peer's seat, DEVICE for the one device, None before it was identified."""
        who = peer.extra.get("who")
        return who if isinstance(who, int) else None

    def _is_host(self, who: int) -> bool:
        return who in (DEVICE, 0)

    def _speaker(self) -> int:
        return DEVICE if self.state.single else self.state.settings.speaker

    # --- lobby and dealing --------------------------------------------------------------------------
    async def join(self, name: str, hashed_token: str) -> int:
        """A guest takes the next seat (own devices, while the round waits); raises Refusal otherwise."""
        room = self._room
        if self.state.mode is not Mode.DEVICES or room.status is not RoomStatus.LOBBY:
            raise Refusal("ww_closed")
        if len(self.state.seats) >= MAX_PLAYERS:
            raise Refusal("table_full", limit=MAX_PLAYERS)
        if name.casefold() in {seat.name.casefold() for seat in self.state.seats}:
            raise Refusal("name_taken")
        state = replace(self.state, seats=[*self.state.seats, Seat(name, hashed_token)])
        await room.save(state=state.to_json())
        self.state = state
        self._broadcast()
        return len(state.seats) - 1

    async def _remove(self, who: int, seat: int) -> None:
        """The host takes a guest off the round (own devices, lobby); later seats move up by one."""
        room = self._room
        if not self._is_host(who):
            raise Refusal("not_host")
        if self.state.mode is not Mode.DEVICES or room.status is not RoomStatus.LOBBY:
            raise Refusal("lobby_closed")
        if not 0 < seat < len(self.state.seats):
            raise Refusal("no_such_seat")
        seats = [entry for index, entry in enumerate(self.state.seats) if index != seat]
        speaker = self.state.settings.speaker
        speaker = 0 if speaker == seat else speaker - (speaker > seat)
        state = replace(self.state, seats=seats, settings=replace(self.state.settings, speaker=speaker))
        await room.save(state=state.to_json())
        self.state = state
        for peer in room.peers():
            place = self._who(peer)
            if place == seat:  # told, then let go: its token is void now
                peer.send({"type": "removed", "message": error_text("removed")})
                room.remove_peer(peer)
            elif place is not None and place > seat:
                peer.extra["who"] = peer.seat = place - 1
        self._broadcast()

    async def _settings(self, who: int, message: m.ChangeSettings) -> None:
        if not self._is_host(who):
            raise Refusal("not_host")
        if self._room.status is RoomStatus.RUNNING:
            raise Refusal("lobby_closed")
        current = self.state.settings
        given = message.model_fields_set
        wanted = {
            name: getattr(message, name) if name in given else getattr(current, name)
            for name in ("difficulty", "day_seconds", "narrator", "speaker")
        }
        problem = settings_problem(seats=len(self.state.seats), **wanted)
        if problem is not None:
            raise Refusal("bad_settings", problem)
        state = replace(self.state, settings=replace(current, **wanted))
        await self._room.save(state=state.to_json())
        self.state = state
        self._prepare_voices()
        self._broadcast()

    async def _start(self, who: int) -> None:
        if not self._is_host(who):
            raise Refusal("not_host")
        if self._room.status not in (RoomStatus.LOBBY, RoomStatus.HALTED):
            raise Refusal("lobby_closed")
        if len(self.state.seats) < MIN_PLAYERS:
            raise Refusal("cannot_start", f"Werwörter braucht mindestens {MIN_PLAYERS} Spieler.")
        self._voices_gate()
        await self._new_game(last_mayor=None)

    async def _again(self, who: int) -> None:
        game = self.game
        halted = self._room.status is RoomStatus.HALTED
        if not halted and (game is None or not game.is_over):
            raise Refusal("not_ended")
        if not (self._is_host(who) or (game is not None and who == game.mayor)):
            raise Refusal("ww_again_host")
        await self._new_game(last_mayor=None if game is None or halted else game.mayor)

    def _setup(self, last_mayor: int | None) -> Setup:
        settings = self.state.settings
        return Setup(
            players=tuple(seat.name for seat in self.state.seats),
            seed=secrets.randbits(31),
            difficulty=settings.difficulty,
            last_mayor=last_mayor,
            day_seconds=settings.day_seconds,
        )

    async def _new_game(self, last_mayor: int | None) -> None:
        try:
            game = Game(self._setup(last_mayor))
        except IllegalMove as illegal:
            raise Refusal("cannot_start", str(illegal)) from None
        after_halt = self._room.status is RoomStatus.HALTED
        stage = self._enter(Stage.DEAL, game, turn=0, open=False, start_over=after_halt)
        await self._commit(stage, game=game, setup=game.setup.to_json())

    async def _reveal(self) -> None:
        stage = self.state.stage
        if not self._dealing() or stage.turn is None or stage.turn >= len(self.state.seats):
            raise Refusal("ww_no_card")
        await self._commit(replace(stage, open=True))

    async def _next(self) -> None:
        stage = self.state.stage
        if not self._dealing() or not stage.open or stage.turn is None:
            raise Refusal("ww_card_first")
        await self._commit(replace(stage, open=False, turn=stage.turn + 1))

    def _dealing(self) -> bool:
        return self.state.single and self.game is not None and self.state.stage.name is Stage.DEAL

    async def _play(self, who: int) -> None:
        game, stage = self.game, self.state.stage
        if game is None or stage.name is not Stage.DEAL:
            raise Refusal("ww_play_before_night")
        if self.state.single and (stage.turn or 0) < len(self.state.seats):
            raise Refusal("ww_cards_first")
        if not self.state.single and who not in (0, game.mayor):
            raise Refusal("ww_play_mayor")
        self._voices_gate()
        message = self._cue(CUES[Stage.NIGHT_START])
        await self._commit(self._enter(Stage.NIGHT_START, at_least=self._speech(message)))
        self._speak(message)

    # --- the clips, made ahead ------------------------------------------------------------------------
    def _prepare_voices(self) -> None:
        """The round's script for its narrator and day, its clips made in the background (once per change)."""
        settings = self.state.settings
        if self.voices is not None and self.voices.fits(settings.narrator, settings.day_seconds):
            return
        self.voices = VoiceScript.made(settings.narrator, settings.day_seconds, self.config, self.rng)
        self._watch_voices()

    def _watch_voices(self) -> None:
        """Tells the devices how far the clips have come, and looks again soon while they are made."""
        if self.voices is None:
            return
        progress = self.voices.progress()
        if progress != self.voices_told:
            self.voices_told = progress
            self._broadcast()
        if not self.voices.ready:
            self._room.later(VOICES_LOOK, VoicesTick())

    def _voices_gate(self) -> None:
        """The night begins only once every clip is made."""
        if self.voices is not None and not self.voices.ready:
            done, total = self.voices.progress()
            raise Refusal("cannot_start", f"Die Stimme des Erzählers wird noch vorbereitet ({done} von {total}).")

    # --- engine decisions ---------------------------------------------------------------------------
    async def _decide(self, who: int, message: m.Decide) -> None:
        kind = Kind(message.kind)
        if self.game is None or kind not in KINDS_BY_STAGE.get(self.state.stage.name, frozenset()):
            raise Refusal("not_now")
        if who == DEVICE:
            seat = self.game.mayor if message.seat is None else message.seat
        elif message.seat is not None and message.seat != who:
            raise Refusal("wrong_seat")
        else:
            seat = who
        await self._apply(Decision(kind, seat, message.choice))

    async def _votes(self, who: int, message: m.Votes) -> None:
        """One device: the Bürgermeister enters who pointed at whom, all at once."""
        game = self.game
        if who != DEVICE:
            raise Refusal("ww_votes_device")
        if game is None or self.state.stage.name is not Stage.VOTE:
            raise Refusal("ww_votes_not_now")
        votes = {int(voter): target for voter, target in message.votes.items()}
        size = len(game.players)
        if len(message.votes) != size or sorted(votes) != list(range(size)):
            raise Refusal("ww_votes_missing")
        for voter, target in votes.items():
            if not 0 <= target < size or target == voter:
                raise Refusal("ww_vote_self", name=game.players[voter])
        open_votes = {request.seat for request in game.pending() if request.kind is Kind.VOTE}
        for voter in votes:
            if voter not in open_votes:
                raise Refusal("ww_voted", name=game.players[voter])
        for voter, target in votes.items():
            await self._apply(Decision(Kind.VOTE, voter, target))

    async def _nobody(self, who: int) -> None:
        """One device: the Werwölfe who have not pointed pointed at nobody."""
        pointing = self.state.stage.name in (Stage.POINTING, Stage.POINT_NOW)
        if who != DEVICE or self.game is None or not pointing:
            raise Refusal("not_now")
        await self._apply(Decision(Kind.TIME_UP, None))

    async def _apply(self, decision: Decision) -> None:
        """Applies one engine decision, stores it with the stage it leads to, then sends and speaks.
        Refused by the rules: nothing changed. Failing after the engine took it: the game is rebuilt
        as it was, and the error goes on (the sender hears `internal`)."""
        game = self.game
        assert game is not None
        try:
            new_events = game.apply(decision)
        except IllegalMove as illegal:
            raise Refusal("illegal", str(illegal)) from None
        try:
            sleep = self._cue(CUES[Stage.MAYOR_SLEEP]) if self.state.stage.name is Stage.MAYOR else None
            if sleep is None:
                stage = self._stage_after(game, new_events)
            else:
                stage = self._enter(Stage.MAYOR_SLEEP, at_least=self._speech(sleep))
            await self._commit(stage, decision)
        except Exception:
            self.game = await self._room.in_thread(Game.replay, game.setup, game.decisions[:-1])
            raise
        if sleep is not None:
            self._speak(sleep)
        overtaken = any(event.TYPE in OVERTAKING for event in new_events)
        for index, scene in enumerate(scenes_for_events(new_events)):
            self._speak(scene, fresh=overtaken and index == 0)

    def _stage_after(self, game: Game, new_events: tuple[Event, ...]) -> StageRecord:
        current = self.state.stage
        follows = for_engine_phase(game.phase)
        if follows is None:
            return current
        restarted = any(event.TYPE in RESTARTING for event in new_events)
        still_pointing = follows is Stage.POINTING and current.name is Stage.POINT_NOW
        if restarted or (follows is not current.name and not still_pointing):
            return self._enter(follows)
        return current

    # --- stages and their deadlines -----------------------------------------------------------------
    def _enter(
        self,
        name: Stage,
        game: Game | None = None,
        *,
        at_least: float = 0.0,
        turn: int | None = None,
        open: bool | None = None,
        start_over: bool = False,
    ) -> StageRecord:
        """The record of the next stage (not yet stored), its deadline from the timings. Raises
        LifecycleError when `name` cannot follow the current stage (`start_over`: a new game after a
        halt, as if from the lobby)."""
        (Stage.LOBBY if start_over else self.state.stage.name).to(name)
        now = time.time()
        seconds = duration(name, self.times, game or self.game, self.state.single)
        deadline = None if seconds is None else now + max(seconds, at_least)
        return StageRecord(name, started=now, deadline=deadline, turn=turn, open=open)

    async def _deadline_reached(self) -> None:
        game = self.game
        assert game is not None
        name = self.state.stage.name
        if name is Stage.NIGHT_START:
            await self._next_stage(Stage.MAYOR)
        elif name in (Stage.MAYOR, Stage.DAY, Stage.POINT_NOW, Stage.TALK, Stage.VOTE):
            await self._apply(Decision(Kind.TIME_UP, None))
        elif name is Stage.POINTING:
            if game.phase is Phase.POINTING:
                await self._next_stage(Stage.POINT_NOW)
        elif name.night:
            await self._next_stage(next_night_stage(name, werewolf_count(len(game.players))))

    async def _next_stage(self, name: Stage) -> None:
        """A timed stage follows: its cue is chosen first, so that a night stage lasts while it is spoken."""
        game = self.game
        assert game is not None
        scene = CUES.get(name)
        values = {"minutes": spoken_duration(game.setup.day_seconds)} if scene == "ww_day_starts" else None
        message = None if scene is None else self._cue(scene, values)
        wait = self._speech(message) if message is not None and name.night else 0.0
        await self._commit(self._enter(name, at_least=wait))
        if message is not None:
            self._speak(message)

    async def _commit(
        self, stage: StageRecord, decision: Decision | None = None, *, game: Game | None = None, setup: Any = None
    ) -> None:
        """Stores the stage (with the decision, or the new game's setup) first, then re-arms the timers
        and tells every device."""
        room = self._room
        game = game or self.game
        assert game is not None
        status = RoomStatus.ENDED if game.is_over else RoomStatus.RUNNING
        state = replace(self.state, stage=stage)
        fields: dict[str, Any] = {"status": status.value, "state": state.to_json()}
        if status is RoomStatus.RUNNING:
            fields["ended_at"] = None
        elif room.status is not RoomStatus.ENDED:
            fields["ended_at"] = time.time()
        if setup is not None:
            await room.reset_game(chat=False, setup=setup, **fields)
        elif decision is not None:
            await room.store_command(
                Command("decide", decision.seat, decision.kind.value, decision.to_json()), **fields
            )
        else:
            await room.save(**fields)
        self.state = state
        self.game = game
        room.set_status(status)
        self._arm()
        self._broadcast()

    def _disarm(self) -> None:
        for handle in self.handles:
            handle.cancel()
        self.handles = []

    def _arm(self) -> None:
        """(Re)schedules the current stage's deadline and the day's half-time and last-minute cues."""
        self._disarm()
        self.generation += 1
        room = self._room
        stage = self.state.stage
        if room.status is not RoomStatus.RUNNING or stage.deadline is None:
            return
        now = time.time()
        self.handles.append(room.later(stage.deadline - now, Deadline(self.generation)))
        if stage.name is Stage.DAY and stage.started is not None:
            for offset, mark in sundial.sundial_marks(stage.deadline - stage.started):
                at = stage.started + offset
                if at > now + 0.5:
                    warning = sundial.SundialMark(stage.deadline, DAY_MARKS[mark])
                    self.handles.append(room.later(at - now, warning))

    # --- sending ------------------------------------------------------------------------------------
    def _cue(self, scene: str, values: dict[str, Any] | None = None) -> dict[str, Any]:
        variant = None if self.voices is None else self.voices.variants.get(scene)
        message = cue(scene, self.state.settings.narrator, self.rng, values, variant)
        message["audio"] = self.audio_url(message["narrator"], scene, message["variant"], message["values"])
        return message

    def _speech(self, message: dict[str, Any]) -> float:
        """Seconds a timed stage waits at least, so that its cue is spoken before the next one (after the
        lines the speaking device has not said yet)."""
        if self.times.speech_gap is None:
            return 0.0
        left = self.spoken.left(time.time())
        return left + speech_seconds(message["text"], message["narrator"]) + self.times.speech_gap

    def _speak(self, scene: str | dict[str, Any], values: dict[str, Any] | None = None, *, fresh: bool = False) -> None:
        """Every device shows the cue as a caption; the speaking device plays it. `fresh`: what was said
        before is no longer true (a Whoops, a new vote): the device drops what it has not spoken yet."""
        message = self._cue(scene, values) if isinstance(scene, str) else scene
        message = {**message, "fresh": fresh}
        self.spoken.say(message, time.time(), fresh=fresh)
        self.state.stage = self.state.stage.with_caption(message["text"])  # stored with the next change
        speaker = self._speaker()
        self._room.broadcast(
            lambda peer: None if self._who(peer) is None else {**message, "speak": self._who(peer) == speaker}
        )

    def _broadcast(self) -> None:
        """Every device gets the round as its own seat may see it."""
        room = self._room
        online = {self._who(peer) for peer in room.peers()}
        speaker = self._speaker()
        status = room.status.value

        def build(peer: Peer) -> dict[str, Any] | None:
            who = self._who(peer)
            if who is None:
                return None
            return payloads.state(
                room.code,
                status,
                self.state,
                self.game,
                who,
                speaker,
                {s for s in online if s is not None},
                None if self.voices is None else self.voices.progress(),
            )

        room.broadcast(build)


KIND = WerwoerterRoom
