"""The writes of one pass of the event loop leave as one (server/coalesced_writes.py): the same bytes in
the same order, at the end of the pass, at once from FLUSH_AT bytes, and before a close."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from wolfrunde.server.coalesced_writes import FLUSH_AT, CoalescedWrites


class Recorded:
    """A transport that notes what reaches it."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.calls: list[str] = []

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))
        self.calls.append("write")

    def close(self) -> None:
        self.calls.append("close")

    def abort(self) -> None:
        self.calls.append("abort")

    def is_closing(self) -> bool:
        return False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else default


def wrapped(loop: asyncio.AbstractEventLoop) -> tuple[CoalescedWrites, Recorded]:
    transport = Recorded()
    return CoalescedWrites(cast(asyncio.Transport, transport), loop), transport


async def next_pass() -> None:
    await asyncio.sleep(0)  # the flush planned with call_soon runs before this task goes on


def test_the_writes_of_one_pass_reach_the_socket_as_one_write_after_it() -> None:
    async def run() -> None:
        writes, transport = wrapped(asyncio.get_running_loop())
        for part in (b"ack", b"", b"voted", b"patch"):
            writes.write(part)
        assert transport.writes == []  # nothing leaves while the pass lasts
        await next_pass()
        assert transport.writes == [b"ackvotedpatch"]
        writes.write(b"next")
        await next_pass()
        assert transport.writes == [b"ackvotedpatch", b"next"]

    asyncio.run(run())


def test_from_flush_at_bytes_they_leave_at_once_with_what_waited() -> None:
    async def run() -> None:
        writes, transport = wrapped(asyncio.get_running_loop())
        writes.write(b"a")
        writes.write(b"b" * FLUSH_AT)
        assert transport.writes == [b"a" + b"b" * FLUSH_AT]
        await next_pass()  # the planned flush finds nothing left
        assert len(transport.writes) == 1

    asyncio.run(run())


def test_close_sends_what_waits_first_and_abort_drops_it() -> None:
    async def run() -> None:
        writes, transport = wrapped(asyncio.get_running_loop())
        writes.write(b"last message")
        writes.close()
        assert transport.calls == ["write", "close"] and transport.writes == [b"last message"]
        aborted, dropped = wrapped(asyncio.get_running_loop())
        aborted.write(b"never sent")
        aborted.abort()
        await next_pass()
        assert dropped.calls == ["abort"]

    asyncio.run(run())


def test_everything_else_is_the_transports() -> None:
    async def run() -> None:
        writes, _transport = wrapped(asyncio.get_running_loop())
        assert writes.is_closing() is False
        assert writes.get_extra_info("peername") == ("127.0.0.1", 1)

    asyncio.run(run())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.binary(max_size=FLUSH_AT // 3), max_size=8), max_size=6))
def test_any_writes_arrive_whole_in_order_with_at_most_one_write_per_pass_and_flush(
    passes: list[list[bytes]],
) -> None:
    async def run() -> None:
        writes, transport = wrapped(asyncio.get_running_loop())
        for parts in passes:
            before = len(transport.writes)
            for part in parts:
                writes.write(part)
            await next_pass()
            size = sum(len(part) for part in parts)
            assert len(transport.writes) - before <= 1 + size // FLUSH_AT
        assert b"".join(transport.writes) == b"".join(part for parts in passes for part in parts)

    asyncio.run(run())
