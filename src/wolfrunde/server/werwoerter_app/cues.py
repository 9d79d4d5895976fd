"""Narrator cues: which ww_* scene to speak now, with one variant's German text as the caption."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from wolfrunde.narration.catalogue import Catalogue, load_catalogue
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.template import fill
from wolfrunde.werwoerter.events import DayEnded, EndingStarted, Event, GameEnded, VoteStarted, Whoops
from wolfrunde.werwoerter.roles import Side

DEFAULT_NARRATOR = "jutta"
UNKNOWN_NARRATOR = f"Diesen Erzähler gibt es nicht (möglich: {', '.join(n.capitalize() for n in NARRATOR_IDS)})."


@cache
def catalogue() -> Catalogue:
    return load_catalogue()


def cue(
    scene_id: str,
    narrator: str,
    rng: random.Random,
    values: dict[str, Any] | None = None,
    variant: int | None = None,
) -> dict[str, Any]:
    """A cue message: the client speaks `scene` with `variant` (audio) or shows `text` as a caption;
    `variant`: the one the round's clips were made of (a random one when None)."""
    if narrator not in NARRATOR_IDS:
        narrator = DEFAULT_NARRATOR
    scene = catalogue()[scene_id]
    count = len(scene.variants[narrator])
    variant = variant if variant is not None and 0 <= variant < count else rng.randrange(count)
    filled = {key: value for key, value in (values or {}).items()}
    return {
        "type": "cue",
        "scene": scene_id,
        "narrator": narrator,
        "variant": variant,
        "values": filled,
        "text": fill(scene.text(narrator, variant), filled),
    }


def scenes_for_events(new_events: tuple[Event, ...]) -> list[str]:
    """Scenes the engine's public events call for, in order."""
    scenes: list[str] = []
    for event in new_events:
        if event.visible_to is not None:
            continue
        match event:
            case DayEnded(reason="time"):
                scenes.append("ww_time_up")
            case DayEnded(reason="markers"):
                scenes.append("ww_no_markers_left")
            case Whoops():
                scenes.append("ww_whoops")
            case EndingStarted(ending="guessed"):
                scenes.append("ww_word_guessed")
            case EndingStarted():
                scenes.append("ww_talk_minute")
            case VoteStarted():
                scenes.append("ww_vote_call")
            case GameEnded():
                scenes.append("ww_village_wins" if event.winner is Side.VILLAGE else "ww_werewolves_win")
            case _:
                pass
    return scenes
