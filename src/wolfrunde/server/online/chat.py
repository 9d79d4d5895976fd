"""Chat in an online room: a line is stored before it is sent; a player reads the lines of the channels
his seat may read now, each from the moment he got access to it (a player who joins the pack later reads
the wolves' lines from that night on; whoever dies reads all of the Jenseits)."""

from __future__ import annotations

import unicodedata
from typing import Any

from wolfrunde.server.online import payloads
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.server.rooms.kind import RoomServices
from wolfrunde.store.rooms import StoredChat

LOBBY = {"lobby": True}
# characters that turn or hide the text around them: a chat line keeps none of them (line breaks stay)
_TURNING = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C))


def shown_text(text: str) -> str | None:
    """The chat line as it is kept: without control characters and the marks that turn the text around
    them; None when nothing visible is left."""
    kept = "".join(c for c in text if c == "\n" or (c not in _TURNING and unicodedata.category(c) != "Cc"))
    visible = any(not c.isspace() and unicodedata.category(c) != "Cf" for c in kept)
    return kept if visible else None


async def post(room: RoomServices, lobby: Lobby, seat: int, channel: str, text: str, round: int) -> dict[str, Any]:
    """Stores a line and returns it as the `chat` message to send."""
    saved = await room.add_chat(channel, seat, text, round)
    return payloads.chat(channel, seat, lobby.seats[seat].name, text, saved.at)


def readable_lines(
    lines: list[StoredChat], lobby: Lobby, readable: dict[str, bool], since: dict[str, int]
) -> list[dict[str, Any]]:
    """The lines of every channel in `readable` ({channel: may write}), oldest first; a channel in `since`
    only from that round on."""
    return [
        payloads.chat(line.channel, line.seat, lobby.seats[line.seat].name, line.text, line.at)
        for line in lines
        if line.channel in readable
        and line.seat < len(lobby.seats)
        and (line.channel not in since or (line.round or 0) >= since[line.channel])
    ]


async def history(room: RoomServices, lobby: Lobby, readable: dict[str, bool], since: dict[str, int]) -> dict[str, Any]:
    """The `chat_history` message for a seat that may read `readable`."""
    return payloads.chat_history(readable_lines(await room.chat_history(), lobby, readable, since))
