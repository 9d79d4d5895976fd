"""The running game of an online room: a paced game (`rooms.paced_game`) whose payload is the seat's own
view with its chat channels, and the lovers' whispering window."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import orjson

from wolfrunde.engine.view import identical
from wolfrunde.narration.catalogue import Style
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online import channels, payloads
from wolfrunde.server.online.lobby import DEFAULT_TIMERS, Lobby
from wolfrunde.server.online.public_log import PublicLog
from wolfrunde.server.rooms.kind import Peer
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.rooms.paced_game import PacedGame, Shown
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.voice.plan import VoicePlan, plan_for, plan_inputs
from wolfrunde.server.voice.signaling import VoiceRelay, turn_server


@dataclass(frozen=True)
class WhisperEnds:
    night: int


@dataclass(frozen=True)
class ChannelsOpened:
    """A seat may read a channel it could not read before: it gets that channel's history."""

    seat: int


class OnlineGame(PacedGame):
    def __init__(self, match: Match, lobby: Lobby, config: ServerConfig, timer: Timer | None = None) -> None:
        self.lobby = lobby
        super().__init__(match, lobby.settings.narrator, config, timer, self.whisper_seconds)
        # the lobby's style ("knapp": the short texts) and the players' Aussprache of their names
        self.narration = RoomNarration(
            match,
            lobby.settings.narrator,
            config,
            self.whisper_seconds,
            style=Style.parse(lobby.settings.style),
            say=lobby.pronunciations(),
        )
        self._whisper_night: int | None = None
        self._readable: dict[int, frozenset[str]] = {}
        self.voice = VoiceRelay(turn_server(config))
        self._logs: dict[int | None, payloads.SeatLog] = {}  # each seat's log, extended view by view (None: the end's)
        self._words = payloads.EventLines()  # the events' lines, filled in once for every seat
        self._watched: dict[str, Any] | None = None  # the spectators' last message
        self._event_keys: dict[int, tuple[dict[str, Any], bytes]] = {}  # `_key_of`: by the event dict's id
        self._public = PublicLog(self._key_of)
        # each seat's channels and voice plan, with the view and what else they were made of
        # (`channel_inputs`, `plan_inputs`)
        self._channels: dict[int, tuple[dict[str, Any], tuple[Any, ...], dict[str, bool]]] = {}
        self._plans: dict[int, tuple[dict[str, Any], tuple[Any, ...], VoicePlan]] = {}
        self._circles: dict[int, channels.NightCircles] = {}  # each seat's, read view by view
        self._listed: dict[int, tuple[dict[str, bool], list[dict[str, Any]]]] = {}  # channels: their list

    @property
    def whisper_seconds(self) -> int:
        return self.lobby.settings.timers.get("lovers", DEFAULT_TIMERS["lovers"])

    # --- what the online round says -----------------------------------------------------------------
    def payload(self, seat: int, shown: Shown) -> dict[str, Any]:
        # the end's views tell every event to nobody in particular, alike for every seat: one log serves them
        kept = None if shown.view.get("result") is not None else seat
        log = self._logs.get(kept)
        if log is None:
            log = self._logs[kept] = payloads.SeatLog(self._words)
        lines = log.lines(shown.view)
        channels = self.channels_for(seat)
        listed = self._listed.get(seat)
        if listed is None or listed[0] is not channels:
            listed = self._listed[seat] = (channels, payloads.channel_list(channels))
        return payloads.game(seat, shown.view, shown.deadline, listed[1], lines, self._whisper_until(channels))

    def _whisper_until(self, channels: dict[str, bool]) -> float | None:
        """When the lovers' whisper of tonight closes, for a lover while it is open (`channels`: the
        seat's)."""
        timer = self.timer
        if not channels.get("lovers") or timer is None or timer.night_started is None:
            return None
        return float(timer.night_started) + self.whisper_seconds

    def duration(self) -> float:
        return float(self.lobby.settings.timers.get(self.match.phase_kind(), 60))

    def night_seconds(self) -> float:
        return float(self.lobby.settings.timers.get("night", DEFAULT_TIMERS["night"]))

    def hears_narration(self, peer: Peer) -> bool:
        """The seats, and spectators where the lobby allows them (the narrator tells only public events)."""
        if peer.extra.get("bot"):
            return False
        return peer.seat is not None or self.lobby.settings.spectators

    def published_to(self, changed: set[int]) -> None:
        self._tell_spectators()
        for seat in changed:
            readable = frozenset(self.channels_for(seat))
            if seat in self._readable and readable - self._readable[seat]:
                self.services.later(0.0, ChannelsOpened(seat))
            self._readable[seat] = readable
        self._plan_whisper_end()
        self.voice.refresh(self.services, self.voice_plan, changed)

    def resume(self, *, restarted: bool) -> None:
        super().resume(restarted=restarted)
        if self.running:
            self._plan_whisper_end()

    async def wake(self, event: object) -> bool:
        if isinstance(event, WhisperEnds):
            if self.running and self.timer is not None and self.timer.night == event.night:
                self._resend_lovers()
            return True
        return await super().wake(event)

    # --- the lovers' window and the channels ---------------------------------------------------------
    def _plan_whisper_end(self) -> None:
        """From night 2 the lovers may whisper for the first seconds of each night; when that window
        closes they get their game again, with the lovers' channel no longer writable."""
        timer = self.timer
        if timer is None or timer.night is None or timer.night_started is None or timer.night < 2:
            return
        if self._whisper_night == timer.night:
            return
        delay = timer.night_started + self.whisper_seconds - time.time()
        if delay <= 0:
            return
        self._whisper_night = timer.night
        self.services.later(delay + 0.05, WhisperEnds(timer.night))

    def _resend_lovers(self) -> None:
        for peer in self.services.peers():
            seat = peer.seat
            if seat is not None and self.view_of(seat)["you"].get("lover") is not None:
                message = self.message_for(peer)
                if message is not None:
                    peer.send(message)
        self.voice.refresh(self.services, self.voice_plan, range(self.match.seats))

    # --- spectators ---------------------------------------------------------------------------------
    def public_shown(self) -> list[dict[str, Any]]:
        """The events every seat has been shown, in order: what the whole table knows. Built from the
        published views only, so it moves when the seats' screens do, never with the engine running ahead;
        step calls are left out (a seat is not sent its view at each call)."""
        return self._public.shown([self.view_of(seat)["events"] for seat in range(self.match.seats)])

    def _key_of(self, event: dict[str, Any]) -> bytes:
        """`_key(event)`, made once for each event dict (the seats' shared views hold the same dicts)."""
        known = self._event_keys.get(id(event))
        if known is None or known[0] is not event:
            known = self._event_keys[id(event)] = (event, _key(event))
        return known[1]

    def spectator_message(self) -> dict[str, Any]:
        first = self.view_of(0)
        names = tuple(player["name"] for player in first["players"])
        end = first if first.get("result") is not None else None
        return payloads.watch(self.public_shown(), names, end, self._words)

    def spectator_joined(self) -> dict[str, Any]:
        """The watch message for a spectator who comes now; kept as the last one sent, so that the next
        change sends him only what is new and an unchanged view is not sent again."""
        self._watched = self.spectator_message()
        return self._watched

    def _tell_spectators(self) -> None:
        if not self.lobby.settings.spectators:
            return
        if not any(self._watching(peer) for peer in self.services.peers()):
            self._watched = None  # nobody watches: a spectator who comes is sent the view when he attaches
            return
        message = self.spectator_message()
        if message == self._watched:
            return
        self._watched = message
        self.services.broadcast(lambda peer: message if self._watching(peer) else None)

    @staticmethod
    def _watching(peer: Peer) -> bool:
        return peer.seat is None and not peer.extra.get("bot")

    def view_of(self, seat: int) -> dict[str, Any]:
        """The view this seat was last shown: chat and reconnects follow it, not the engine's newer state."""
        return self.shown(seat).view

    def chat_since(self, seat: int) -> dict[str, int]:
        """Channels this seat reads only from a round on: the wolves' from its first night in the pack."""
        view = self.view_of(seat)
        joined = channels.pack_since(view, self._circles_of(seat, view))
        return {} if joined is None or self.match.over else {"wolves": joined}

    def channels_for(self, seat: int) -> dict[str, bool]:
        """{channel: may write} of every channel this seat may read now (the caller does not change it).
        Asked several times for each view a seat is sent (its payload, voice plan, readable channels): for
        the very view of the last answer only the clock's part is looked at again."""
        view, now = self.view_of(seat), time.time()
        moving = self._inputs(now)
        cached = self._channels.get(seat)
        if cached is not None and cached[0] is view and cached[1][1] == moving:
            return cached[2]
        circles = self._circles_of(seat, view)
        key = (channels.channel_inputs(view, circles), moving)
        if cached is not None and cached[1] == key:
            self._channels[seat] = (view, key, cached[2])
            return cached[2]
        timer = None if self.timer is None else self.timer.to_json()
        result = channels.for_seat(view, timer, self.lobby.settings.timers, now, circles)
        if cached is not None and identical(result, cached[2]):
            result = cached[2]  # the same object while the channels stay the same (their list is kept by it)
        self._channels[seat] = (view, key, result)
        return result

    def voice_plan(self, seat: int) -> VoicePlan:
        """Whom this seat keeps a voice connection with, may speak to and may hear, from its own view. Made
        afresh only when what it is made of changed (`plan_inputs`, the open channels, the humans): a new
        view of the seat mostly leaves them as they were. The same object while the plan stays the same."""
        view, now = self.view_of(seat), time.time()
        humans = tuple(index for index, player in enumerate(self.lobby.seats) if not player.bot)
        open_channels = self.channels_for(seat)
        meldeliste = self.lobby.settings.meldeliste
        cached = self._plans.get(seat)
        if cached is not None and cached[0] is view and cached[1][1:] == (open_channels, humans, meldeliste):
            return cached[2]
        circles = self._circles_of(seat, view)
        key = (plan_inputs(view, circles), open_channels, humans, meldeliste)
        if cached is not None and cached[1] == key:
            self._plans[seat] = (view, key, cached[2])
            return cached[2]
        timer = None if self.timer is None else self.timer.to_json()
        plan = plan_for(
            view,
            humans,
            meldeliste=meldeliste,
            timer=timer,
            timers=self.lobby.settings.timers,
            now=now,
            open_channels=open_channels,
            circles=circles,
        )
        if cached is not None and cached[2] == plan:
            plan = cached[2]
        self._plans[seat] = (view, key, plan)
        return plan

    def _circles_of(self, seat: int, view: dict[str, Any]) -> channels.NightCircles:
        circles = self._circles.get(seat)
        if circles is None:
            circles = self._circles[seat] = channels.NightCircles()
        return circles.read(view)

    def _inputs(self, now: float) -> tuple[Any, ...]:
        """Everything besides the seat's view that its channels and voice plan are made of: the timer, and
        whether the lovers' whisper window is open now (the only thing in them that moves with the clock,
        `channels._whisper_open`). Both are kept for as long as these and what they read of the view stay
        the same."""
        timer = self.timer
        started = None if timer is None else timer.night_started
        whisper = started is not None and channels.whisper_window_open(started, self.lobby.settings.timers, now)
        return timer, whisper  # the lobby's timers do not change while its game runs


def _key(event: dict[str, Any]) -> bytes:
    """An event as a value to count (the same event in two seats' views gives the same key)."""
    return orjson.dumps(event, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
