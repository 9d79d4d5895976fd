"""permessage-deflate for large messages only (server/ws_protocol.py): short messages go out as they are,
long ones compressed, and a client reads both alike, in any order. The server keeps no compression
context between messages, so a connection holds no compressor while it waits."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from starlette.websockets import WebSocket
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
from websockets.frames import Frame, Opcode

from wolfrunde.server.ws_protocol import COMPRESS_AT, LargeMessagesDeflate

from .live import serving


def texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    words = ["Werwolf", "Seherin", "Hexe", "Nacht", "Tag", "Dorf", "stirbt", "wählt", "ÄÖÜß", '"quote"']
    lengths = [1, 5, 40, 150, 400, 700, 1500]  # words: from a few bytes to past COMPRESS_AT
    return [" ".join(rng.choice(words) for _ in range(rng.choice(lengths))) for _ in range(count)]


def test_short_messages_are_sent_as_they_are_and_long_ones_compressed() -> None:
    server = LargeMessagesDeflate(False, False, 12, 12, {"memLevel": 5})
    client = PerMessageDeflate(False, False, 12, 12)
    compressed = plain = 0
    for text in texts(1, 300):
        data = text.encode()
        frame = server.encode(Frame(Opcode.TEXT, data))
        if len(data) < COMPRESS_AT:
            assert not frame.rsv1 and frame.data == data
            plain += 1
        else:
            assert frame.rsv1 and len(frame.data) < len(data)
            compressed += 1
        assert client.decode(frame).data == data  # the context carries over the plain messages
    assert compressed and plain


def test_without_context_takeover_the_server_holds_no_compressor_between_messages() -> None:
    server = LargeMessagesDeflate(False, True, 12, 12, {"memLevel": 5})
    client = PerMessageDeflate(True, False, 12, 12)
    assert not hasattr(server, "encoder")  # about 40 KiB of zlib state per connection otherwise
    for text in texts(3, 100):
        data = text.encode()
        frame = server.encode(Frame(Opcode.TEXT, data))
        assert frame.rsv1 == (len(data) >= COMPRESS_AT)
        assert client.decode(frame).data == data
        assert not hasattr(server, "encoder")


class Recording(PerMessageDeflate):
    """A client's decoder that notes, message by message, whether it came compressed (RSV1)."""

    seen: list[bool]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        self.seen.append(frame.rsv1)
        return super().decode(frame, max_size=max_size)


class RecordingFactory(ClientPerMessageDeflateFactory):
    def __init__(self) -> None:
        super().__init__(client_max_window_bits=True)
        self.seen: list[bool] = []
        self.server_keeps_context = True

    def process_response_params(self, params: Any, accepted_extensions: Any) -> PerMessageDeflate:
        extension = super().process_response_params(params, accepted_extensions)
        extension.__class__ = Recording
        assert isinstance(extension, Recording)
        extension.seen = self.seen
        self.server_keeps_context = not extension.remote_no_context_takeover
        return extension


def test_a_client_reads_every_message_through_uvicorn() -> None:
    sent = texts(2, 60)

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        for text in sent:
            await websocket.send_text(text)
        await websocket.close()

    with serving(endpoint) as port:
        factory = RecordingFactory()

        async def read() -> list[str]:
            async with connect(f"ws://127.0.0.1:{port}/ws", extensions=[factory], compression=None) as socket:
                return [str(message) async for message in socket]

        assert asyncio.run(read()) == sent
        assert factory.seen[: len(sent)] == [len(text.encode()) >= COMPRESS_AT for text in sent]
        assert not factory.server_keeps_context  # no compressor is held per connection between messages
