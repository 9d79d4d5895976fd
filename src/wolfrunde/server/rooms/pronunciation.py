"""A player's Aussprache as every room kind keeps it: cleaned, or refused with the reason it cannot be
spoken (the same check as the narrator's own, `narration.names.check_pronunciation`)."""

from __future__ import annotations

from wolfrunde.narration.names import check_pronunciation
from wolfrunde.server.rooms.protocol import Refusal


def kept_pronunciation(say: str | None) -> str | None:
    """The Aussprache to keep (None: the name as written); raises Refusal("bad_pronunciation")."""
    if say is None or not say.strip():
        return None
    try:
        return check_pronunciation(say)
    except ValueError as problem:
        raise Refusal("bad_pronunciation", str(problem)) from None
