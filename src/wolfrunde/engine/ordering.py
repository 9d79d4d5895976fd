"""One declared sequence, and items that take their place in it by naming the item they follow.

The rules fix several orders (the night, the consequences of a death, the tie rules, the victory list).
Each is written out once as a tuple of ids. A role that is not part of the written order (a new role)
declares `after=<id>` instead, so adding it touches nothing but its own module. Both directions are
checked: a declared id that no role provides, an item that is neither declared nor placed, an item that
is both, an unknown anchor and two items after the same anchor all fail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar


class Placed(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def after(self) -> str | None: ...


P = TypeVar("P", bound=Placed)


class OrderError(RuntimeError):
    """The declared order and the roles' items do not fit together."""


def resolve(what: str, declared: Sequence[str], items: Iterable[P]) -> list[P]:
    """The items in order: the declared ones as written, each placed one right after its anchor."""
    by_id: dict[str, P] = {}
    for item in items:
        if item.id in by_id:
            raise OrderError(f"{what}: {item.id!r} is declared twice")
        by_id[item.id] = item
    missing = [step for step in declared if step not in by_id]
    if missing:
        raise OrderError(f"{what}: {missing} are in the declared order but no role provides them")
    placed = [item for item in by_id.values() if item.id not in declared]
    for item in by_id.values():
        if item.id in declared and item.after is not None:
            raise OrderError(f"{what}: {item.id!r} is in the declared order and also says after={item.after!r}")
        if item.id not in declared and item.after is None:
            raise OrderError(f"{what}: {item.id!r} is not in the declared order and does not say where it goes")
    order = list(declared)
    pending = sorted(placed, key=lambda item: item.id)
    anchors: dict[str, str] = {}
    while pending:
        progress = False
        for item in list(pending):
            anchor = item.after
            assert anchor is not None
            if anchor in anchors:
                raise OrderError(f"{what}: {item.id!r} and {anchors[anchor]!r} both follow {anchor!r}")
            if anchor in order:
                order.insert(order.index(anchor) + 1, item.id)
                anchors[anchor] = item.id
                pending.remove(item)
                progress = True
        if not progress:
            raise OrderError(f"{what}: {[item.id for item in pending]} follow unknown items")
    return [by_id[item_id] for item_id in order]
