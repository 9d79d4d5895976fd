"""How a room's messages reach a WebSocket (rooms/connection.py with ws_protocol.SEND_TEXTS): what a
device is sent during one turn of the event loop goes out with one write at the end of that turn; while
the client is behind on reading, messages wait in the bounded outbox, and nothing sent later overtakes
them; a client that never reads is disconnected, and the room never waits for it."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace
from typing import Any

import orjson
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from wolfrunde.server.rooms.connection import OUTBOX_LIMIT, SocketConnection, encode_bytes
from wolfrunde.server.ws_protocol import COMPRESS_AT, SEND_TEXTS, text_frame

from .live import serving


class FakeSocket:
    """The parts of a Starlette WebSocket a SocketConnection uses, with the server's `SEND_TEXTS`."""

    def __init__(self) -> None:
        self.writes: list[list[bytes]] = []  # one entry per write to the socket
        self.taking = True  # False: the client is behind on reading
        self.gone = False
        self.can_take = asyncio.Event()
        self.closed_with: int | None = None
        self.scope = {"extensions": {SEND_TEXTS: {"write": self.write, "send": self.send}}}

    def write(self, texts: list[bytes]) -> bool:
        if self.gone:
            raise ConnectionResetError("the client is gone")
        if not self.taking:
            return False
        self.writes.append(list(texts))
        return True

    async def send(self, texts: list[bytes]) -> None:
        while not self.write(texts):
            await self.can_take.wait()

    def resume(self) -> None:
        self.taking = True
        self.can_take.set()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def message(number: int) -> dict[str, Any]:
    return {"type": "narration", "cues": [{"text": f"Zeile {number}", "seconds": 1.0}]}


def written(socket: FakeSocket) -> list[int]:
    return [int(orjson.loads(text)["cues"][0]["text"].split()[1]) for write in socket.writes for text in write]


async def next_turn() -> None:
    await asyncio.sleep(0)


def connected(*, pumping: bool = True) -> tuple[FakeSocket, SocketConnection, asyncio.Task[None] | None]:
    """A connection on a `FakeSocket`, with its writing task running (`pumping`); inside a running loop."""
    socket = FakeSocket()
    conn = SocketConnection(socket)  # type: ignore[arg-type]
    return socket, conn, asyncio.create_task(conn.pump()) if pumping else None


def test_a_flush_writes_what_the_turn_holds_now_and_later_sends_go_out_at_its_end() -> None:
    async def scenario() -> None:
        socket, conn, _ = connected(pumping=False)
        conn.send(message(0))
        conn.send(message(1))
        conn.flush()  # an ack: it goes out now, with what was sent before it
        assert socket.writes == [[encode_bytes(message(0)), encode_bytes(message(1))]]
        conn.send(message(2))
        conn.flush()
        conn.flush()  # nothing waits: no empty write
        conn.send(message(3))
        await next_turn()
        assert written(socket) == [0, 1, 2, 3] and len(socket.writes) == 3

    asyncio.run(scenario())


def test_what_a_turn_sends_goes_out_in_one_write_at_its_end() -> None:
    async def scenario() -> None:
        socket, conn, _ = connected(pumping=False)
        for number in range(3):
            conn.send(message(number))
        assert socket.writes == []  # not during the turn
        await next_turn()
        assert socket.writes == [[encode_bytes(message(n)) for n in range(3)]]
        conn.send(message(3))
        await next_turn()
        assert len(socket.writes) == 2 and written(socket) == [0, 1, 2, 3]
        assert conn.outbox.empty()

    asyncio.run(scenario())


def test_messages_wait_while_the_client_is_behind_and_nothing_overtakes_them() -> None:
    async def scenario() -> None:
        socket, conn, pump = connected()
        socket.taking = False
        conn.send(message(0))
        conn.send(message(1))
        await next_turn()
        await next_turn()  # the pump took them and waits for the socket
        socket.taking = True  # the socket would take data now, but the pump still holds 0 and 1
        conn.send(message(2))
        await next_turn()
        assert written(socket) == []
        socket.resume()
        conn.send(message(3))
        while written(socket) != [0, 1, 2, 3]:
            await next_turn()
        conn.close()
        assert pump is not None
        await pump
        assert socket.closed_with == 1000

    asyncio.run(scenario())


def test_a_close_sends_what_came_before_it_first() -> None:
    async def scenario() -> None:
        socket, conn, pump = connected()
        conn.send(message(0))
        conn.send(message(1))
        conn.close(4409)
        conn.send(message(2))  # after the close: never sent
        assert pump is not None
        await pump
        assert written(socket) == [0, 1]
        assert socket.closed_with == 4409

    asyncio.run(scenario())


def test_a_client_that_never_reads_is_disconnected_without_holding_the_room() -> None:
    async def scenario() -> None:
        socket, conn, pump = connected()
        socket.taking = False
        sent = 0
        while not conn.closed and sent < 10 * OUTBOX_LIMIT:
            conn.send(message(sent))  # never waits
            sent += 1
            if sent % 50 == 0:
                await next_turn()
        assert conn.closed and OUTBOX_LIMIT <= sent < 2 * OUTBOX_LIMIT
        socket.resume()
        assert pump is not None
        await pump
        assert written(socket) == list(range(len(written(socket))))  # in order, up to the close

    asyncio.run(scenario())


