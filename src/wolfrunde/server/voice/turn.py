"""Short-lived TURN credentials in coturn's shared-secret scheme (`use-auth-secret` with
`static-auth-secret`): the username is "<expiry unix time>:<name>", the password the base64 of
HMAC-SHA1(secret, username). coturn checks both and refuses the pair once the time has passed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from typing import Any

DEFAULT_LIFETIME = 6 * 3600.0  # long enough for a game and its evening, short enough to be useless later


@dataclass(frozen=True)
class TurnServer:
    url: str  # e.g. "turn:turn.example:3478?transport=udp"; several separated by commas
    secret: str
    lifetime: float = DEFAULT_LIFETIME

    def credentials(self, name: str, now: float | None = None) -> tuple[str, str]:
        expiry = int((time.time() if now is None else now) + self.lifetime)
        username = f"{expiry}:{name}"
        digest = hmac.new(self.secret.encode(), username.encode(), hashlib.sha1).digest()
        return username, base64.b64encode(digest).decode("ascii")

    def ice_servers(self, name: str, now: float | None = None) -> list[dict[str, Any]]:
        """The RTCPeerConnection `iceServers` entry for one player."""
        username, credential = self.credentials(name, now)
        urls = [url.strip() for url in self.url.split(",") if url.strip()]
        return [{"urls": urls, "username": username, "credential": credential}]


def check_url(url: str) -> str | None:
    """A German problem with a --turn-url, or None."""
    for part in (p.strip() for p in url.split(",")):
        if not part.startswith(("turn:", "turns:")):
            return f"„{part}“ ist keine TURN-Adresse (sie beginnt mit turn: oder turns:)."
    return None
