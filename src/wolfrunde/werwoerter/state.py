"""The full state of one game. Only the engine reads it; players get views (view.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import StrEnum

from wolfrunde.werwoerter.events import Event, GameEnded
from wolfrunde.werwoerter.game_setup import Setup
from wolfrunde.werwoerter.markers import SUPPLY, Pool
from wolfrunde.werwoerter.roles import Role


class Phase(StrEnum):
    NIGHT = "night"
    DAY = "day"
    POINTING = "pointing"
    """The word was guessed: the Werwölfe have revealed and point at whom they take for the Seherin."""
    TALK = "talk"
    """The word was not guessed: one minute of talk before the vote."""
    VOTE = "vote"
    OVER = "over"


class Ending(StrEnum):
    GUESSED = "guessed"
    NOT_GUESSED = "not_guessed"

    @property
    def other(self) -> Ending:
        return Ending.NOT_GUESSED if self is Ending.GUESSED else Ending.GUESSED


@dataclass
class State:
    setup: Setup
    rng: random.Random
    roles: tuple[Role, ...]
    mayor: int
    phase: Phase = Phase.NIGHT
    offered: tuple[str, ...] = ()
    word: str | None = None
    stock: dict[Pool, int] = field(default_factory=lambda: dict(SUPPLY))
    ending: Ending | None = None
    points: dict[int, int | None] = field(default_factory=dict)
    votes: dict[int, int | None] = field(default_factory=dict)
    result: GameEnded | None = None
    events: list[Event] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.roles)

    @property
    def werewolves(self) -> tuple[int, ...]:
        return tuple(seat for seat, role in enumerate(self.roles) if role is Role.WEREWOLF)

    @property
    def seer(self) -> int:
        return self.roles.index(Role.SEER)

    def others(self, seat: int) -> tuple[int, ...]:
        return tuple(other for other in range(self.size) if other != seat)

    def emit(self, *events: Event) -> None:
        self.events.extend(events)

    def copy(self) -> State:
        """An independent copy, so that a decision can be tried and dropped if it is illegal."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return replace(
            self,
            rng=rng,
            stock=dict(self.stock),
            points=dict(self.points),
            votes=dict(self.votes),
            events=list(self.events),
        )
