"""Guest tokens: a random secret for the device, only its hash is stored."""

from __future__ import annotations

import hashlib
import re
import secrets

from wolfrunde.server.player_names import spelling_problem, tidy

NAME = re.compile(r"^[\wÄÖÜäöüß][\w .ÄÖÜäöüß\-]{0,18}[\wÄÖÜäöüß.]?$")
NAME_LIMIT = 20
ALLOWED = re.compile(r"[\w .\-]")
ALLOWED_WORDS = "Buchstaben, Ziffern, Leerzeichen, Punkt und Bindestrich"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def name_problem(raw: object) -> str | None:
    """Why `raw` is no acceptable player name, in German; None when `clean_name` takes it."""
    if clean_name(raw) is not None:
        return None
    name = tidy(raw) if isinstance(raw, str) else ""
    if not name:
        return "Bitte gib einen Namen ein."
    if (spelling := spelling_problem(name)) is not None:
        return spelling
    if len(name) > NAME_LIMIT:
        return f"Ein Name hat höchstens {NAME_LIMIT} Zeichen, dieser hat {len(name)}."
    bad = " ".join(f"„{char}“" for char in dict.fromkeys(name) if not ALLOWED.fullmatch(char))
    if bad:
        return f"Diese Zeichen gehen in Namen nicht: {bad}. Erlaubt sind {ALLOWED_WORDS}."
    if name[0] in ".-":
        return "Ein Name beginnt mit einem Buchstaben oder einer Ziffer."
    return f"Bitte gib einen anderen Namen ein: bis {NAME_LIMIT} Zeichen, {ALLOWED_WORDS}."


def clean_name(raw: object) -> str | None:
    """The trimmed name, or None if it is no acceptable player name (1–20 letters, digits, spaces, - .)."""
    if not isinstance(raw, str):
        return None
    name = tidy(raw)
    return name if NAME.fullmatch(name) and spelling_problem(name) is None else None
