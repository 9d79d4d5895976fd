"""The night as one declared sequence of steps (seed 000, "Die Nacht"; rulings.md, "Night")."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from wolfrunde.engine.model import Cadence, Mode, Request

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

StepRun = Callable[["Game", "NightEffects"], Generator[list[Request], Any, None]]

NIGHT_ORDER: tuple[str, ...] = (
    "thief",
    "border_crosser",
    "foundling",
    "cupid",
    "lovers",
    "sisters",
    "brothers",
    "bodyguard",
    "denouncer",
    "werewolves",
    "alpha_wolf",
    "white_wolf",
    "seer",
    "fox",
    "dog_handler",
    "witch",
    "piper",
    "enchanted",
    "maid",
)


@dataclass(frozen=True, slots=True)
class NightStep:
    id: str
    cadence: Cadence
    roles: tuple[str, ...]  # the step is called when one of these cards is in the deck
    run: StepRun
    modes: tuple[Mode, ...] | None = None  # None: every mode


@cache
def all_steps() -> dict[str, NightStep]:
    from wolfrunde.engine import roles

    steps: dict[str, NightStep] = {}
    for info in pkgutil.iter_modules(roles.__path__):
        module = importlib.import_module(f"{roles.__name__}.{info.name}")
        for step in getattr(module, "STEPS", ()):
            steps[step.id] = step
    missing = set(NIGHT_ORDER) - set(steps)
    if missing:
        raise RuntimeError(f"night steps without a role module: {sorted(missing)}")
    return steps


def steps_for(game: Game) -> list[NightStep]:
    """The steps called this night: right cadence, role in the deck (alive or not), allowed mode.

    Steps of roles that are in the deck but dead, in the centre or unable to act are still called
    (and do nothing), so that nobody can tell from the calls who is still in play.
    """
    steps = all_steps()
    chosen = []
    for step_id in NIGHT_ORDER:
        step = steps[step_id]
        if not step.cadence.includes(game.round):
            continue
        if step.modes is not None and game.mode not in step.modes:
            continue
        if any(game.in_deck(role) for role in step.roles):
            chosen.append(step)
    return chosen
