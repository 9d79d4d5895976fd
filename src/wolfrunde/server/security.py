"""What every request is checked for and sent with: its origin, its real client address, the security
headers of every answer, and a limit on guessing room codes."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wolfrunde.server.ratelimit import LocalWindow, SlidingWindow, Window

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", b"microphone=(self), camera=(), geolocation=()"),
)
_WEB_SCHEMES = {"ws": "http", "wss": "https"}


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(connection: HTTPConnection) -> bool:
    """Browsers send Origin on cross-site requests and on every WebSocket. When it is present it must be
    the server's public origin (scheme, host and port), as configured; without a configured origin, the
    origin the request itself was made to."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    allowed: Iterable[str] = connection.app.state.config.public_origins or (_request_origin(connection),)
    return origin.rstrip("/").lower() in {_origin_of(item) for item in allowed}


def _request_origin(connection: HTTPConnection) -> str:
    scheme = _WEB_SCHEMES.get(connection.url.scheme, connection.url.scheme)
    return f"{scheme}://{connection.url.netloc}"


def client_address(connection: HTTPConnection) -> str:
    """The client's address. `X-Forwarded-For` counts only when the direct peer is a configured proxy;
    then the nearest address that is not a proxy is the client."""
    peer = connection.client.host if connection.client else "?"
    proxies: frozenset[str] = connection.app.state.config.trusted_proxies
    if peer not in proxies:
        return peer
    forwarded = [hop.strip() for hop in connection.headers.get("x-forwarded-for", "").split(",") if hop.strip()]
    for hop in reversed(forwarded):
        if hop not in proxies and _is_address(hop):
            return hop
    return peer


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (pages, API, audio)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in HEADERS if name not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


LOOKUPS_PER_MINUTE = 120
MISSES_PER_MINUTE = 20


class CodeGuesses:
    """Looking up rooms by code is limited per client address, misses more strictly than hits, so that
    codes cannot be enumerated (a player who mistypes a few times is not bothered). With several
    processes both windows are shared (`ratelimit.Limits`)."""

    def __init__(self, lookups: Window | None = None, misses: Window | None = None) -> None:
        self.lookups = lookups or LocalWindow(SlidingWindow(LOOKUPS_PER_MINUTE, 60.0))
        self.misses = misses or LocalWindow(SlidingWindow(MISSES_PER_MINUTE, 60.0))

    async def allow(self, address: str) -> bool:
        """Called before a lookup; False: too many lookups or misses from this address lately."""
        return await self.misses.would_allow(address) and await self.lookups.allow(address)

    async def missed(self, address: str) -> None:
        await self.misses.allow(address)


async def lookup_allowed(connection: HTTPConnection) -> bool:
    """Before a room is looked up by its code (an info request, a QR code, a socket)."""
    guesses: CodeGuesses = connection.app.state.code_guesses
    return await guesses.allow(client_address(connection))


async def lookup_missed(connection: HTTPConnection) -> None:
    """The code named no room."""
    guesses: CodeGuesses = connection.app.state.code_guesses
    await guesses.missed(client_address(connection))
