"""The night as one declared sequence of steps (seed 000, "Die Nacht"; rulings.md, "Night").

Every id here must be a step of some role module, and every role's step must be here, unless the step
says where it goes (`NightStep(after=…)`, for a role added without touching this file). Both are checked
when the roles are loaded (`registry.table`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wolfrunde.engine.model import Rules

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game
    from wolfrunde.engine.role import NightStep

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


# `duesterwald` (seed 001, "Aufruf der Spieler"): the original card game calls the Seherin before the
# pack; each step named here is called right before the other one.
DUESTERWALD_BEFORE: dict[str, str] = {"seer": "werewolves"}


def in_rules_order(steps: list[NightStep], rules: Rules) -> list[NightStep]:
    """The night's steps in the order of the game's rule set."""
    if rules is not Rules.DUESTERWALD:
        return steps
    present = {step.id for step in steps}
    moving = {step.id: step for step in steps if DUESTERWALD_BEFORE.get(step.id) in present}
    ordered: list[NightStep] = []
    for step in steps:
        if step.id not in moving:
            ordered.extend(m for m in moving.values() if DUESTERWALD_BEFORE[m.id] == step.id)
            ordered.append(step)
    return ordered


def night_order() -> tuple[str, ...]:
    """Every step of the roles in play, in order: NIGHT_ORDER with the placed steps of added roles."""
    from wolfrunde.engine.registry import table

    return tuple(step.id for step in table().steps)


def all_steps() -> dict[str, NightStep]:
    from wolfrunde.engine.registry import table

    return {step.id: step for step in table().steps}


def steps_for(game: Game) -> list[NightStep]:
    """The steps called this night: right cadence, allowed mode, a card it is called for in the deck
    (alive or not, held or in the centre).

    Steps of roles that are in the deck but dead, in the centre or unable to act are still called
    (and do nothing), so that nobody can tell from the calls who is still in play.
    """
    return [
        step
        for step in game.called_steps
        if step.cadence.includes(game.round) and (step.modes is None or game.mode in step.modes)
    ]
