"""A table before and around its game: who sits where, the host's choices, dealing the cards.

Plain data, stored as JSON. Devices are known by the SHA-256 of their token, never the token itself.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from wolfrunde.engine import Setup, SetupError, all_cards, recommended_roles
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server.table.errors import TableError

SINGLE = "table_single_device"
OWN = "table_own_devices"
MAX_SEATS = 40
NAME_LIMIT = 24
DEFAULT_TIMERS = {"night": 60, "vote": 60}
TIMER_BOUNDS = (5, 600)
DISCUSSION_BOUNDS = (10, 1800)


@dataclass
class TableSettings:
    rules: str = "wolfrunde"
    roles: list[str] | None = None  # None: the engine's recommendation for the player count
    narrator: str = "jutta"
    night_style: str = "eyes_closed"  # one device: eyes_closed | round
    vote_style: str = "hands"  # one device: hands | secret
    discussion: int = 180  # seconds
    timers: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_TIMERS))  # own devices


@dataclass
class Guest:
    name: str
    token_hash: str | None = None  # None: a name typed on the one device


@dataclass
class TableLobby:
    mode: str
    host: str  # token hash of the host's device
    seats: list[Guest] = field(default_factory=list)
    settings: TableSettings = field(default_factory=TableSettings)
    speaker: int = 0  # own devices: the seat whose device plays the narrator

    def seat_of(self, token_hash: str) -> int | None:
        return next((i for i, g in enumerate(self.seats) if g.token_hash == token_hash), None)

    def add(self, name: str, token_hash: str | None) -> int:
        clean = check_name(name)
        if any(g.name.casefold() == clean.casefold() for g in self.seats):
            raise TableError("name_taken")
        if len(self.seats) >= MAX_SEATS:
            raise TableError("table_full")
        self.seats.append(Guest(clean, token_hash))
        return len(self.seats) - 1

    def remove(self, seat: int) -> None:
        """Takes a guest's seat away (lobby only); later seats move up by one, the speaker stays who he was."""
        if not 0 < seat < len(self.seats):
            raise TableError("bad_settings", "Diesen Gast gibt es nicht (die Spielleitung bleibt am Tisch).")
        del self.seats[seat]
        if self.speaker == seat:
            self.speaker = 0
        elif self.speaker > seat:
            self.speaker -= 1

    def recommended(self) -> list[str] | None:
        try:
            return list(recommended_roles(len(self.seats), mode=self.mode, rules=self.settings.rules))
        except (SetupError, ValueError):
            return None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableLobby:
        return cls(
            mode=data["mode"],
            host=data["host"],
            seats=[Guest(**g) for g in data["seats"]],
            settings=TableSettings(**data["settings"]),
            speaker=int(data.get("speaker", 0)),
        )


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LIMIT:
        raise TableError("bad_name")
    return " ".join(name.split())


def check_settings(settings: TableSettings) -> None:
    """Raises TableError(bad_settings) with a German reason."""
    if settings.rules not in ("wolfrunde", "duesterwald"):
        raise TableError("bad_settings", "Unbekannter Regelsatz.")
    if settings.narrator not in NARRATOR_IDS:
        raise TableError("bad_settings", "Unbekannter Erzähler.")
    if settings.night_style not in ("eyes_closed", "round") or settings.vote_style not in ("hands", "secret"):
        raise TableError("bad_settings", "Unbekannte Art für Nacht oder Abstimmung.")
    if not DISCUSSION_BOUNDS[0] <= settings.discussion <= DISCUSSION_BOUNDS[1]:
        raise TableError("bad_settings", "Die Beratung dauert 10 Sekunden bis 30 Minuten.")
    for value in settings.timers.values():
        if not TIMER_BOUNDS[0] <= value <= TIMER_BOUNDS[1]:
            raise TableError("bad_settings", "Zeitgeber zwischen 5 und 600 Sekunden.")


def deal(lobby: TableLobby, rng: random.Random) -> dict[str, Any]:
    """Shuffles the cards to the seats (with a Dieb two stay in the centre, never the Dieb himself) and
    checks the game with the engine. Returns the setup as stored JSON; raises TableError(bad_settings)."""
    roles = lobby.settings.roles if lobby.settings.roles is not None else lobby.recommended()
    if roles is None:
        raise TableError("bad_settings", f"Für {len(lobby.seats)} Spieler gibt es keine Besetzung (3 bis 40).")
    deck = list(roles)
    centre: list[str] = []
    if "thief" in deck and len(deck) == len(lobby.seats) + 2:
        deck.remove("thief")
        loose = [r for r in deck if all_cards()[r].cards_per_set <= 1]  # sets (Schwestern …) stay together
        rng.shuffle(loose)
        centre = loose[:2]
        for role in centre:
            deck.remove(role)
        deck.append("thief")
    rng.shuffle(deck)
    setup = {
        "names": [g.name for g in lobby.seats],
        "roles": deck,
        "center": centre,
        "rules": lobby.settings.rules,
        "mode": lobby.mode,
        "seed": rng.randrange(2**31),
        "meldeliste": False,
    }
    try:
        Setup(
            names=tuple(setup["names"]),
            roles=tuple(deck),
            center=tuple(centre),
            rules=setup["rules"],
            mode=lobby.mode,
            seed=setup["seed"],
        ).validate()
    except SetupError as error:
        raise TableError("bad_settings", str(error)) from None
    return setup
