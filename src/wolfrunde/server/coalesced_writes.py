"""A transport that hands everything written to it within one pass of the event loop to the socket at
once: one system call for the several messages a room sends one device in reply to one decision (the
ack, the day's tally, the game's patch, the narrator's cue), where each was a write of its own.

The bytes and their order stay exactly as written; they leave at the end of the loop's current pass,
before any other socket is read or the room runs again, or at once when `FLUSH_AT` bytes are waiting.
Closing sends what waits first. Flow control is the real transport's: it pauses the protocol while its
own buffer is full, as before.
"""

from __future__ import annotations

import asyncio
from typing import Any

FLUSH_AT = 64 * 1024  # bytes waiting from which they are written at once


class CoalescedWrites:
    """Wraps an asyncio transport; every method but `write`, `close` and `abort` is the transport's."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._waiting: list[bytes] = []
        self._size = 0
        self._flush_planned = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        self._waiting.append(bytes(data))
        self._size += len(data)
        if self._size >= FLUSH_AT:
            self.flush()
        elif not self._flush_planned:
            self._flush_planned = True
            self._loop.call_soon(self._planned_flush)

    def _planned_flush(self) -> None:
        self._flush_planned = False
        self.flush()

    def flush(self) -> None:
        """Writes what waits (a transport already closing drops it, as it drops any write)."""
        if not self._waiting:
            return
        data = self._waiting[0] if len(self._waiting) == 1 else b"".join(self._waiting)
        self._waiting.clear()
        self._size = 0
        self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._waiting.clear()
        self._size = 0
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
