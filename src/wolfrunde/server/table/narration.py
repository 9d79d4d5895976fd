"""The narrator at the table: public events turned into numbered cues (text, audio address, length).

A thin adapter over the server's `NarrationFeed`; only public events ever reach it. Cues get running
ids so a device plays each one once; a restarted server feeds the same events again and gets the same
cues (the feed's variants are seeded from the game).
"""

from __future__ import annotations

from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.narration_feed import NarrationFeed
from wolfrunde.server.narration_voices import voices_for
from wolfrunde.server.table.knowledge import public_events

KEEP = 12  # cues a device receives at once (the newest)


class TableNarration:
    def __init__(self, match: Match, narrator_id: str, config: ServerConfig) -> None:
        self._feed = NarrationFeed.for_match(match, narrator_id, voices_for(config))
        self._position = 0
        self.cues: list[dict[str, Any]] = []

    def catch_up(self, match: Match, stop: int, *, skip_steps: bool = False) -> None:
        """Reads the public events up to `stop` (exclusive) that were not read yet."""
        if stop <= self._position:
            return
        events = [e for e in public_events(match, self._position, stop) if not (skip_steps and e.type == "step")]
        self._position = stop
        keys = self._feed.feed_engine_events(events)
        for cue in self._feed.batch(keys).cues:
            self.cues.append({"id": len(self.cues), "text": cue["text"], "url": cue.get("url"),
                              "mp3_url": cue.get("mp3_url"), "seconds": cue.get("seconds")})

    def recent(self) -> list[dict[str, Any]]:
        return self.cues[-KEEP:]
