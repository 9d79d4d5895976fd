"""Chat inside a room: who may write where, who receives a line, what a returning player gets to read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.server import payloads
from wolfrunde.server import protocol as p
from wolfrunde.store import rooms as store

if TYPE_CHECKING:
    from wolfrunde.server.connection import Connection
    from wolfrunde.server.room import Room

LOBBY = {"lobby": True}


class ChatActions:
    """Mixed into Room; every method runs inside the room's task."""

    def readable(self: Room, seat: int) -> dict[str, bool]:
        """{channel: may write} for every channel this seat may read now."""
        return LOBBY if self.match is None else self.channels_for(seat)

    async def chat(self: Room, conn: Connection, message: p.Chat) -> None:
        seat = self.lobby.seat_of(conn.user_id)
        if seat is None:
            conn.send(payloads.error("not_seated", message.ref))
            return
        if not self.readable(seat).get(message.channel, False):
            conn.send(payloads.error("channel_closed", message.ref))
            return
        saved = await self._store(store.add_chat, message.channel, seat, message.text)
        if message.ref is not None:
            conn.send(payloads.ack(message.ref))
        line = payloads.chat(message.channel, seat, self.lobby.seats[seat].name, message.text, saved.at)
        for other in list(self.connections.values()):
            other_seat = self.lobby.seat_of(other.user_id)
            if other_seat is not None and message.channel in self.readable(other_seat):
                other.send(line)

    async def history_for(self: Room, seat: int, lines: list[store.StoredChat] | None = None) -> list[dict[str, Any]]:
        """The lines of every channel this seat may read (`lines`: the room's chat, if already read)."""
        readable = self.readable(seat)
        if lines is None:
            lines = await self._store(store.chat_history)
        return [
            payloads.chat(m.channel, m.seat, self.lobby.seats[m.seat].name, m.text, m.at)
            for m in lines
            if m.channel in readable and m.seat < len(self.lobby.seats)
        ]
