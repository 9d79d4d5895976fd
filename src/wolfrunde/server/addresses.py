"""Where each way to play is served: the page a room's link opens, its HTTP API and its WebSocket, each
followed by the room's code. Every link and route of a kind is made from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Addresses:
    page: str  # a room's link is `{page}/{code}`
    api: str  # `{api}/{code}`: its public facts, `{api}/{code}/qr.svg`: its link as a QR code
    socket: str  # `{socket}/{code}`: its WebSocket
    missing: str  # the error code for a code that names no room of this way to play

    def link(self, code: str) -> str:
        return f"{self.page}/{code}"

    def header(self, message_type: str, code: str, status: str) -> dict[str, Any]:
        """The start of every room message: what it is, the room, its link and its lifecycle."""
        return {"type": message_type, "code": code, "link": self.link(code), "status": status}


ONLINE = Addresses(page="/r", api="/api/rooms", socket="/ws/rooms", missing="no_room")
TABLE = Addresses(page="/t", api="/api/tables", socket="/ws/tables", missing="no_table")
WERWOERTER = Addresses(page="/ww", api="/api/ww/rooms", socket="/ws/ww", missing="no_round")
