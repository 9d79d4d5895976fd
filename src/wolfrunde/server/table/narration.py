"""The narrator at the table: public events turned into numbered cues (text, audio address, length).

A thin adapter over the server's `NarrationFeed`; only public events ever reach it. Cues get running
ids so a device plays each one once; a restarted server feeds the same events again and gets the same
cues (the feed's variants are seeded from the game).

It also keeps a model of the speaking device: it plays cues in order as they come, so everything told
so far has been heard by `spoken_until` (seconds since the epoch, scaled by `narration_wait`). The
table waits for that moment before it calls anyone, so nobody is called in the middle of a sentence.
"""

from __future__ import annotations

from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_feed import NarrationBatch, NarrationFeed, Parts
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.table.knowledge import public_events

KEEP = 12  # cues a device receives at once (the newest)


class TableNarration:
    def __init__(self, match: Match, narrator_id: str, config: ServerConfig) -> None:
        self._feed = NarrationFeed.for_match(match, narrator_id, voices_for(config))
        self._position = 0
        self.wait = config.narration_wait
        self.cues: list[dict[str, Any]] = []
        self.spoken_until = 0.0

    def catch_up(self, match: Match, stop: int, *, at: float, skip_steps: bool = False) -> NarrationBatch:
        """Reads the public events up to `stop` (exclusive) that were not read yet, at time `at`; returns
        their cues (numbered, in parts) and counts them into `spoken_until`."""
        if stop <= self._position:
            return NarrationBatch()
        events = [e for e in public_events(match, self._position, stop) if not (skip_steps and e.type == "step")]
        self._position = stop
        return self._told(self._feed.feed_engine_events(events), at)

    def say(self, scene: str, *, at: float) -> NarrationBatch:
        """A cue no game event brings (the Sonnenuhr's warnings), told at `at` like the others."""
        return self._told(self._feed.say(scene), at)

    def cue_for_later(self, scene: str) -> dict[str, Any]:
        """A cue a device plays by itself at a planned moment (one device's Sonnenuhr); not a caption yet."""
        (cue,) = self._feed.batch(self._feed.say(scene)).cues
        return _device_cue(cue)

    def _told(self, keys: Parts, at: float) -> NarrationBatch:
        batch = self._feed.batch(keys)
        parts = []
        for part in batch.parts:
            numbered = []
            for cue in part:
                numbered.append({"id": len(self.cues), **_device_cue(cue)})
                self.cues.append(numbered[-1])
            parts.append(numbered)
        told = NarrationBatch(parts=parts)
        if parts:
            self.spoken_until = max(self.spoken_until, at) + told.seconds * self.wait
        return told

    def recent(self) -> list[dict[str, Any]]:
        return self.cues[-KEEP:]


def _device_cue(cue: dict[str, Any]) -> dict[str, Any]:
    """What a table device needs of a cue: the caption, the audio and its length."""
    return {
        "scene": cue["scene"],
        "text": cue["text"],
        "url": cue.get("url"),
        "mp3_url": cue.get("mp3_url"),
        "seconds": cue.get("seconds") or 0.0,
    }
