"""The narrator of one game, for every room kind: public events become numbered cues, and the room knows
when everything told so far has been heard.

Only public events reach it (`Match.public_events`), so nothing it sends can tell a secret. Cues get
running ids so a device plays each one once; a restarted server feeds the same events again and gets the
same cues. It keeps a model of the device that speaks: cues play in order as they come, so everything
told so far has been heard by `spoken_until` (seconds since the epoch, scaled by `narration_wait`). Rooms
release the next step only then, so nobody is called mid-sentence.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wolfrunde.narration.catalogue import Style
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_feed import NarrationBatch, NarrationFeed, Parts
from wolfrunde.server.narration_voices import voices_for

log = logging.getLogger(__name__)
KEEP = 12  # cues a device receives at once as captions (the newest)


@dataclass(frozen=True)
class NarrationPart:
    """A part of a change's narration that is due later (after the silence of a step that asked nobody),
    if the game has not moved on from `generation` meanwhile."""

    generation: int
    message: dict[str, Any]


class RoomNarration:
    def __init__(
        self,
        match: Match,
        narrator_id: str,
        config: ServerConfig,
        whisper_seconds: int | None = None,
        *,
        style: Style = Style.FULL,
        say: Mapping[str, str] | None = None,
    ) -> None:
        self._feed = NarrationFeed.for_match(
            match, narrator_id, voices_for(config), whisper_seconds, style=style, say=say
        )
        self.match = match
        self.wait = config.narration_wait
        self.cues: list[dict[str, Any]] = []
        self.spoken_until = 0.0
        self.sent_upto = -1  # the highest cue id sent to the devices

    def use_scenes(self, renamed: dict[str, str | None]) -> None:
        """Scenes said in others' place from now on (a table passed round says no "Augen zu"); None: left out."""
        self._feed.renamed = dict(renamed)

    def skip_told(self) -> None:
        """After a restart: what was narrated before is not narrated again."""
        try:
            self._feed.catch_up(self.match)
        except Exception:  # the narrator must never stop a game
            log.exception("narration could not be restored")

    def upcoming(self, lead: str | None = None) -> Parts:
        """The cues for the public events since the last call, after the scene `lead`, in parts; `tell`
        them next. Each event is read once: calling this again gives only newer ones."""
        try:
            parts = self._feed.catch_up(self.match, asking=self.match.has_pending())
            if lead is not None:
                parts = [self._feed.say(lead)[0] + (parts[0] if parts else []), *parts[1:]]
        except Exception:  # the narrator must never stop a game: this change is then not narrated
            log.exception("narration failed")
            return []
        return parts

    def ready(self, parts: Parts) -> bool:
        """Whether `tell` can give these parts without waiting for audio to be made."""
        return self._feed.voices.lengths_known(key for part in parts for key in part)

    async def tell(self, parts: Parts, at: float) -> NarrationBatch:
        """The parts told from `at` on back to back, once their audio is made (for up to a short budget;
        a room that spreads the parts over a paced change sets `spoken_until` itself)."""
        try:
            batch = await self._feed.ready_batch(parts)
        except Exception:  # the narrator must never stop a game: this change is then not narrated
            log.exception("narration failed")
            return NarrationBatch()
        return self._told(batch, max(at, time.time()))  # told from when it is ready, however long that took

    def tell_events(self, stop: int | None = None, *, at: float, skip_steps: bool = False) -> NarrationBatch:
        """Like `changes`, but at once, with the lengths known now: the public events up to the position
        `stop` of the event log (the end when None) not told yet. One device tells a night call by call
        and replays its taps with it; `skip_steps` leaves the calls out (a night passed round the table).
        Told again after a restart (`at` in the past), it numbers on what was told before."""
        try:
            asking = self.match.has_pending() and (stop is None or stop >= len(self.match.game.events))
            parts = self._feed.catch_up(self.match, stop, skip_steps=skip_steps, asking=asking)
            batch = self._feed.batch(parts)
        except Exception:  # the narrator must never stop a game
            log.exception("narration failed")
            return NarrationBatch()
        told = self._told(batch, at)
        self.mark_sent(told.cues)  # the one device shows them at once
        return told

    def say(self, scene: str, *, at: float) -> NarrationBatch:
        """A cue no game event brings (the Sonnenuhr's warnings), told at `at` like the others."""
        return self._told(self._feed.batch(self._feed.say(scene)), at)

    def cue_for_later(self, scene: str) -> dict[str, Any]:
        """A cue a device plays by itself at a planned moment (one device's Sonnenuhr); not a caption yet."""
        (cue,) = self._feed.batch(self._feed.say(scene)).cues
        return device_cue(cue)

    def _told(self, batch: NarrationBatch, at: float) -> NarrationBatch:
        parts = []
        for part in batch.parts:
            numbered = []
            for cue in part:
                numbered.append({"id": len(self.cues), **cue})
                self.cues.append(device_cue(numbered[-1]))
            parts.append(numbered)
        told = NarrationBatch(parts=parts)
        if parts:
            self.spoken_until = max(self.spoken_until, at) + told.seconds * self.wait
        return told

    def pause(self, batch: NarrationBatch) -> float:
        """How long the next step waits so this batch can be heard to its end."""
        return batch.seconds * self.wait

    def part_seconds(self, batch: NarrationBatch) -> list[float]:
        """How long each part of the batch takes to hear (scaled like `pause`)."""
        return [NarrationBatch(parts=[part]).seconds * self.wait for part in batch.parts]

    def recent(self) -> list[dict[str, Any]]:
        """The newest cues the devices were sent (a cue told for later is not among them before its time)."""
        return [cue for cue in self.cues if cue.get("id", -1) <= self.sent_upto][-KEEP:]

    def mark_sent(self, cues: list[dict[str, Any]]) -> None:
        for cue in cues:
            self.sent_upto = max(self.sent_upto, int(cue.get("id", -1)))


def device_cue(cue: dict[str, Any]) -> dict[str, Any]:
    """What a table device needs of a cue: its number, the caption, the audio and its length."""
    shown = {
        "scene": cue["scene"],
        "text": cue["text"],
        "url": cue.get("url"),
        "mp3_url": cue.get("mp3_url"),
        "seconds": cue.get("seconds") or 0.0,
    }
    return {"id": cue["id"], **shown} if "id" in cue else shown
