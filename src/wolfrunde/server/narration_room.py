"""The narrator inside an online room: cues for what just happened, and names spoken in advance.

Mixed into Room; every method runs inside the room's task. Online, every seated player's device plays
the narration, so every seated connection gets the `narration` message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from wolfrunde.server.lobby import DEFAULT_TIMERS
from wolfrunde.server.narration_feed import NarrationBatch, NarrationFeed
from wolfrunde.server.narration_voices import voices_for

if TYPE_CHECKING:
    from wolfrunde.server.room import Room

log = logging.getLogger(__name__)


class NarrationActions:
    narration_feed: NarrationFeed | None = None
    narrated_match: object | None = None  # the match the feed belongs to (a new game gets a new feed)

    def _feed(self: Room) -> NarrationFeed | None:
        if self.match is None:
            return None
        if self.narration_feed is None or self.narrated_match is not self.match:
            voices = voices_for(self.config)
            settings = self.lobby.settings
            whisper = settings.timers.get("lovers", DEFAULT_TIMERS["lovers"])
            self.narration_feed = NarrationFeed.for_match(self.match, settings.narrator, voices, whisper)
            self.narrated_match = self.match
        return self.narration_feed

    def skip_narration(self: Room) -> None:
        """After a restart: what was narrated before is not narrated again."""
        try:
            feed = self._feed()
            if feed is not None and self.match is not None:
                feed.catch_up(self.match)
        except Exception:  # the narrator must never stop a game
            log.exception("room %s: narration could not be restored", self.code)

    async def narration_batch(self: Room, lead: str | None = None, *, events: bool = True) -> NarrationBatch:
        """The cues for the public events since the last call (not sent yet), after the scene `lead`."""
        try:
            feed = self._feed()
            if feed is None or self.match is None:
                return NarrationBatch()
            parts = feed.catch_up(self.match) if events else []
            if lead is not None:
                parts = [feed.say(lead)[0] + (parts[0] if parts else []), *parts[1:]]
            return await feed.ready_batch(parts)
        except Exception:  # the narrator must never stop a game: this change is then not narrated
            log.exception("room %s: narration failed", self.code)
            return NarrationBatch()

    def narration_pause(self: Room, batch: NarrationBatch) -> float:
        """How long the next step waits so the narration of this change can be heard to its end."""
        return batch.seconds * self.config.narration_wait

    def send_narration(self: Room, batch: NarrationBatch) -> None:
        """Online every seated player's device plays the narration. Parts after a step that asked nobody
        follow after the silence the room keeps for such steps (what is left of the pause before the
        next step once the narration itself is taken off), so the timing tells nobody who is in play."""
        if not batch.parts:
            return
        silence = 0.0
        if self.timer is not None:
            silence = max(0.0, self.timer["release"] - time.time() - self.narration_pause(batch))
        loop = asyncio.get_running_loop()
        for delay, message in batch.schedule(silence, self.config.narration_wait):
            if delay <= 0:
                self._send_to_players(message)
            else:
                loop.call_later(delay, self._send_part, self.generation, message)

    def _send_part(self: Room, generation: int, message: dict[str, Any]) -> None:
        if generation == self.generation:  # the game moved on meanwhile: that part is out of date
            self._send_to_players(message)

    def _send_to_players(self: Room, message: dict[str, Any]) -> None:
        for conn in list(self.connections.values()):
            if self.lobby.seat_of(conn.user_id) is not None:
                conn.send(message)

    def prepare_names(self: Room) -> None:
        """Every seat's name in the room's narrator's voice, made in the background and cached."""
        names = [seat.name for seat in self.lobby.seats]
        try:
            voices_for(self.config).prepare_names(self.lobby.settings.narrator, names)
        except Exception:
            log.exception("room %s: names could not be prepared", self.code)
