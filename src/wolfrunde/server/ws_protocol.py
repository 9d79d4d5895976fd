"""uvicorn's WebSocket protocol with permessage-deflate for large messages only.

A message below `COMPRESS_AT` bytes goes out uncompressed (RSV1 unset), as RFC 7692 allows for any
message of a connection that negotiated the extension; every client decodes it as it decodes any other.
Most of a game's messages are short (an `ack`, a patch with a new event, a narration cue: nine in ten
are under 1 KiB, nearly all under 4 KiB), and there deflate saved a few hundred bytes per message for
two zlib calls on the event loop's thread: in `bench/load.py` a fifth of the server's time per decision
at no threshold, about a twentieth more at 1 KiB (Node's `ws` default) than at 4 KiB. Full views of a
long game, the end's view and long chat histories are still compressed. docs/performance.md says so.

The server keeps no compression context from one message to the next (`server_no_context_takeover`,
which RFC 7692 lets a server declare on its own): a connection would otherwise hold a compressor, about
40 KiB of zlib state, for its whole life, a quarter of a room's memory, to compress a few messages a
game that compress well enough alone.

The protocol also offers the application a way to send several text messages with one write to the
socket (`SEND_TEXTS`, an ASGI extension in the connection's scope), at once when the socket takes data
(`write`) or once it does (`send`): a room often has two or three messages for one device at once (the
narrator's line, the view's patch, the voice plan), and one write instead of three saves two system calls
and passes through the ASGI layers. What the client receives is the same messages, each its own frame,
in the same order. A message below `COMPRESS_AT` is framed here (`text_frame`: two to ten bytes of header
before the text) rather than through the `websockets` protocol object, which builds a `Frame`, passes it
through the extensions and serializes it for every message: the same bytes on the wire, about a quarter of
the CPU a message cost on this path (`bench/send_path.py`). Longer messages, and everything else the
connection sends (pings, pongs, the close), still go through `websockets`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

COMPRESS_AT = 4096  # bytes of a message's payload from which it is compressed
SEND_TEXTS = "wolfrunde.send_texts"  # scope["extensions"][SEND_TEXTS]: {"write": WriteTexts, "send": SendTexts}

WriteTexts = Callable[[Sequence[bytes]], bool]
"""Writes each UTF-8 text as one text message, all with one write to the socket, if the socket takes
data now (True); False (nothing written) while the client is behind on reading. Raises OSError (uvicorn's
ClientDisconnected) when the connection is closed or closing."""
SendTexts = Callable[[Sequence[bytes]], Awaitable[None]]
"""As `WriteTexts`, but waits until the socket takes data."""


def text_frame(text: bytes) -> bytes:
    """One whole, unmasked text frame (RFC 6455 section 5.2) as a server sends it, uncompressed."""
    length = len(text)
    if length < 126:
        return bytes((0x81, length)) + text
    if length < 65536:
        return b"\x81\x7e" + length.to_bytes(2, "big") + text
    return b"\x81\x7f" + length.to_bytes(8, "big") + text


@dataclass(frozen=True)
class TextsWriter:
    write: WriteTexts
    send: SendTexts


def texts_writer(scope: Mapping[str, Any]) -> TextsWriter | None:
    """What the server offers to write several texts at once, or None where it does not (another ASGI
    server, a test client)."""
    extension = scope.get("extensions", {}).get(SEND_TEXTS)
    return None if extension is None else TextsWriter(extension["write"], extension["send"])


class LargeMessagesDeflate(PerMessageDeflate):
    """permessage-deflate that leaves whole messages below `COMPRESS_AT` bytes uncompressed."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY) and len(frame.data) < COMPRESS_AT:
            return frame  # a whole message (not a fragment of one), sent as it is
        return super().encode(frame)


class LargeMessagesDeflateFactory(ServerPerMessageDeflateFactory):
    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, extension = super().process_request_params(params, accepted_extensions)
        return response, LargeMessagesDeflate(
            extension.remote_no_context_takeover,
            extension.local_no_context_takeover,
            extension.remote_max_window_bits,
            extension.local_max_window_bits,
            extension.compress_settings,
        )


def protocol_class() -> type[asyncio.Protocol] | str:
    """What to pass as uvicorn's `ws`: its sans-I/O websockets protocol with `LargeMessagesDeflate`, or
    uvicorn's own choice ("auto") where that protocol is missing (an older uvicorn)."""
    try:
        from uvicorn.protocols.utils import ClientDisconnected
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.exceptions import InvalidState
        from websockets.protocol import State
    except ImportError:  # pragma: no cover - uvicorn before 0.35
        return "auto"

    class Protocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:  # the settings uvicorn gives its own factory
                factory = LargeMessagesDeflateFactory(
                    server_no_context_takeover=True,
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5},
                )
                self.conn = ServerProtocol(
                    extensions=[factory], max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error")
                )

        async def run_asgi(self) -> None:
            self.scope["extensions"][SEND_TEXTS] = {"write": self.write_texts, "send": self.send_texts}
            await super().run_asgi()

        def write_texts(self, texts: Sequence[bytes]) -> bool:
            if not self.writable.is_set():  # uvicorn's flow control: the client is behind on reading
                return False
            if self.disconnected or not self.handshake_complete or self.close_sent or self.initial_response:
                raise ClientDisconnected()
            conn = self.conn
            if conn.state is not State.OPEN:  # the client's close arrived: websockets would refuse as well
                raise ClientDisconnected()
            frames = conn.data_to_send()  # anything websockets has queued goes first (a pong)
            try:
                for text in texts:
                    if len(text) < COMPRESS_AT:
                        frames.append(text_frame(text))
                    else:
                        conn.send_text(text)
                        frames.extend(conn.data_to_send())
            except InvalidState:
                raise ClientDisconnected() from None
            self.transport.write(b"".join(frames))
            return True

        async def send_texts(self, texts: Sequence[bytes]) -> None:
            while not self.write_texts(texts):
                await self.writable.wait()

    return Protocol
