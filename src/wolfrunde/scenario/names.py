"""Role names as people write them: German names in any case, ae/oe/ue/ss spellings, or ids."""

from __future__ import annotations

from wolfrunde.engine.cards import all_cards
from wolfrunde.engine.registry import derived

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def fold(text: str) -> str:
    return " ".join(text.casefold().translate(_FOLD).replace("-", " ").replace("_", " ").split())


@derived
def _index() -> dict[str, str]:
    index: dict[str, str] = {}
    for role_id, role_card in all_cards().items():
        for spelling in (role_id, role_card.name, *role_card.aliases):
            index[fold(spelling)] = role_id
    return index


def role_id(text: object) -> str | None:
    """The role id for a written role name, or None if there is no such role."""
    if not isinstance(text, str):
        return None
    return _index().get(fold(text))
