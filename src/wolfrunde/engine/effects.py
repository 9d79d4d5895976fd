"""What a night's decisions set up for dawn: threats, protections, and each role's own notes.

Roles write here during the night; dawn (`dawn.resolve`) reads it without knowing any role. A threat is a
death planned for dawn with its cause; whether a protection can stop it is a property of the cause (see
`causes.is_wolf_attack`), not of the role that made it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

WOLF_ATTACK = "wolf_attack"  # what a protection may stop: a wolf attack …
INFECTION = "infection"  # … or the Urwolf's infection


@dataclass(frozen=True, slots=True)
class Threat:
    target: int
    cause: str  # a declared death cause ("werewolves", "poison" …)


@dataclass(frozen=True, slots=True)
class Protection:
    target: int
    by: str  # the role id of the protector (the omniscient log names it)
    against: frozenset[str] = frozenset({WOLF_ATTACK})


@dataclass(slots=True)
class NightEffects:
    """One night's effects, in the order they were set up."""

    threats: list[Threat] = field(default_factory=list)
    protections: list[Protection] = field(default_factory=list)
    notes: dict[str, dict[str, Any]] = field(default_factory=dict)

    def threaten(self, target: int, cause: str) -> None:
        self.threats.append(Threat(target, cause))

    def protect(self, target: int, by: str, *against: str) -> None:
        self.protections.append(Protection(target, by, frozenset(against or (WOLF_ATTACK,))))

    def protector(self, target: int, against: str = WOLF_ATTACK) -> str | None:
        """The first protector of `target` against this kind of harm tonight, if any."""
        for protection in self.protections:
            if protection.target == target and against in protection.against:
                return protection.by
        return None

    def note(self, role_id: str) -> dict[str, Any]:
        """What role `role_id` keeps for later in this night (and for dawn)."""
        return self.notes.setdefault(role_id, {})
