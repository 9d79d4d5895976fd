"""Room codes: short, easy to read aloud, without look-alike characters (no 0/O, 1/I/L, 2/Z, 5/S, 8/B)."""

from __future__ import annotations

import re
import secrets

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
LENGTH = 5
_PATTERN = re.compile(f"^[{ALPHABET}]{{{LENGTH}}}$")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(code: str) -> str | None:
    """The canonical code for what a player typed (case and spaces ignored), or None if it cannot be one."""
    cleaned = re.sub(r"[\s-]", "", code).upper()
    return cleaned if _PATTERN.match(cleaned) else None
