"""The room's stages around the engine: dealing, the called night, the timed day and the endings.

The engine's night is one decision (the word); the room stretches it into the called sequence of the
seed so that on one device each role sees the word while only it is awake. The names are the protocol's.
"""

from __future__ import annotations

from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.werwoerter import Game, Phase

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

NIGHT_AFTER_WORD = (MAYOR_SLEEP, SEER_WAKE, SEER_WORD, SEER_SLEEP, WOLVES_WAKE, WOLVES_MEET, WOLVES_WORD, WOLVES_SLEEP)
"""The called night after the word is chosen; WOLVES_MEET only with two Werwölfe."""

CUES = {
    NIGHT_START: "ww_start",
    MAYOR: "ww_mayor_wakes",
    MAYOR_SLEEP: "ww_mayor_sleeps",
    SEER_WAKE: "ww_seer_wakes",
    SEER_SLEEP: "ww_seer_sleeps",
    WOLVES_WAKE: "ww_werewolves_wake",
    WOLVES_SLEEP: "ww_werewolves_sleep",
    DAY: "ww_day_starts",
    POINT_NOW: "ww_werewolves_point",
}
"""The scene the narrator speaks when a stage begins (endings take theirs from the engine's events)."""


def duration(stage: str, timings: Timings, game: Game | None, mode: str) -> float | None:
    """Seconds until the stage's deadline; None: it waits for a player."""
    fixed = {
        NIGHT_START: timings.night_start,
        MAYOR: timings.mayor,
        MAYOR_SLEEP: timings.sleep,
        SEER_WAKE: timings.wake,
        SEER_WORD: timings.show_word,
        SEER_SLEEP: timings.sleep,
        WOLVES_WAKE: timings.wake,
        WOLVES_MEET: timings.meet,
        WOLVES_WORD: timings.show_word,
        WOLVES_SLEEP: timings.sleep,
        POINTING: timings.point,
        TALK: timings.talk,
    }
    if stage in fixed:
        return fixed[stage]
    if stage == DAY:
        assert game is not None
        return float(game.setup.day_seconds)
    if stage == POINT_NOW:
        return timings.point_grace if mode == "devices" else None
    if stage == VOTE:
        return timings.vote if mode == "devices" else None
    return None


def next_night_stage(stage: str, werewolves: int) -> str:
    """The stage after a timed night stage; DAY after the last."""
    order = [s for s in NIGHT_AFTER_WORD if s != WOLVES_MEET or werewolves > 1]
    if stage == NIGHT_START:
        return MAYOR
    index = order.index(stage)
    return order[index + 1] if index + 1 < len(order) else DAY


def for_engine_phase(phase: Phase) -> str | None:
    """The stage an engine phase change leads to (None: the room keeps its own night stages)."""
    return {Phase.POINTING: POINTING, Phase.TALK: TALK, Phase.VOTE: VOTE, Phase.OVER: OVER}.get(phase)


def is_night(stage: str) -> bool:
    return stage in (NIGHT_START, MAYOR, *NIGHT_AFTER_WORD)
