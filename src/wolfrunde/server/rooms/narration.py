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
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_feed import NarrationBatch, NarrationFeed
from wolfrunde.server.narration_voices import voices_for

log = logging.getLogger(__name__)
KEEP = 12  # cues a device receives at once as captions (the newest)


class RoomNarration:
    def __init__(
        self, match: Match, narrator_id: str, config: ServerConfig, whisper_seconds: int | None = None
    ) -> None:
        self._feed = NarrationFeed.for_match(match, narrator_id, voices_for(config), whisper_seconds)
        self.match = match
        self.wait = config.narration_wait
        self.cues: list[dict[str, Any]] = []
        self.spoken_until = 0.0

    def skip_told(self) -> None:
        """After a restart: what was narrated before is not narrated again."""
        try:
            self._feed.catch_up(self.match)
        except Exception:  # the narrator must never stop a game
            log.exception("narration could not be restored")

    async def changes(self, at: float, lead: str | None = None, *, events: bool = True) -> NarrationBatch:
        """The cues for the public events since the last call, after the scene `lead`, told from `at` on
        back to back (a room that spreads the parts over a paced change sets `spoken_until` itself)."""
        try:
            parts = self._feed.catch_up(self.match) if events else []
            if lead is not None:
                parts = [self._feed.say(lead)[0] + (parts[0] if parts else []), *parts[1:]]
            batch = await self._feed.ready_batch(parts)
        except Exception:  # the narrator must never stop a game: this change is then not narrated
            log.exception("narration failed")
            return NarrationBatch()
        return self._told(batch, at)

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
        return self.cues[-KEEP:]


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
