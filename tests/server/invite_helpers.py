"""What the invitation tests share: rooms, invitations over HTTP, and reading a notification socket with a
deadline (a missing message fails the test at once instead of hanging it)."""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until

WAIT_SECONDS = 20.0  # long enough for a busy machine; a message that comes arrives far sooner


def receive(ws: Any, seconds: float = WAIT_SECONDS) -> dict[str, Any]:
    """The socket's next message, or AssertionError when none comes within `seconds` (or it closed)."""

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no message within {seconds} s") from None
    assert message["type"] == "websocket.send", message
    return dict(json.loads(message["text"]))


def next_of(ws: Any, wanted: str, seconds: float = WAIT_SECONDS) -> dict[str, Any]:
    """The next message of type `wanted`; heartbeats before it are skipped, anything else fails."""
    while True:
        message = receive(ws, seconds)
        if message["type"] == "heartbeat":
            continue
        assert message["type"] == wanted, message
        return message


def open_room(client: TestClient, host_token: str) -> str:
    return str(client.post("/api/rooms", headers=as_user(host_token)).json()["code"])


def invite(client: TestClient, token: str, code: str, name: str) -> Any:
    return client.post(f"/api/rooms/{code}/invites", json={"name": name}, headers=as_user(token))


def join(client: TestClient, token: str, code: str) -> None:
    """The account takes a seat in the room's lobby (its socket opens, joins and closes again)."""
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        ws.send_json({"type": "join", "ref": "j"})
        while True:
            message = ws.receive_json()
            if message["type"] == "ack" and message.get("ref") == "j":
                return
            assert message["type"] != "error", message


def visit(client: TestClient, token: str, code: str) -> None:
    """The account opens the room's socket until it is welcomed (the process serving it runs the room)."""
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        receive_until(ws, "welcome")


def start_with_bots(client: TestClient, host_token: str, code: str) -> None:
    """The host fills the table with bots to five seats and starts the game."""
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host_token)) as ws:
        lobby = receive_until(ws, "lobby")
        for _ in range(5 - len(lobby["seats"])):
            ws.send_json({"type": "add_bot"})
        ws.send_json({"type": "start", "ref": "go"})
        while True:
            message = ws.receive_json()
            if message["type"] == "ack" and message.get("ref") == "go":
                return
            assert message["type"] != "error", message
