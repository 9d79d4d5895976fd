"""Recommended role sets by player count ("Rollen nach Spielerzahl"), 3 to 40 players."""

from __future__ import annotations

from wolfrunde.engine.cards import card
from wolfrunde.engine.errors import SetupError
from wolfrunde.engine.model import Mode, Rules
from wolfrunde.engine.setup import PLAYER_LIMITS

# village roles in the order they join the table, with the player count from which they do
VILLAGE_ADDITIONS: tuple[tuple[int, str], ...] = (
    (3, "seer"), (5, "witch"), (6, "hunter"), (7, "cupid"), (8, "bodyguard"), (8, "sister"),
    (9, "little_girl"), (10, "brother"), (10, "elder"), (11, "fox"), (12, "piper"), (13, "knight"),
    (14, "fool"), (15, "dog_handler"), (16, "scapegoat"), (17, "denouncer"), (18, "judge"), (19, "maid"),
    (20, "angel"), (22, "border_crosser"), (24, "foundling"),
)
# wolf cards that replace a plain Werwolf, with the player count from which they do
WOLF_UPGRADES: tuple[tuple[int, str], ...] = ((12, "primal_wolf"), (15, "white_wolf"), (18, "alpha_wolf"))
DUESTERWALD_ROLES = ("seer", "witch", "hunter", "cupid", "little_girl")


def wolf_count(players: int) -> int:
    """About one wolf in four and a half players: 1 up to 6, 2 from 7, 3 from 12, 4 from 16 …"""
    if players <= 6:
        return 1
    return max(2, round(players / 4.5) if players < 12 else players // 4)


def recommended_roles(players: int, mode: str = "online", rules: str = "wolfrunde") -> list[str]:
    mode_value, rules_value = Mode(mode), Rules(rules)
    low, high = PLAYER_LIMITS[mode_value]
    if not low <= players <= high:
        raise SetupError(f"Für {players} Spieler gibt es hier keine Besetzung ({low} bis {high}).")
    wolves = ["werewolf"] * wolf_count(players)
    village: list[str] = []
    if rules_value is Rules.DUESTERWALD:
        candidates = [(n, r) for n, r in VILLAGE_ADDITIONS if r in DUESTERWALD_ROLES]
    else:
        candidates = list(VILLAGE_ADDITIONS)
        for index, (threshold, role) in enumerate(WOLF_UPGRADES):
            if players >= threshold and index < len(wolves):
                wolves[index] = role
    for threshold, role in candidates:
        role_card = card(role)
        size = max(role_card.cards_per_set, 1)
        if players < threshold or mode_value not in role_card.modes:
            continue
        if len(wolves) + len(village) + size > players:
            break
        village.extend([role] * size)
    village.extend(["villager"] * (players - len(wolves) - len(village)))
    return wolves + village
