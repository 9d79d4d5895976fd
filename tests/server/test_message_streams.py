"""No seat's stream of messages varies with what it may not know.

Pairs of online games that differ in one hidden fact only: a role's card lies at a seat, or in the centre
(the Dieb keeps his own card, so nobody but him can know). Whoever holds the card acts as quietly as the
rules allow (the Seherin looks, the Fuchs sniffs, the Hexe keeps her potions, the Magd and the Richter stay
seated, the Mädchen does not peek). Every other seat — except the Dieb, who has seen the centre — must
receive the same messages at the same times in both games, until the end reveals every card.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.sim_room import play, stream

from wolfrunde.server.match import Match

THIEF, HOLDER = 0, 3  # the Dieb's seat; the seat that holds the hidden card in the first game
NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Frieda", "Gustav", "Hanna", "Ida"]
QUIET = {
    "seer": 1,
    "fox": 6,
    "bodyguard": None,
    "witch": {"heal": None, "poison": None},
    "maid": False,
    "judge": False,
    "peek": 0,
    "little_girl": 0,
}
HIDDEN_ROLES = ("seer", "fox", "bodyguard", "witch", "maid", "judge", "little_girl")


def setup(hidden: str, at_seat: bool, seed: int) -> dict[str, Any]:
    roles = ["thief", "werewolf", "werewolf", "villager", "villager", "hunter", "villager", "villager", "villager"]
    centre = ["villager", "villager"]
    if at_seat:
        roles[HOLDER] = hidden
    else:
        centre[0] = hidden
    return {
        "names": NAMES,
        "roles": roles,
        "center": centre,
        "rules": "wolfrunde",
        "mode": "online",
        "seed": seed,
        "narration_seed": seed + 1,
        "meldeliste": False,
    }


def choose(match: Match, seat: int, request: Any) -> Any:
    """Everyone plays the same way in both games; nothing the hidden card's holder does shows."""
    if seat == HOLDER and request.kind in QUIET:
        return QUIET[request.kind]
    options = request.options
    if request.kind == "thief":
        return None
    if options["type"] == "seat":
        targets = [s for s in options["choices"] if s != HOLDER] or options["choices"]
        return max(targets) if targets else None
    return request.default


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(hidden=st.sampled_from(HIDDEN_ROLES), seed=st.integers(0, 2**31), think=st.floats(0.5, 8.0))
def test_a_card_at_a_seat_or_in_the_centre_sends_nobody_else_a_different_message(
    hidden: str, seed: int, think: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    def thinking(seat: int, kind: str) -> float:
        return think

    present = play(setup(hidden, True, seed), choose, thinking, monkeypatch)
    absent = play(setup(hidden, False, seed), choose, thinking, monkeypatch)
    for seat in range(len(NAMES)):
        if seat in (THIEF, HOLDER):
            continue
        a, b = stream(present[seat]), stream(absent[seat])
        assert len(a) == len(b), (
            f"{hidden}: seat {seat} got {len(a)} messages with the card at a seat, {len(b)} without"
        )
        apart = max((abs(x - y) for (x, _), (y, _) in zip(a, b, strict=True)), default=0.0)
        assert apart < 1e-3, f"{hidden}: seat {seat} got them at other times ({apart:.6f} s apart)"  # float sums
        end = next((i for i, (_, text) in enumerate(a) if '"result": {' in text), len(a))
        said = [text for _, text in a[:end]], [text for _, text in b[:end]]
        assert said[0] == said[1], f"{hidden}: seat {seat} was told something else before the end"


def urwolf_setup(at_seat: bool, seed: int) -> dict[str, Any]:
    """The Urwolf's card held by one of the two wolves, or lying in the centre under a plain Werwolf."""
    game = setup("seer", False, seed)
    game["center"] = ["villager", "primal_wolf"] if not at_seat else ["villager", "werewolf"]
    game["roles"][1] = "primal_wolf" if at_seat else "werewolf"
    return game


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31), think=st.floats(0.5, 60.0))
def test_the_urwolfs_question_after_the_packs_choice_shows_in_no_villagers_stream(
    seed: int, think: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """He is asked within the pack's step, after its choice, only when he is in play and has not used his
    power: the step lasts as long either way, so no villager learns either from it."""
    present = play(urwolf_setup(True, seed), choose, lambda seat, kind: think, monkeypatch)
    absent = play(urwolf_setup(False, seed), choose, lambda seat, kind: think, monkeypatch)
    for seat in range(3, len(NAMES)):  # the villagers: not the Dieb, not the two wolves
        a, b = stream(present[seat]), stream(absent[seat])
        assert len(a) == len(b), f"seat {seat}: {len(a)} messages with the Urwolf in play, {len(b)} without"
        apart = max((abs(x - y) for (x, _), (y, _) in zip(a, b, strict=True)), default=0.0)
        assert apart < 1e-3, f"seat {seat} got them at other times ({apart:.3f} s apart)"
