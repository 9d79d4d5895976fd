"""Chat in an online room: a line is stored before it is sent; a returning player reads the lines of the
channels his seat may read now."""

from __future__ import annotations

from typing import Any

from wolfrunde.server.online import payloads
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.kind import RoomServices

LOBBY = {"lobby": True}


async def post(room: RoomServices, lobby: Lobby, seat: int, channel: str, text: str) -> dict[str, Any]:
    """Stores a line and returns it as the `chat` message to send."""
    saved = await room.add_chat(channel, seat, text)
    return payloads.chat(channel, seat, lobby.seats[seat].name, text, saved.at)


async def history_for(room: RoomServices, lobby: Lobby, readable: dict[str, bool]) -> list[dict[str, Any]]:
    """The lines of every channel in `readable` ({channel: may write}), oldest first."""
    lines = await room.chat_history()
    return [
        payloads.chat(line.channel, line.seat, lobby.seats[line.seat].name, line.text, line.at)
        for line in lines
        if line.channel in readable and line.seat < len(lobby.seats)
    ]
