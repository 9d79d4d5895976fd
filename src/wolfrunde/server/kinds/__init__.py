"""One module per way to play. Each defines `KIND`, a class that follows `rooms.kind.RoomKind`; the
registry finds them here, so adding a kind is adding a module (and its routes)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from wolfrunde.server.rooms.kind import RoomKind


@cache
def all_kinds() -> dict[str, type[RoomKind]]:
    """Every room kind by its id, found by scanning this package."""
    kinds: dict[str, type[RoomKind]] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for kind in getattr(module, "KINDS", (getattr(module, "KIND", None),)):
            if kind is not None:
                kinds[kind.kind_id] = kind
    return kinds
