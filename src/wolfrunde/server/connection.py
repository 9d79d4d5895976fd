"""One player's WebSocket connection: who it is, a bounded outbox written by its own task, a rate limit."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from wolfrunde.server.ratelimit import TokenBucket

OUTBOX_LIMIT = 512
_ids = itertools.count(1)


@dataclass
class Connection:
    websocket: WebSocket
    user_id: int
    name: str
    id: int = field(default_factory=lambda: next(_ids))
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket(rate=8.0, burst=30.0))
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False
    last_throttle_reply: float = 0.0

    def send(self, message: dict[str, Any]) -> None:
        """Queues a message; a client that cannot keep up is disconnected instead of slowing the room."""
        if self.closed:
            return
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: escaped, the text is valid UTF-8 on the wire
                text = json.dumps(message, separators=(",", ":"))
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)

    def should_report_throttle(self) -> bool:
        """Too-frequent errors are sent at most once a second, so a flood does not fill the outbox."""
        now = time.monotonic()
        if now - self.last_throttle_reply >= 1.0:
            self.last_throttle_reply = now
            return True
        return False

    async def pump(self) -> None:
        """Writes the outbox to the socket until the connection closes."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.websocket.close(code=1000)
