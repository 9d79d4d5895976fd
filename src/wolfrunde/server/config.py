"""Settings of one server process."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerConfig:
    database_url: str
    bot_delay: tuple[float, float] = (1.0, 4.0)  # seconds before a server-side bot answers
    pause_seconds: tuple[float, float] = (3.0, 8.0)  # per night step whose role is dead or absent
    secure_cookies: bool | None = None  # None: Secure when the request came over https
    static_dir: str | None = None  # None: the package's static folder
    registrations_per_hour: int = 60  # per client address
    login_attempts_per_minute: tuple[int, int] = (30, 5)  # per client address, per account name
