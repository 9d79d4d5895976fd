"""Settings of one server process."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_RETENTION_DAYS = 30  # how long ended games' logs and chats are kept (`wolfrunde serve --retention-days`)


@dataclass(frozen=True)
class ServerConfig:
    database_url: str
    bot_delay: tuple[float, float] = (1.0, 4.0)  # seconds before a server-side bot answers
    # tests: the range of every night step's least duration, present or absent, the step then running to
    # its timer when someone thinks longer; None: each step lasts a draw from the night timer (rooms.pacing)
    pause_seconds: tuple[float, float] | None = None
    secure_cookies: bool | None = None  # None: Secure when the request came over https
    static_dir: str | None = None  # None: the package's static folder
    registrations_per_hour: int = 60  # per client address
    login_attempts_per_minute: tuple[int, int] = (30, 5)  # per client address, per account name
    ended_room_seconds: float = 900.0  # a finished room nobody is connected to leaves memory after this
    sweep_seconds: float = 60.0  # how often the registry looks for such rooms
    voices_dir: str | None = None  # the narrator's audio cache; None: a temporary folder for this process
    voice_engine: str | None = None  # None: the best installed speech engine
    narration_wait: float = 0.0  # share of the narration's length the room waits before the next step
    govern_collector: bool = False  # switch the collector's setting by how busy the loop is (collector.py)
    narration_prerender: bool = False  # render each cue's audio in the background as soon as it is sent
    public_origins: tuple[str, ...] = ()  # e.g. ("https://wolfrunde.example",); empty: the request's own origin
    trusted_proxies: frozenset[str] = frozenset()  # addresses whose X-Forwarded-For is believed
    concurrent_password_hashes: int = 2  # argon2 takes 64 MiB each: more sign-ups and logins wait their turn
    ready_message: str | None = None  # printed once the server is ready (the address to open)
    retention_days: float = DEFAULT_RETENTION_DAYS  # ended games (logs, chats, seats) are removed after this
    retention_check_seconds: float = 3600.0  # how often the server looks for rooms past their retention
    restart_grace: float = 15.0  # after a restart every open step runs at least this long, so players can return
    # several processes on one PostgreSQL database (docs/operators.md, Scale-out)
    process_address: str | None = None  # host:port where the other processes reach this one
    ownership_journal: str | None = None  # a file that gets one line per room taken or given up
    redis_url: str | None = None  # limits and presence shared by every process; None: in this process
    turn_url: str | None = None  # coturn for the voice chat, e.g. "turn:turn.example:3478"; None: no TURN
    turn_secret: str | None = None  # coturn's static-auth-secret: short-lived credentials per player
