"""What a group of seats may know: the only table module that reads the engine's events and requests.

Private events for a group are the events every seat of the group may see (`visible(seat)` for each),
which is exactly the part their own views have in common. Public events are those visible to everyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wolfrunde.engine.core import DAY_STEPS
from wolfrunde.server.match import Match

PUBLIC_KINDS = frozenset({"hunter", "captain_successor", "tiebreak"})  # decided openly at the table
VOTE_KINDS = frozenset({"captain", "captain_runoff", "vote", "revote", "second_vote"})
DISCUSSION = "ready"


def names(match: Match) -> list[str]:
    return list(match.setup["names"])


def event_count(match: Match) -> int:
    return len(match.game.events)


def private_events(match: Match, group: Sequence[int], start: int = 0) -> list[tuple[int, dict[str, Any]]]:
    """(index, event) for every secret event from `start` on that every seat of `group` may see."""
    found = []
    for index, event in enumerate(match.game.events[start:], start):
        if event.visible_to is None or not event.visible_to:
            continue
        if all(seat in event.visible_to for seat in group):
            found.append((index, {"type": event.type, **event.data}))
    return found


def public_events(match: Match, start: int, stop: int | None = None) -> list[Any]:
    """The engine events from `start` to `stop` that everyone may see (for the narrator)."""
    return [e for e in match.game.events[start:stop] if e.visible_to is None]


def step_indices(match: Match) -> list[int]:
    """Positions of every called night step in the event log (public: steps of dead roles too)."""
    return [i for i, e in enumerate(match.game.events) if e.type == "step" and e.visible_to is None]


def step_of(match: Match, index: int) -> str:
    return str(match.game.events[index].data["step"])


def night_step(step: str) -> bool:
    """Whether a called step belongs to the night (the village closes its eyes) or to the day (the verdict)."""
    return step not in DAY_STEPS


def pending(match: Match, seats: Iterable[int] | None = None) -> list[dict[str, Any]]:
    """Open requests (as views describe them), optionally only those of some seats."""
    wanted = None if seats is None else set(seats)
    return [r.describe() for r in match.game.pending() if wanted is None or r.seat in wanted]


def phase(match: Match) -> str:
    return str(match.game.phase)


def living(match: Match) -> list[int]:
    return match.game.living()


def captain(match: Match) -> int | None:
    seat = match.game.captain
    return seat if seat is not None and match.game.players[seat].alive else None


def own_role(match: Match, seat: int) -> str:
    return str(match.view(seat)["you"]["role"])


def final_roles(match: Match) -> list[str]:
    """Every seat's card: only called once the game is over (the views then show every role)."""
    assert match.over
    return [p["role"] for p in match.view(0)["players"]]
