"""Room codes, part of the protocol (the server and the bots read them): easy to read aloud, without
look-alike characters (no 0/O, 1/I/L, 2/Z, 5/S, 8/B).

Six characters from 25 give 244 million codes: with a thousand open rooms a guess hits one in 244,000
tries, and lookups are rate-limited. Five-character codes of older rooms are still read.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
LENGTH = 6
_PATTERN = re.compile(f"^[{ALPHABET}]{{5,{LENGTH}}}$")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(code: str) -> str | None:
    """The canonical code for what a player typed (case and spaces ignored), or None if it cannot be one."""
    cleaned = re.sub(r"[\s-]", "", code).upper()
    return cleaned if _PATTERN.match(cleaned) else None
