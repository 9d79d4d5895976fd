"""Hand signs at the table: the counted hands per candidate become one engine ballot per voter.

Counts are hands raised, the captain's included; the engine itself weighs the captain's ballot double.
Which voter raised which hand is unknown and does not change the result, so voters are assigned to the
counted hands by a matching that respects each voter's own legal choices (e.g. not the own lover in
Düsterwald); voters left over did not raise a hand (an empty ballot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class HandsError(ValueError):
    """German message for the host: the counts cannot be turned into ballots."""


def ballots_from_hands(
    choices: Mapping[int, Sequence[int]],
    counts: Mapping[int, int],
    captain: int | None = None,
    captain_choice: int | None = None,
) -> dict[int, int | None]:
    """choices: voter -> seats he may vote for; counts: candidate -> hands. Returns voter -> ballot."""
    voters = sorted(choices)
    wanted = {seat: int(n) for seat, n in counts.items() if int(n) > 0}
    if any(n < 0 for n in counts.values()):
        raise HandsError("Negative Stimmenzahlen gibt es nicht.")
    if sum(wanted.values()) > len(voters):
        counted = sum(wanted.values())
        raise HandsError(f"Mehr Hände als Stimmberechtigte: {counted} gezählt, {len(voters)} dürfen stimmen.")
    ballots: dict[int, int | None] = {voter: None for voter in voters}
    free = list(voters)
    if captain is not None and captain in choices and captain_choice is not None:
        if wanted.get(captain_choice, 0) < 1 or captain_choice not in choices[captain]:
            raise HandsError("Die Hand des Hauptmanns muss bei der Person mitgezählt sein, für die er gestimmt hat.")
        ballots[captain] = captain_choice
        wanted[captain_choice] -= 1
        free.remove(captain)
    slots = [seat for seat, n in sorted(wanted.items()) for _ in range(n)]
    holder: dict[int, int] = {}  # slot index -> voter

    def place(voter: int, seen: set[int]) -> bool:
        for index, seat in enumerate(slots):
            if seat in choices[voter] and index not in seen:
                seen.add(index)
                if index not in holder or place(holder[index], seen):
                    holder[index] = voter
                    return True
        return False

    for voter in free:
        place(voter, set())
    if len(holder) < len(slots):
        raise HandsError("Diese Stimmen lassen sich nicht zuordnen: Niemand darf für sich selbst so oft stimmen.")
    for index, voter in holder.items():
        ballots[voter] = slots[index]
    return ballots
