"""A game's public events turned into `narration` messages: which scenes, which variants, which audio.

One `NarrationFeed` per game. It reads only public events (`visible_to` None), so nothing it sends can
tell a secret. Variants are chosen by a random generator seeded from the game's narration seed (its own,
never the engine's secret one) and the narrator,
so a restarted server that feeds the same events again picks the same variants.

A night step whose role is dead or absent is called like any other ("… erwache" – "… schlafe wieder
ein"), but nobody answers, so its events come in the same change as the next step's. To keep that from
showing, the cues come in *parts*: a new part begins after each such step, and the server sends it only
after a silence as long as a decision might take (`NarrationBatch.schedule`).

    feed = NarrationFeed.for_match(match, "jutta", voices)
    parts = feed.catch_up(match)             # cues for every public event since the last call, in parts
    batch = await feed.ready_batch(parts)    # audio made (up to a short budget), lengths known
    for delay, message in batch.schedule(silence=pause, wait=1.0):
        send_later(delay, message)           # {"type": "narration", "cues": [...]}
    hold_next_step_for = pause + batch.seconds
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from wolfrunde.narration.catalogue import Style
from wolfrunde.narration.cues import Cue, Narrator
from wolfrunde.server.narration_voices import CUE_GAP, CueKey, ServerVoices

MEASURE_BUDGET = 2.0  # seconds a room waits at most for a change's audio before it estimates


class EventLike(Protocol):
    type: str
    data: dict[str, Any]
    visible_to: frozenset[int] | None


class PublicEventSource(Protocol):
    def public_events(self, start: int = 0, stop: int | None = None) -> tuple[int, list[dict[str, Any]]]: ...


Parts = list[list[CueKey]]


@dataclass(frozen=True)
class NarrationBatch:
    """The cues of one change of the game, in parts, ready to send, and how long they take to play."""

    parts: list[list[dict[str, Any]]] = field(default_factory=list)

    @property
    def cues(self) -> list[dict[str, Any]]:
        return [cue for part in self.parts for cue in part]

    @property
    def seconds(self) -> float:
        """How long all parts take to play (without the silences between them)."""
        return round(sum(_part_seconds(part) for part in self.parts), 2)

    def message(self) -> dict[str, Any]:
        """All cues in one message (for a device where nothing is secret, or tests)."""
        return {"type": "narration", "cues": self.cues}

    def schedule(self, silence: float, wait: float = 1.0) -> list[tuple[float, dict[str, Any]]]:
        """(seconds from now, message) for each part: the first at once, each further one when the one
        before has been heard (its length times `wait`) plus an equal share of `silence`."""
        share = silence / (len(self.parts) - 1) if len(self.parts) > 1 else 0.0
        planned: list[tuple[float, dict[str, Any]]] = []
        at = 0.0
        for index, part in enumerate(self.parts):
            if index:
                at += share
            planned.append((round(at, 3), {"type": "narration", "cues": part}))
            at += _part_seconds(part) * wait
        return planned


def _part_seconds(part: list[dict[str, Any]]) -> float:
    return float(sum(cue["seconds"] for cue in part)) + CUE_GAP * len(part)


class NarrationFeed:
    def __init__(
        self,
        names: Sequence[str],
        deck: Iterable[str],
        narrator_id: str,
        seed: int,
        voices: ServerVoices,
        whisper_seconds: int | None = None,
        *,
        style: Style = Style.FULL,
        say: Mapping[str, str] | None = None,
    ) -> None:
        self.narrator_id = narrator_id
        self.voices = voices
        self.style = style  # the full texts or the short ones ("knapp")
        self.pronunciations = dict(say or {})  # the players' Aussprache by name
        self._cues = Narrator(names, deck, whisper_seconds)
        self._rng = random.Random(f"{seed}:{narrator_id}")
        self._last_variant: dict[str, int] = {}
        self._position = 0  # how far the game's event log has been read
        self.renamed: dict[str, str | None] = {}  # a scene said in another's place (None: left out)

    @classmethod
    def for_match(
        cls,
        match: Any,
        narrator_id: str,
        voices: ServerVoices,
        whisper_seconds: int | None = None,
        *,
        style: Style = Style.FULL,
        say: Mapping[str, str] | None = None,
    ) -> NarrationFeed:
        """A feed for a server `Match` (names, deck and seed from its stored setup). `whisper_seconds`: the
        lovers' whispering window of an online game, announced every night from the second."""
        setup = match.setup
        seed = int(setup.get("narration_seed", setup["seed"]))  # older games had one seed for both
        return cls(setup["names"], match.deck(), narrator_id, seed, voices, whisper_seconds, style=style, say=say)

    def catch_up(
        self, source: PublicEventSource, stop: int | None = None, *, skip_steps: bool = False, asking: bool = False
    ) -> Parts:
        """Cues for every public event of `source` (a `Match`) that this feed has not read yet, up to the
        position `stop` of its event log (the end when None); `skip_steps`: night steps are not called
        (one device passed round the table at night); `asking`: the game asks someone now, at the end of
        what is read (at dawn the morning is then told first: `Narrator.morning_now`)."""
        self._position, events = source.public_events(self._position, stop)
        if skip_steps:
            events = [event for event in events if event["type"] != "step"]
        return self.feed(events, asking=asking)

    def feed_engine_events(self, events: Iterable[EventLike]) -> Parts:
        """Cues for engine events (the table modes); events that are not public are skipped here."""
        return self.feed([{"type": e.type, **e.data} for e in events if e.visible_to is None])

    def feed(self, public_events: Sequence[Mapping[str, Any]], *, asking: bool = False) -> Parts:
        """Cues for events that are already known to be public, in order, in parts: a night step with
        more events after it in the same change asked nobody, so what follows is a new part. `asking`:
        the game asks someone after them (a question at dawn has the morning told first)."""
        parts: Parts = [[]]
        for index, event in enumerate(public_events):
            self._add(self._cues.feed(event), parts[-1])
            if event["type"] == "step" and index + 1 < len(public_events) and parts[-1]:
                parts.append([])
        if asking:
            self._add(self._cues.morning_now(), parts[-1])
        return [part for part in parts if part]

    def _add(self, cues: Iterable[Cue], part: list[CueKey]) -> None:
        for cue in cues:
            scene = self.renamed.get(cue.scene, cue.scene)
            if scene is not None:
                part.append(self._key(scene, cue.values))

    def say(self, scene: str, values: Mapping[str, Any] | None = None) -> Parts:
        """A cue that no game event brings (the Sonnenuhr's warnings), as one part."""
        return [[self._key(scene, values or {})]]

    def _key(self, scene: str, values: Mapping[str, Any]) -> CueKey:
        return CueKey(self.narrator_id, scene, self._variant(scene), dict(values), self.pronunciations, self.style)

    def batch(self, parts: Parts) -> NarrationBatch:
        """The message content for these cues, with the lengths known now (measured or estimated)."""
        return NarrationBatch(parts=[[self._cue(key) for key in part] for part in parts])

    async def ready_batch(self, parts: Parts, budget: float = MEASURE_BUDGET) -> NarrationBatch:
        """Like `batch`, but first has the audio made in the background (when the server renders ahead)
        and waits up to `budget` seconds for it, so the lengths are measured rather than estimated."""
        await self.voices.measure([key for part in parts for key in part], budget)
        return self.batch(parts)

    def _variant(self, scene: str) -> int:
        """A random variant of the scene, never the one this game heard last for it."""
        count = len(self.voices.narration.catalogue[scene].texts(self.narrator_id, self.style))
        last = self._last_variant.get(scene)
        choices = [v for v in range(count) if v != last] or [0]
        variant = self._rng.choice(choices)
        self._last_variant[scene] = variant
        return variant

    def _cue(self, key: CueKey) -> dict[str, Any]:
        text, seconds, url, mp3_url = self.voices.cue(key)
        return {
            "scene": key.scene,
            "variant": key.variant,
            "narrator": key.narrator,
            "text": text,
            "seconds": seconds,
            "url": url,
            "mp3_url": mp3_url,
        }
