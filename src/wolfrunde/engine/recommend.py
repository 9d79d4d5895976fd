"""Recommended role sets by player count ("Rollen nach Spielerzahl"), 3 to 40 players.

Up to 18 players the sets are written out; beyond, roles join in a fixed order and about a fifth of
the village stays plain Dorfbewohner. The balance was checked with `wolfrunde simulate --table`.
"""

from __future__ import annotations

from wolfrunde.engine.cards import card
from wolfrunde.engine.errors import SetupError
from wolfrunde.engine.model import Mode, Rules
from wolfrunde.engine.setup import PLAYER_LIMITS

W, V = "werewolf", "villager"
SETS: dict[int, tuple[str, ...]] = {
    3: (W, "seer", V),
    4: (W, "seer", "witch", V),
    5: (W, "seer", "witch", V, V),
    6: (W, "seer", "witch", "hunter", V, V),
    7: (W, W, "seer", "witch", "hunter", "bodyguard", V),
    8: (W, W, "seer", "witch", "bodyguard", "sister", "sister", V),
    9: (W, W, "seer", "witch", "hunter", "bodyguard", "sister", "sister", V),
    10: (W, W, "seer", "witch", "hunter", "cupid", "brother", "brother", "brother", V),
    11: (W, W, "seer", "witch", "hunter", "cupid", "bodyguard", "brother", "brother", "brother", V),
    12: (W, W, "seer", "witch", "hunter", "cupid", "bodyguard", "sister", "sister", "elder", "little_girl", V),
    13: (W, W, W, "seer", "witch", "hunter", "bodyguard", "elder", "brother", "brother", "brother", "fox", V),
    14: (
        W,
        W,
        "alpha_wolf",
        "seer",
        "witch",
        "hunter",
        "cupid",
        "bodyguard",
        "elder",
        "sister",
        "sister",
        "piper",
        "fox",
        V,
    ),
    15: (
        W,
        W,
        W,
        "seer",
        "witch",
        "hunter",
        "cupid",
        "bodyguard",
        "brother",
        "brother",
        "brother",
        "knight",
        "fool",
        "elder",
        V,
    ),
    16: (
        W,
        W,
        W,
        "white_wolf",
        "seer",
        "witch",
        "hunter",
        "cupid",
        "bodyguard",
        "sister",
        "sister",
        "fox",
        "dog_handler",
        "judge",
        V,
        V,
    ),
    17: (
        W,
        W,
        "primal_wolf",
        "white_wolf",
        "seer",
        "witch",
        "hunter",
        "cupid",
        "bodyguard",
        "brother",
        "brother",
        "brother",
        "elder",
        "denouncer",
        "scapegoat",
        V,
        V,
    ),
    18: (
        W,
        W,
        "primal_wolf",
        "white_wolf",
        "seer",
        "witch",
        "hunter",
        "cupid",
        "bodyguard",
        "sister",
        "sister",
        "little_girl",
        "fox",
        "knight",
        "maid",
        "angel",
        V,
        V,
    ),
}
# beyond the written sets: roles in the order they join, and wolf cards that replace a plain Werwolf
LARGE_VILLAGE_ORDER = (
    "seer",
    "witch",
    "hunter",
    "cupid",
    "bodyguard",
    "sister",
    "brother",
    "piper",
    "elder",
    "fox",
    "knight",
    "little_girl",
    "fool",
    "dog_handler",
    "scapegoat",
    "denouncer",
    "judge",
    "maid",
    "angel",
    "border_crosser",
    "foundling",
    "thief",
)
LARGE_WOLF_UPGRADES = ("primal_wolf", "white_wolf", "alpha_wolf")
DUESTERWALD = {5: ("seer", "witch"), 7: ("hunter",), 8: ("cupid",), 9: ("little_girl",)}


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
    elif players in SETS:
        roles = list(SETS[players])
    else:
        roles = _large(players)
    return [_fit_mode(role, mode_value) for role in roles]


def _fit_mode(role: str, mode: Mode) -> str:
    return role if mode in card(role).modes else "villager"


def _duesterwald(players: int) -> list[str]:
    """The original card game: Werwölfe, Seherin and the other original characters."""
    roles = [W] * (1 if players < 8 else wolf_count(players))
    roles += ["seer"]
    for threshold, extra in DUESTERWALD.items():
        if players >= threshold:
            roles += [r for r in extra if r != "seer"]
    roles += [V] * (players - len(roles))
    return roles[:players]


def _large(players: int) -> list[str]:
    wolves = [W] * wolf_count(players)
    for index, upgrade in enumerate(LARGE_WOLF_UPGRADES):
        wolves[index] = upgrade
    village_seats = players - len(wolves)
    special_seats = village_seats - village_seats // 5
    village: list[str] = []
    for role in LARGE_VILLAGE_ORDER:
        size = max(card(role).cards_per_set, 1)
        if role == "thief" or len(village) + size > special_seats:
            continue
        village += [role] * size
    return wolves + village + [V] * (village_seats - len(village))
