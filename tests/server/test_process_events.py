"""Events for the other server processes on the notification channel (`Notifications.received`): another
process's event reaches `on_process_event`, this process's own does not come back to it, an account's
message still goes to that account's sockets only, and what cannot be read is dropped."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from wolfrunde.server.notifications import Notifications


def test_events_of_the_processes_and_messages_of_accounts_go_their_own_ways() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any] | None]]:
        hub = Notifications()
        handled: list[dict[str, Any]] = []
        done = asyncio.Event()

        async def handler(event: dict[str, Any]) -> None:
            handled.append(event)
            done.set()

        hub.on_process_event = handler
        listener = hub.listen(7)
        hub.received(json.dumps({"process": hub.process_id, "event": {"type": "mine"}}))
        hub.received(json.dumps({"process": "other", "event": ["not", "an", "object"]}))
        hub.received("{not json")
        hub.received(json.dumps({"process": "other"}))
        hub.received(json.dumps({"user": 7, "message": {"type": "invite_gone"}}))
        hub.received(json.dumps({"process": "other", "event": {"type": "account_deleted", "user": 3}}))
        await asyncio.wait_for(done.wait(), 10)
        return handled, [listener.queue.get_nowait() for _ in range(listener.queue.qsize())]

    handled, delivered = asyncio.run(scenario())
    assert handled == [{"type": "account_deleted", "user": 3}]
    assert delivered == [{"type": "invite_gone"}]


def test_a_failing_handler_is_logged_and_the_hub_goes_on(caplog) -> None:  # type: ignore[no-untyped-def]
    async def scenario() -> list[str]:
        hub = Notifications()
        seen: list[str] = []
        second = asyncio.Event()

        async def handler(event: dict[str, Any]) -> None:
            seen.append(event["type"])
            if event["type"] == "first":
                raise RuntimeError("kaputt")
            second.set()

        hub.on_process_event = handler
        hub.received(json.dumps({"process": "other", "event": {"type": "first"}}))
        hub.received(json.dumps({"process": "other", "event": {"type": "second"}}))
        await asyncio.wait_for(second.wait(), 10)
        return seen

    assert asyncio.run(scenario()) == ["first", "second"]
    assert "an event of another process (first) failed here" in caplog.text
