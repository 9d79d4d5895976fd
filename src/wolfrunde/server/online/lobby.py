"""The lobby of one room: seats in table order and the host's settings. Plain data, stored as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from wolfrunde.server.texts import BOT_NAMES

MAX_SEATS = 14
DEFAULT_TIMERS: dict[str, int] = {"night": 45, "day": 180, "vote": 60, "lovers": 30}
TIMER_BOUNDS: dict[str, tuple[int, int]] = {"night": (5, 600), "day": (5, 1800), "vote": (5, 600), "lovers": (5, 120)}
TIMER_NAMES: dict[str, str] = {
    "night": "Nacht",
    "day": "Beratung",
    "vote": "Abstimmung",
    "lovers": "Flüstern der Verliebten",
}
RULES = ("wolfrunde", "duesterwald")


@dataclass
class Seat:
    name: str
    user_id: int | None = None  # None for a bot the server plays
    bot: bool = False
    say: str | None = None  # the player's Aussprache of his name (a respelling the narrator reads)


@dataclass
class Settings:
    rules: str = "wolfrunde"
    roles: list[str] | None = None  # None: the recommended set for the player count
    timers: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_TIMERS))
    meldeliste: bool = False
    narrator: str = "jutta"  # who speaks: jutta, leopold, konrad, mechthild or hedda
    spectators: bool = True  # someone without a seat may watch a running game (the public view only)
    style: str = "voll"  # how much the narrator says: "voll" or "knapp"


@dataclass
class Lobby:
    host_id: int
    seats: list[Seat] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    removed: list[int] = field(default_factory=list)  # accounts the host sent away: they cannot join again

    # --- queries -------------------------------------------------------------------------------
    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.bot:
                return index
        return None

    @property
    def full(self) -> bool:
        return len(self.seats) >= MAX_SEATS

    # --- changes (callers check permissions) -----------------------------------------------------
    def pronunciations(self) -> dict[str, str]:
        """The Aussprache of every seat that gave one, by name."""
        return {seat.name: seat.say for seat in self.seats if seat.say}

    def join(self, user_id: int, name: str, say: str | None = None) -> int:
        for seat in self.seats:  # names at a table are unique: a bot with this name takes another one
            if seat.bot and seat.name.casefold() == name.casefold():
                seat.name = self._free_bot_name(extra=frozenset({name}))
        self.seats.append(Seat(name=name, user_id=user_id, say=say))
        return len(self.seats) - 1

    def remove(self, index: int) -> Seat:
        return self.seats.pop(index)

    def add_bot(self) -> int:
        self.seats.append(Seat(name=self._free_bot_name(), bot=True))
        return len(self.seats) - 1

    def _free_bot_name(self, extra: frozenset[str] = frozenset()) -> str:
        taken = {seat.name.casefold() for seat in self.seats} | {n.casefold() for n in extra}
        candidates = [*BOT_NAMES, *(f"Bot {i}" for i in range(1, MAX_SEATS + 2))]
        return next(n for n in candidates if n.casefold() not in taken)

    # --- persistence -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lobby:
        settings = Settings(**data.get("settings", {}))
        seats = [Seat(**seat) for seat in data.get("seats", [])]
        removed = [int(user) for user in data.get("removed", [])]
        return cls(host_id=int(data["host_id"]), seats=seats, settings=settings, removed=removed)


def check_timers(timers: dict[str, int]) -> str | None:
    """A German complaint about the timers, or None when they are fine."""
    for key, value in timers.items():
        if key not in TIMER_BOUNDS:
            return "Diese Zeiteinstellung gibt es nicht."
        low, high = TIMER_BOUNDS[key]
        if not low <= value <= high:
            return f"Die Zeit für „{TIMER_NAMES[key]}“ muss zwischen {low} und {high} Sekunden liegen."
    return None
