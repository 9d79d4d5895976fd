"""The end screen comes after the narrator has told the end: in every seat's stream the victory line comes
before the first view with a result, whatever order timers due at the same moment fire in, and on a test
server that waits for no narration as on a real one."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.sim_room import play
from tests.server.test_message_streams import NAMES, choose, setup


def night_ending(seed: int) -> dict[str, Any]:
    """Two wolves among five: the first night's victim ends the game at dawn, after two steps nobody
    answers (the Seherin and the Hexe lie in the centre), so the end is told in three parts."""
    dealt = {"roles": ["thief", "werewolf", "werewolf", "villager", "villager"], "center": ["seer", "witch"]}
    return {**setup("seer", False, seed), "names": NAMES[:5], **dealt}


def first(received: list[tuple[float, dict[str, Any]]], found: Any) -> int:
    return next(index for index, (_at, message) in enumerate(received) if found(message))


def victory_told(message: dict[str, Any]) -> bool:
    return message["type"] == "narration" and any(cue["scene"].startswith("victory_") for cue in message["cues"])


def end_shown(message: dict[str, Any]) -> bool:
    return message["type"] == "game" and message["view"]["result"] is not None


@pytest.mark.parametrize("ties_reversed", [False, True])
@pytest.mark.parametrize(("narration_wait", "pauses"), [(0.0, (0.0, 0.01)), (1.0, None)])
def test_the_end_screen_follows_the_victory_line(
    ties_reversed: bool, narration_wait: float, pauses: tuple[float, float] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for game in range(4):
        received = play(
            night_ending(game),
            choose,
            lambda seat, kind: 1.0,
            monkeypatch,
            room_seed=game,
            narration_wait=narration_wait,
            pauses=pauses,
            ties_reversed=ties_reversed,
        )
        for seat, stream in received.items():
            told, shown = first(stream, victory_told), first(stream, end_shown)
            assert told < shown, f"game {game}, seat {seat}: the end screen came before the victory line"
            assert not any(victory_told(message) for _at, message in stream[shown:])