def test_a_client_gone_mid_turn_costs_the_room_nothing() -> None:
    async def scenario() -> None:
        socket, conn, _ = connected(pumping=False)
        socket.gone = True
        conn.send(message(0))
        await next_turn()  # the write fails inside the loop's callback, not in the room
        conn.send(message(1))
        await next_turn()
        assert socket.writes == []

    asyncio.run(scenario())


def test_through_uvicorn_each_message_arrives_as_its_own_text_in_order() -> None:
    """The real server: three messages of one turn are one write, the client reads three messages; a long
    one among them is still compressed and arrives whole."""
    long_text = "Wolfrunde " * (COMPRESS_AT // 5)
    messages = [message(0), {"type": "chat", "text": long_text}, message(2), message(3)]
    writes: list[int] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        extension = websocket.scope["extensions"][SEND_TEXTS]
        write = extension["write"]

        def counting(texts: list[bytes]) -> bool:
            writes.append(len(texts))
            return bool(write(texts))

        extension["write"] = counting
        conn = SocketConnection(websocket)
        pump = asyncio.create_task(conn.pump())
        for item in messages[:3]:
            conn.send(item)
        await asyncio.sleep(0)
        conn.send(messages[3])
        conn.close()
        assert pump is not None
        await pump

    with serving(endpoint) as port:

        async def read() -> list[Any]:
            async with connect(f"ws://127.0.0.1:{port}/ws") as socket:
                return [orjson.loads(text) async for text in socket]

        assert asyncio.run(read()) == messages
        assert writes[0] == 3  # the first turn's three messages in one write


def test_through_uvicorn_a_client_that_stops_reading_is_disconnected() -> None:
    """The real server's flow control: once the socket's buffers are full the messages wait in the outbox,
    and past its limit the connection is closed; the sender never blocks."""
    closed = threading.Event()
    result: dict[str, int] = {}
    payload = {"type": "chat", "text": "x" * 3000}

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        conn = SocketConnection(websocket)
        pump = asyncio.create_task(conn.pump())
        sent = 0
        while not conn.closed and sent < 20_000:  # bounded: the buffers of loopback hold a few MiB
            conn.send(payload)
            sent += 1
            if sent % 20 == 0:
                await asyncio.sleep(0)
        result["sent"] = sent
        result["closed"] = int(conn.closed)
        closed.set()
        pump.cancel()

    with serving(endpoint) as port:

        async def never_read() -> None:
            async with connect(f"ws://127.0.0.1:{port}/ws", max_queue=1, close_timeout=1) as socket:
                await socket.recv()
                await asyncio.get_running_loop().run_in_executor(None, closed.wait, 120)

        asyncio.run(never_read())
        assert closed.is_set() and result["closed"] == 1
        assert OUTBOX_LIMIT < result["sent"] < 20_000


def test_without_the_extension_the_outbox_and_starlette_send_everything() -> None:
    """Another ASGI server (or a test client): every message through the outbox and `send_text`."""

    async def scenario() -> None:
        texts: list[str] = []

        async def send_text(text: str) -> None:
            texts.append(text)

        async def close(code: int = 1000) -> None:
            return None

        websocket = SimpleNamespace(scope={}, send_text=send_text, close=close)
        conn = SocketConnection(websocket)  # type: ignore[arg-type]
        pump = asyncio.create_task(conn.pump())
        for number in range(3):
            conn.send(message(number))
        conn.close()
        assert pump is not None
        await pump
        assert [orjson.loads(text) for text in texts] == [message(n) for n in range(3)]

    asyncio.run(scenario())


def test_a_short_text_is_framed_as_websockets_frames_it() -> None:
    """`text_frame`, the server's own framing of a short message, gives the bytes websockets gives, at
    every length where the header changes shape."""
    for length in (0, 1, 125, 126, 127, 4095, 65535, 65536, 70000):
        text = ("ä" * length).encode()[:length]  # multi-byte letters, cut anywhere: the length counts bytes
        expected = Frame(Opcode.TEXT, text).serialize(mask=False, extensions=[])
        assert text_frame(text) == expected, length


def test_through_uvicorn_messages_of_every_size_arrive_whole() -> None:
    """Messages from empty to past 64 KiB, short ones framed by the server and long ones compressed by
    websockets, mixed in one write, reach a client as they were sent; a message after the client's close
    is refused as a disconnect, not written."""
    sizes = [0, 1, 100, 125, 126, 1000, COMPRESS_AT - 40, COMPRESS_AT, 70_000, 3]
    texts = [orjson.dumps({"type": "chat", "text": "ü" * size}) for size in sizes]
    refused: list[str] = []

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        write = websocket.scope["extensions"][SEND_TEXTS]["write"]
        assert write(texts[:5]) and write(texts[5:])
        await websocket.receive()  # the client's close
        try:
            write(texts[:1])
        except OSError as gone:
            refused.append(type(gone).__name__)

    with serving(endpoint) as port:

        async def read() -> list[bytes]:
            async with connect(f"ws://127.0.0.1:{port}/ws", max_size=2**20) as socket:
                received = [(await socket.recv()).encode() for _ in texts]
            return received

        assert asyncio.run(read()) == texts
    assert refused == ["ClientDisconnected"]
