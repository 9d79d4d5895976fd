"""German texts for the role pages: summary, place in the night, rules questions, tactics tips."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def role_pages() -> dict[str, dict[str, Any]]:
    """All role pages, keyed by role id (read once from `roles_de.json`)."""
    text = resources.files(__package__).joinpath("roles_de.json").read_text(encoding="utf-8")
    pages: dict[str, dict[str, Any]] = json.loads(text)
    return pages


def role_page(role_id: str) -> dict[str, Any]:
    return role_pages()[role_id]
