"""The running game of a table where everyone has his own device: a paced game (`rooms.paced_game`)
whose payload is the seat's `seat` message, and whose narrator is played by one device while the others
show captions. Nobody is called before the speaking device has told the step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.kind import Peer
from wolfrunde.server.rooms.paced_game import PacedGame, Shown
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.timer import Timer
from wolfrunde.server.table.base import narration_for
from wolfrunde.server.table.lobby import TableLobby
from wolfrunde.server.table.seat_view import seat_payload


class OwnDevicesGame(PacedGame):
    halted_code = "table_halted"

    def __init__(
        self,
        match: Match,
        lobby: TableLobby,
        config: ServerConfig,
        timer: Timer | None = None,
        speaking: Callable[[], int | None] = lambda: None,
    ) -> None:
        self.lobby = lobby
        self.speaking = speaking  # the seat whose device plays the narrator now
        super().__init__(match, lobby.settings.narrator, config, timer)
        self.narration = narration_for(match, lobby, config)  # the style ("knapp") and the guests' Aussprache

    def payload(self, seat: int, shown: Shown) -> dict[str, Any]:
        payload = seat_payload(
            shown.view, shown.private, self.narration.recent(), shown.deadline, speaker=seat == self.speaking()
        )
        return {**payload, "discussion_seconds": self.lobby.settings.discussion}

    def duration(self) -> float:
        kind = self.match.phase_kind()
        if kind == "day":
            return float(self.lobby.settings.discussion)
        return float(self.lobby.settings.timers.get(kind, 60))

    def night_seconds(self) -> float:
        return float(self.lobby.settings.timers.get("night", 60))

    def hears_narration(self, peer: Peer) -> bool:
        return peer.seat is not None

    async def end_discussion(self) -> None:
        """The host ends the discussion before the Sonnenuhr does."""
        if self.match.phase_kind() != "day" or self.holding:
            raise Refusal("not_now")
        await self.timeout(time_up=False)
