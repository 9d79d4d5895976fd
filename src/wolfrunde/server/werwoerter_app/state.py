"""What a Werwörter round keeps besides its game: the mode, the seats, the host's settings and the stage.

It is stored as the room's `state` (`{"mode", "seats", "settings", "stage"}`); the game itself is its
setup and its stored decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR, UNKNOWN_NARRATOR
from wolfrunde.server.werwoerter_app.stages import Stage, StageRecord
from wolfrunde.werwoerter.game_setup import DAY_SECONDS, MAX_DAY_SECONDS, MIN_DAY_SECONDS
from wolfrunde.werwoerter.words import LEVELS


class Mode(StrEnum):
    SINGLE = "single"  # one device, the Bürgermeister's, acts for every seat
    DEVICES = "devices"  # everyone's own device; seat 0 is the host


@dataclass
class Seat:
    name: str
    token: str | None = None  # sha256 of the guest token (own devices)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name} if self.token is None else {"name": self.name, "token": self.token}


@dataclass
class Settings:
    difficulty: int = 1
    day_seconds: int = DAY_SECONDS
    narrator: str = DEFAULT_NARRATOR
    speaker: int = 0  # the seat whose device speaks (own devices)
    device: str | None = None  # sha256 of the one device's token (one device)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "difficulty": self.difficulty,
            "day_seconds": self.day_seconds,
            "narrator": self.narrator,
            "speaker": self.speaker,
        }
        if self.device is not None:
            data["device"] = self.device
        return data

    def shown(self) -> dict[str, Any]:
        """What every device is told (never the device's token)."""
        return {
            "difficulty": self.difficulty,
            "day_seconds": self.day_seconds,
            "narrator": self.narrator,
            "speaker": self.speaker,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        return cls(
            difficulty=int(data.get("difficulty", 1)),
            day_seconds=int(data.get("day_seconds", DAY_SECONDS)),
            narrator=str(data.get("narrator", DEFAULT_NARRATOR)),
            speaker=int(data.get("speaker") or 0),
            device=data.get("device"),
        )


@dataclass
class RoundState:
    mode: Mode
    seats: list[Seat]
    settings: Settings
    stage: StageRecord = field(default_factory=lambda: StageRecord(Stage.LOBBY))

    @property
    def single(self) -> bool:
        return self.mode is Mode.SINGLE

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "seats": [seat.to_json() for seat in self.seats],
            "settings": self.settings.to_json(),
            "stage": self.stage.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundState:
        return cls(
            mode=Mode(data["mode"]),
            seats=[Seat(str(seat["name"]), seat.get("token")) for seat in data["seats"]],
            settings=Settings.from_json(dict(data.get("settings") or {})),
            stage=StageRecord.from_json(data.get("stage")),
        )


def settings_problem(
    difficulty: object, day_seconds: object, narrator: object, speaker: object = 0, seats: int = 1
) -> str | None:
    """Why these settings are not allowed (a German sentence), or None. `seats`: how many devices may speak."""
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or difficulty not in LEVELS:
        return "Die Schwierigkeit ist 1 bis 4."
    if (
        not isinstance(day_seconds, int)
        or isinstance(day_seconds, bool)
        or not MIN_DAY_SECONDS <= day_seconds <= MAX_DAY_SECONDS
    ):
        return f"Der Tag dauert {MIN_DAY_SECONDS} bis {MAX_DAY_SECONDS} Sekunden."
    if not isinstance(speaker, int) or isinstance(speaker, bool) or not 0 <= speaker < max(1, seats):
        return "Dieses Gerät gibt es nicht."
    if narrator not in NARRATOR_IDS:
        return UNKNOWN_NARRATOR
    return None
