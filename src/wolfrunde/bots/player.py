"""A bot seat as a protocol peer: it reads the messages a player's device would get and answers with the
messages a device would send. The server plays the bots a host adds through this, over an in-process
connection; `bots.client` plays through a WebSocket. Neither sees more than the seat's own view."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from wolfrunde.bots.strategy import choose


@dataclass
class BotPlayer:
    rng: random.Random
    waiting: str | None = None  # the ref of the decision whose ack or error is still out
    sent: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    def on_message(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The bot's answer to one server message, if it has one."""
        kind = message.get("type")
        if kind in ("ack", "error") and message.get("ref") == self.waiting:
            self.waiting = None
            if kind == "error":
                self.errors.append(message)
            return None
        if kind != "game" or self.waiting is not None:
            return None
        view = message.get("view") or {}
        if view.get("result") is not None:
            return None
        move = choose(view, self.rng)
        if move is None:
            return None
        self.sent += 1
        self.waiting = f"bot{self.sent}"
        return {"type": "decide", "kind": move[0], "choice": move[1], "ref": self.waiting}
