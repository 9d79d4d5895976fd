"""A broadcast encodes a message it sends to several devices once; every device still gets exactly the
text it would get on its own, and a message changed after one broadcast is encoded afresh in the next."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from wolfrunde.server.rooms import connection
from wolfrunde.server.rooms.connection import Encoded, LocalConnection, SocketConnection, encode_bytes


def test_one_message_for_many_devices_is_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    plain = connection.encode_bytes

    def counting(message: dict[str, Any]) -> bytes:
        calls.append(message)
        return plain(message)

    monkeypatch.setattr(connection, "encode_bytes", counting)
    sockets = [SocketConnection(SimpleNamespace(scope={})) for _ in range(4)]  # type: ignore[arg-type]
    received: list[dict[str, Any]] = []
    bot = LocalConnection(received.append)
    message = {"type": "narration", "cues": [{"text": "Die Nacht bricht herein.", "seconds": 2.5}]}
    other = {"type": "voted", "seats": [1, 2]}
    shared = Encoded()
    for conn in sockets:
        conn.send(message, shared)
        conn.send(other, shared)
    bot.send(message, shared)
    assert len(calls) == 2
    texts = [[conn.outbox.get_nowait() for _ in range(2)] for conn in sockets]
    assert texts == [[encode_bytes(message), encode_bytes(other)]] * 4
    assert received == [message] and received[0] is not message

    message["cues"].append({"text": "Der Tag bricht an.", "seconds": 2.0})  # changed after that broadcast
    before = len(calls)
    sockets[0].send(message, Encoded())
    assert len(calls) == before + 1 and sockets[0].outbox.get_nowait() == encode_bytes(message)
