"""A table before and around its game: who sits where, the host's choices, dealing the cards.

Plain data, stored as JSON. Devices are known by the SHA-256 of their token, never the token itself.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server.match import SetupError, deal, recommended
from wolfrunde.server.player_names import same_name_key, spelling_problem, tidy
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table import texts
from wolfrunde.server.table.texts import no_cast

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
    style: str = "voll"  # how much the narrator says: "voll" or "knapp" (the short texts)


@dataclass
class Guest:
    name: str
    token_hash: str | None = None  # None: a name typed on the one device
    say: str | None = None  # how the narrator pronounces the name (the guest's Aussprache)


@dataclass
class TableLobby:
    mode: str
    host: str  # token hash of the host's device
    seats: list[Guest] = field(default_factory=list)
    settings: TableSettings = field(default_factory=TableSettings)
    speaker: int = 0  # own devices: the seat whose device plays the narrator

    def seat_of(self, token_hash: str) -> int | None:
        return next((i for i, g in enumerate(self.seats) if g.token_hash == token_hash), None)

    def add(self, name: str, token_hash: str | None, typed: bool = False) -> int:
        """Seats a player; `typed`: one of the names typed in at once (a refusal says which one)."""
        number = len(self.seats) + 1 if typed else None
        clean = check_name(name, number)
        key = same_name_key(clean)
        same = next((i for i, g in enumerate(self.seats) if same_name_key(g.name) == key), None)
        if same is not None:
            raise Refusal("name_taken", texts.same_name(number, clean, same + 1) if number else None)
        if len(self.seats) >= MAX_SEATS:
            raise Refusal("table_full", limit=MAX_SEATS)
        self.seats.append(Guest(clean, token_hash))
        return len(self.seats) - 1

    def remove(self, seat: int) -> None:
        """Takes a guest's seat away (lobby only); later seats move up by one, the speaker stays who he was."""
        if seat == 0:
            raise Refusal("cannot_remove_host")
        if not 0 < seat < len(self.seats):
            raise Refusal("no_such_seat")
        del self.seats[seat]
        if self.speaker == seat:
            self.speaker = 0
        elif self.speaker > seat:
            self.speaker -= 1

    def pronunciations(self) -> dict[str, str]:
        """The Aussprache of every seat that gave one, by name (as the online lobby's)."""
        return {guest.name: guest.say for guest in self.seats if guest.say}

    def recommended(self) -> list[str] | None:
        return recommended(len(self.seats), self.settings.rules, self.mode)

    def copy(self) -> TableLobby:
        return TableLobby.from_dict(self.to_dict())

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


def new_lobby(mode: str, settings: TableSettings, names: list[Any], host: str) -> TableLobby:
    """A new table: `names` in seat order, the first one the host's (his device's token hash `host`).
    Raises Refusal with a German reason."""
    check_settings(settings)
    typed = len(names) != 1  # one device: every name typed in at once; own devices: the host's own
    if typed and not names:
        raise Refusal("bad_name", texts.NO_NAMES)
    if len(names) > MAX_SEATS:
        raise Refusal("table_full", texts.too_many_names(len(names), MAX_SEATS))
    lobby = TableLobby(mode=mode, host=host, settings=settings)
    for index, name in enumerate(names):
        lobby.add(name, host if index == 0 else None, typed=typed)
    return lobby


def check_name(name: Any, number: int | None = None) -> str:
    """The name as it is seated (spaces tidied); `number`: its place in a typed list, named in a refusal."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LIMIT:
        length = len(name.strip()) if isinstance(name, str) else 0
        raise Refusal("bad_name", texts.bad_name(number, length, NAME_LIMIT) if number else None)
    clean = tidy(name)
    problem = spelling_problem(clean)
    if problem is not None:
        raise Refusal("bad_name", f"Name {number}: {problem}" if number else problem)
    if clean.casefold() in texts.RESERVED_NAMES:
        raise Refusal("bad_name", texts.reserved_name(number, clean))
    return clean


def check_settings(settings: TableSettings) -> None:
    """Raises Refusal(bad_settings) with a German reason."""
    if settings.rules not in ("wolfrunde", "duesterwald"):
        raise Refusal("bad_settings", "Unbekannter Regelsatz.")
    if settings.narrator not in NARRATOR_IDS:
        raise Refusal("bad_settings", "Unbekannter Erzähler.")
    if settings.night_style not in ("eyes_closed", "round") or settings.vote_style not in ("hands", "secret"):
        raise Refusal("bad_settings", "Unbekannte Art für Nacht oder Abstimmung.")
    if not DISCUSSION_BOUNDS[0] <= settings.discussion <= DISCUSSION_BOUNDS[1]:
        raise Refusal("bad_settings", "Die Beratung dauert 10 Sekunden bis 30 Minuten.")
    if settings.style not in ("voll", "knapp"):
        raise Refusal("bad_settings", texts.BAD_STYLE)
    for value in settings.timers.values():
        if not TIMER_BOUNDS[0] <= value <= TIMER_BOUNDS[1]:
            raise Refusal("bad_settings", "Zeitgeber zwischen 5 und 600 Sekunden.")


def deal_cards(lobby: TableLobby, rng: random.Random) -> dict[str, Any]:
    """The table's cards, dealt by the one deal of every kind (sets stay together, the centre only takes
    what may lie there). Returns the setup as stored JSON; raises SetupError with a German reason."""
    roles = lobby.settings.roles if lobby.settings.roles is not None else lobby.recommended()
    if roles is None:
        raise SetupError(no_cast(len(lobby.seats)))
    names = [guest.name for guest in lobby.seats]
    eyes_open = lobby.mode == SINGLE and lobby.settings.night_style == "round"
    return deal(names, roles, rules=lobby.settings.rules, mode=lobby.mode, eyes_open=eyes_open, rng=rng)
