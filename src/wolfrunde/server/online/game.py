"""The running game of an online room: a paced game (`rooms.paced_game`) whose payload is the seat's own
view with its chat channels, and the lovers' whispering window."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online import channels, payloads
from wolfrunde.server.online.lobby import DEFAULT_TIMERS, Lobby
from wolfrunde.server.rooms.paced_game import PacedGame, Shown
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.voice.plan import VoicePlan, plan_for
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
        self._whisper_night: int | None = None
        self._readable: dict[int, frozenset[str]] = {}
        self.voice = VoiceRelay(turn_server(config))
        self._logs: dict[int, payloads.SeatLog] = {}  # each seat's log, extended view by view

    @property
    def whisper_seconds(self) -> int:
        return self.lobby.settings.timers.get("lovers", DEFAULT_TIMERS["lovers"])

    # --- what the online round says -----------------------------------------------------------------
    def payload(self, seat: int, shown: Shown) -> dict[str, Any]:
        lines = self._logs.setdefault(seat, payloads.SeatLog()).lines(shown.view)
        return payloads.game(seat, shown.view, shown.deadline, self.channels_for(seat), lines)

    def duration(self) -> float:
        return float(self.lobby.settings.timers.get(self.match.phase_kind(), 60))

    def night_seconds(self) -> float:
        return float(self.lobby.settings.timers.get("night", DEFAULT_TIMERS["night"]))

    def published_to(self, changed: set[int]) -> None:
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

    def view_of(self, seat: int) -> dict[str, Any]:
        """The view this seat was last shown: chat and reconnects follow it, not the engine's newer state."""
        return self.shown(seat).view

    def chat_since(self, seat: int) -> dict[str, int]:
        """Channels this seat reads only from a round on: the wolves' from its first night in the pack."""
        joined = channels.pack_since(self.view_of(seat))
        return {} if joined is None or self.match.over else {"wolves": joined}

    def channels_for(self, seat: int) -> dict[str, bool]:
        timer = None if self.timer is None else self.timer.to_json()
        return channels.for_seat(self.view_of(seat), timer, self.lobby.settings.timers, time.time())

    def voice_plan(self, seat: int) -> VoicePlan:
        """Whom this seat keeps a voice connection with, may speak to and may hear, from its own view."""
        timer = None if self.timer is None else self.timer.to_json()
        humans = [index for index, player in enumerate(self.lobby.seats) if not player.bot]
        return plan_for(
            self.view_of(seat),
            humans,
            meldeliste=self.lobby.settings.meldeliste,
            timer=timer,
            timers=self.lobby.settings.timers,
            now=time.time(),
        )
