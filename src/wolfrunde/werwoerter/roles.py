"""The cards of Werwörter: secret roles, their sides, and the deck for each player count."""

from __future__ import annotations

from enum import StrEnum

MIN_PLAYERS = 4
MAX_PLAYERS = 10
MAYOR_CARD = "mayor"
"""The Bürgermeister card: an office held in addition to a secret role, not a secret role itself."""


class Side(StrEnum):
    VILLAGE = "village"
    WEREWOLVES = "werewolves"


class Role(StrEnum):
    SEER = "seer"
    WEREWOLF = "werewolf"
    VILLAGER = "villager"

    @property
    def german(self) -> str:
        return GERMAN_NAMES[self.value]

    @property
    def side(self) -> Side:
        return Side.WEREWOLVES if self is Role.WEREWOLF else Side.VILLAGE


GERMAN_NAMES = {
    MAYOR_CARD: "Bürgermeister",
    Role.SEER.value: "Seherin",
    Role.WEREWOLF.value: "Werwolf",
    Role.VILLAGER.value: "Dorfbewohner",
}
SIDE_NAMES = {Side.VILLAGE: "das Dorf", Side.WEREWOLVES: "die Werwölfe"}


def werewolf_count(players: int) -> int:
    """One Werwolf for 4–6 players, two from 7 players on."""
    return 2 if players >= 7 else 1


def deck(players: int) -> tuple[str, ...]:
    """Bürgermeister, Seherin, the Werwölfe and Dorfbewohner: one card more than players."""
    wolves = werewolf_count(players)
    villagers = players - 1 - wolves
    return (
        MAYOR_CARD,
        Role.SEER.value,
        *([Role.WEREWOLF.value] * wolves),
        *([Role.VILLAGER.value] * villagers),
    )
