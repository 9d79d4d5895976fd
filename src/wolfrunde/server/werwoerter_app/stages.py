"""The room's stages around the engine: dealing, the called night, the timed day and the endings.

The engine's night is one decision (the word); the room stretches it into the called sequence of the
seed so that on one device each role sees the word while only it is awake. `Stage` is a lifecycle: a
stage may only follow the stages `Stage.to` allows, anything else is a bug (LifecycleError). The values
are the protocol's `stage.name`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from wolfrunde.server.rooms.status import LifecycleError
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.werwoerter import Game, Phase


class Stage(StrEnum):
    LOBBY = "lobby"
    DEAL = "deal"
    NIGHT_START = "night_start"
    MAYOR = "mayor"
    MAYOR_SLEEP = "mayor_sleep"
    SEER_WAKE = "seer_wake"
    SEER_WORD = "seer_word"
    SEER_SLEEP = "seer_sleep"
    WOLVES_WAKE = "wolves_wake"
    WOLVES_MEET = "wolves_meet"
    WOLVES_WORD = "wolves_word"
    WOLVES_SLEEP = "wolves_sleep"
    DAY = "day"
    POINTING = "pointing"
    POINT_NOW = "point_now"
    TALK = "talk"
    VOTE = "vote"
    OVER = "over"

    def to(self, new: Stage) -> Stage:
        """`new`, or LifecycleError when a round cannot go there from this stage."""
        if new not in _NEXT[self]:
            allowed = ", ".join(sorted(stage.value for stage in _NEXT[self]))
            raise LifecycleError(f"Werwörter stage {self.value} -> {new.value}: expected one of {allowed}")
        return new

    @property
    def night(self) -> bool:
        return self in (Stage.NIGHT_START, Stage.MAYOR, *NIGHT_AFTER_WORD)


NIGHT_AFTER_WORD = (
    Stage.MAYOR_SLEEP,
    Stage.SEER_WAKE,
    Stage.SEER_WORD,
    Stage.SEER_SLEEP,
    Stage.WOLVES_WAKE,
    Stage.WOLVES_MEET,
    Stage.WOLVES_WORD,
    Stage.WOLVES_SLEEP,
)
"""The called night after the word is chosen; WOLVES_MEET only with two Werwölfe."""

# After the day the Werwölfe point (word guessed) or everyone talks and votes (not guessed); Whoops
# switches to the other ending, from any stage after the day.
_NEXT: dict[Stage, frozenset[Stage]] = {
    Stage.LOBBY: frozenset({Stage.DEAL}),
    Stage.DEAL: frozenset({Stage.NIGHT_START}),
    Stage.NIGHT_START: frozenset({Stage.MAYOR}),
    Stage.MAYOR: frozenset({Stage.MAYOR_SLEEP}),
    Stage.MAYOR_SLEEP: frozenset({Stage.SEER_WAKE}),
    Stage.SEER_WAKE: frozenset({Stage.SEER_WORD}),
    Stage.SEER_WORD: frozenset({Stage.SEER_SLEEP}),
    Stage.SEER_SLEEP: frozenset({Stage.WOLVES_WAKE}),
    Stage.WOLVES_WAKE: frozenset({Stage.WOLVES_MEET, Stage.WOLVES_WORD}),
    Stage.WOLVES_MEET: frozenset({Stage.WOLVES_WORD}),
    Stage.WOLVES_WORD: frozenset({Stage.WOLVES_SLEEP}),
    Stage.WOLVES_SLEEP: frozenset({Stage.DAY}),
    Stage.DAY: frozenset({Stage.POINTING, Stage.TALK}),
    Stage.POINTING: frozenset({Stage.POINT_NOW, Stage.OVER, Stage.TALK}),
    Stage.POINT_NOW: frozenset({Stage.OVER, Stage.TALK}),
    Stage.TALK: frozenset({Stage.VOTE, Stage.POINTING}),
    Stage.VOTE: frozenset({Stage.OVER, Stage.POINTING}),
    Stage.OVER: frozenset({Stage.DEAL, Stage.POINTING, Stage.TALK}),
}

CUES = {
    Stage.NIGHT_START: "ww_start",
    Stage.MAYOR: "ww_mayor_wakes",
    Stage.MAYOR_SLEEP: "ww_mayor_sleeps",
    Stage.SEER_WAKE: "ww_seer_wakes",
    Stage.SEER_SLEEP: "ww_seer_sleeps",
    Stage.WOLVES_WAKE: "ww_werewolves_wake",
    Stage.WOLVES_SLEEP: "ww_werewolves_sleep",
    Stage.DAY: "ww_day_starts",
    Stage.POINT_NOW: "ww_werewolves_point",
}
"""The scene the narrator speaks when a stage begins (endings take theirs from the engine's events)."""


@dataclass(frozen=True)
class StageRecord:
    """The stage a round is in, as stored and shown: since when, until when (None: it waits for a
    player), whose card is dealt (`turn`, `open`) and the narrator's last caption."""

    name: Stage
    started: float | None = None
    deadline: float | None = None
    turn: int | None = None
    open: bool | None = None
    caption: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name.value, "started": self.started, "deadline": self.deadline}
        for key in ("turn", "open", "caption"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> StageRecord:
        if not data:
            return cls(Stage.LOBBY)
        return cls(
            name=Stage(data["name"]),
            started=_number(data.get("started")),
            deadline=_number(data.get("deadline")),
            turn=None if data.get("turn") is None else int(data["turn"]),
            open=None if data.get("open") is None else bool(data["open"]),
            caption=data.get("caption"),
        )

    def shown(self) -> dict[str, Any]:
        """What every device is told about the stage."""
        return {
            "name": self.name.value,
            "started": self.started,
            "deadline": self.deadline,
            "turn": self.turn,
            "open": self.open,
            "caption": self.caption,
        }

    def with_caption(self, caption: str) -> StageRecord:
        return replace(self, caption=caption)


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def duration(stage: Stage, timings: Timings, game: Game | None, single: bool) -> float | None:
    """Seconds until the stage's deadline; None: it waits for a player."""
    fixed = {
        Stage.NIGHT_START: timings.night_start,
        Stage.MAYOR: timings.mayor,
        Stage.MAYOR_SLEEP: timings.sleep,
        Stage.SEER_WAKE: timings.wake,
        Stage.SEER_WORD: timings.show_word,
        Stage.SEER_SLEEP: timings.sleep,
        Stage.WOLVES_WAKE: timings.wake,
        Stage.WOLVES_MEET: timings.meet,
        Stage.WOLVES_WORD: timings.show_word,
        Stage.WOLVES_SLEEP: timings.sleep,
        Stage.POINTING: timings.point,
        Stage.TALK: timings.talk,
    }
    if stage in fixed:
        return fixed[stage]
    if stage is Stage.DAY:
        assert game is not None
        return float(game.setup.day_seconds)
    if stage is Stage.POINT_NOW:
        return None if single else timings.point_grace
    if stage is Stage.VOTE:
        return None if single else timings.vote
    return None


def next_night_stage(stage: Stage, werewolves: int) -> Stage:
    """The stage after a timed night stage; DAY after the last."""
    if stage is Stage.NIGHT_START:
        return Stage.MAYOR
    order = [s for s in NIGHT_AFTER_WORD if s is not Stage.WOLVES_MEET or werewolves > 1]
    index = order.index(stage)
    return order[index + 1] if index + 1 < len(order) else Stage.DAY


def for_engine_phase(phase: Phase) -> Stage | None:
    """The stage an engine phase change leads to (None: the room keeps its own night stages)."""
    return {Phase.POINTING: Stage.POINTING, Phase.TALK: Stage.TALK, Phase.VOTE: Stage.VOTE, Phase.OVER: Stage.OVER}.get(
        phase
    )
