"""Guest tokens: a random secret for the device, only its hash is stored."""

from __future__ import annotations

import hashlib
import re
import secrets

NAME = re.compile(r"^[\wÄÖÜäöüß][\w .ÄÖÜäöüß\-]{0,18}[\wÄÖÜäöüß.]?$")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(raw: object) -> str | None:
    """The trimmed name, or None if it is no acceptable player name (1–20 letters, digits, spaces, - .)."""
    if not isinstance(raw, str):
        return None
    name = " ".join(raw.split())
    return name if NAME.fullmatch(name) else None
