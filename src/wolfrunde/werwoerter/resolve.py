"""Who wins: after the Werwölfe pointed (word guessed) or after the vote (word not guessed)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wolfrunde.werwoerter.roles import Role, Side


@dataclass(frozen=True)
class Outcome:
    winner: Side
    reason: str
    """seer_found, seer_missed, werewolf_voted, werewolf_missed or everyone_one_vote."""
    revealed: tuple[int, ...]
    """Seats whose cards are turned over to decide it."""


def after_pointing(roles: Sequence[Role], points: Mapping[int, int | None]) -> Outcome:
    """Each Werwolf pointed at a different person (or at nobody in time); the Seherin among them wins for the wolves."""
    revealed = tuple(sorted(target for target in points.values() if target is not None))
    if any(roles[seat] is Role.SEER for seat in revealed):
        return Outcome(Side.WEREWOLVES, "seer_found", revealed)
    return Outcome(Side.VILLAGE, "seer_missed", revealed)


def count_votes(votes: Mapping[int, int | None]) -> dict[int, int]:
    return dict(sorted(Counter(target for target in votes.values() if target is not None).items()))


def most_voted(counts: Mapping[int, int]) -> tuple[int, ...]:
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(seat for seat, count in counts.items() if count == top)


def after_vote(roles: Sequence[Role], votes: Mapping[int, int | None]) -> Outcome:
    """Most votes reveal, all tied reveal; a Werwolf among them wins for the village.

    If every player got exactly one vote, the Werwölfe win whoever holds which card. A missing vote is
    no vote, so the same holds when nobody got more than one vote (docs/rulings.md): with every vote
    in, that is the case exactly when each player got one.
    """
    counts = count_votes(votes)
    top = most_voted(counts)
    if counts and max(counts.values()) == 1:
        return Outcome(Side.WEREWOLVES, "everyone_one_vote", top)
    if any(roles[seat] is Role.WEREWOLF for seat in top):
        return Outcome(Side.VILLAGE, "werewolf_voted", top)
    return Outcome(Side.WEREWOLVES, "werewolf_missed", top)
