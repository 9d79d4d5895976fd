"""Recommended role sets by player count ("Rollen nach Spielerzahl"), 3 to 40 players.

Each role declares its place (`Role.recommend`): the written sets (3 to 18 players) it is part of, its
place in the order in which roles join larger sets, and from how many players the `duesterwald` set has
it. Beyond 18, cards join in that order and about a fifth of the village stays plain. The balance was
checked with `wolfrunde simulate --table`.
"""

from __future__ import annotations

from wolfrunde.engine import registry
from wolfrunde.engine.errors import SetupError
from wolfrunde.engine.model import Mode, Rules, Side
from wolfrunde.engine.role import Role
from wolfrunde.engine.setup import PLAYER_LIMITS

# wolf-side cards in the written sets
WOLF_SEATS: dict[int, int] = {n: 1 if n <= 6 else 2 if n <= 12 else 3 if n <= 15 else 4 for n in range(3, 19)}


def wolf_count(players: int) -> int:
    """About one wolf in four players (at least one; three from twelve as in the card game)."""
    if players <= 6:
        return 1
    return max(2, players // 4 if players >= 12 else 2)


def recommended_roles(players: int, mode: str = "online", rules: str = "wolfrunde") -> list[str]:
    mode_value, rules_value = Mode(mode), Rules(rules)
    low, high = PLAYER_LIMITS[mode_value]
    if not low <= players <= high:
        raise SetupError(f"Für {players} Spieler gibt es hier keine Besetzung ({low} bis {high}).")
    if rules_value is Rules.DUESTERWALD:
        roles = _duesterwald(players)
    elif players in WOLF_SEATS:
        roles = _written(players)
    else:
        roles = _large(players)
    return [_fit_mode(role, mode_value) for role in roles]


def _fit_mode(role: str, mode: Mode) -> str:
    return role if mode in registry.cards()[role].modes else _filler(Side.VILLAGE)


def _filler(side: Side) -> str:
    return next(r.id for r in registry.roles() if r.recommend.filler and r.card.side is side)


def _ranked(wolves: bool) -> list[Role]:
    """The cards that join sets, in their declared order (wolf cards and village cards apart)."""
    joining = [
        r for r in registry.roles() if r.recommend.large is not None and r.card.is_wolf_card == wolves and r.card.dealt
    ]
    return sorted(joining, key=lambda r: (r.recommend.large or 0, r.id))


def _copies(role: Role) -> list[str]:
    return [role.id] * max(role.card.cards_per_set, 1)


def _written(players: int) -> list[str]:
    upgrades = [r.id for r in _ranked(wolves=True) if players in r.recommend.sets]
    wolves = [_filler(Side.WOLVES)] * (WOLF_SEATS[players] - len(upgrades)) + upgrades
    village = [card for r in _ranked(wolves=False) if players in r.recommend.sets for card in _copies(r)]
    return wolves + village + [_filler(Side.VILLAGE)] * (players - len(wolves) - len(village))


def _duesterwald(players: int) -> list[str]:
    """The original card game: Werwölfe, Seherin and the other original characters."""
    roles = [_filler(Side.WOLVES)] * (1 if players < 8 else wolf_count(players))
    original = [r for r in registry.roles() if r.recommend.duesterwald_from is not None]
    for role in sorted(original, key=lambda r: (r.recommend.duesterwald_from or 0, r.recommend.large or 0)):
        if players >= (role.recommend.duesterwald_from or 0):
            roles += _copies(role)
    roles += [_filler(Side.VILLAGE)] * (players - len(roles))
    return roles[:players]


def _large(players: int) -> list[str]:
    wolves = [_filler(Side.WOLVES)] * wolf_count(players)
    for index, upgrade in enumerate(_ranked(wolves=True)[: len(wolves)]):
        wolves[index] = upgrade.id
    village_seats = players - len(wolves)
    special_seats = village_seats - village_seats // 5
    village: list[str] = []
    for role in _ranked(wolves=False):
        copies = _copies(role)
        if len(village) + len(copies) > special_seats:
            continue
        village += copies
    return wolves + village + [_filler(Side.VILLAGE)] * (village_seats - len(village))
