"""The Wolfrunde server the benchmarks drive: one process on 127.0.0.1, with or without the game's pacing.

    .venv/bin/python bench/serve.py --data DIR --port 8765 --pacing off --accounts 500 --cookies DIR/cookies.txt

`--pacing on` is `wolfrunde serve --testing` (every night step lasts a drawn 0-20 ms, the room waits a
hundredth of the narration); `--pacing off` draws zero pauses and waits for no narration, so the time a
client measures is the server's own work; `--pacing production` is `wolfrunde serve` itself (the whole
narration's length, every cue's audio rendered with the bundled voices as it is sent, which the room
waits for, up to two seconds, before it tells a change; the sender's `ack` does not wait for it).
`--accounts N` writes N accounts with open sessions straight into the database before the server starts
(one session cookie a line in `--cookies`): signing up through the API hashes each password with argon2,
which would take the benchmark minutes.

The narrator speaks every new player's name once, in background threads, when the player joins; with a
thousand fresh bench names that is espeak's work, not the room's, so `--name-voices off` (the default
here) skips it. `--gc-log FILE` appends a line per collection of Python's garbage collector (wall time
it ended, generation, milliseconds the process stood still for it), for `bench/load.py`'s pause figures.
With it, the signal SIGUSR1 makes the server run a full collection at once and append to `FILE.full`
the wall time, the number of objects the collector tracks and the milliseconds the collection took: what
a full collection, which CPython starts by itself now and then in a long-running process, costs with
the rooms and sockets open at that moment. Nothing else of the server changes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import secrets
import signal
import time
from pathlib import Path
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.ratelimit import LocalWindow, SlidingWindow
from wolfrunde.server.security import CodeGuesses
from wolfrunde.store import Database, default_url
from wolfrunde.store.accounts import SESSION_SECONDS, name_key
from wolfrunde.store.models import SessionRecord, User

NO_LOGIN = "bench-account-without-password"  # no argon2 hash: nobody can log in with it


def seed_accounts(db: Database, count: int, prefix: str) -> list[str]:
    """`count` accounts with one open session each, written in one transaction; their session tokens."""
    now = time.time()
    tokens = [secrets.token_urlsafe(32) for _ in range(count)]
    with db.session() as session:
        users = [
            User(name=f"{prefix}{i:05d}", name_key=name_key(f"{prefix}{i:05d}"), password_hash=NO_LOGIN, created_at=now)
            for i in range(count)
        ]
        session.add_all(users)
        session.flush()
        session.add_all(
            SessionRecord(
                token_hash=hashlib.sha256(token.encode()).hexdigest(),
                user_id=user.id,
                created_at=now,
                expires_at=now + SESSION_SECONDS,
            )
            for user, token in zip(users, tokens, strict=True)
        )
    return tokens


def log_collections(path: str) -> None:
    """Appends `ended_at generation milliseconds` to `path` for every collection from now on; SIGUSR1
    runs a full collection (`full_collection`, into `path`.full)."""
    log = open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the life of the process
    began = [0.0]

    def record(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            log.write(f"{time.time():.3f} {info['generation']} {1000 * (time.perf_counter() - began[0]):.2f}\n")
            log.flush()

    gc.callbacks.append(record)
    signal.signal(signal.SIGUSR1, lambda signum, frame: full_collection_soon(f"{path}.full"))


def full_collection_soon(path: str) -> None:
    """`full_collection` as a callback of the server's event loop, not in the signal handler: the handler
    may run inside a collection (in `record`), where `gc.collect` does nothing."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # not serving yet, or any more: nothing to measure
        return
    loop.call_soon_threadsafe(full_collection, path)


def full_collection(path: str) -> None:
    """A full collection now; appends `wall_time tracked_objects milliseconds` to `path`."""
    tracked = len(gc.get_objects())
    began = time.perf_counter()
    gc.collect()
    took = 1000 * (time.perf_counter() - began)
    with open(path, "a", encoding="utf-8") as log:
        log.write(f"{time.time():.3f} {tracked} {took:.1f}\n")


def config_for(database_url: str, pacing: str, port: int, data: Path | None = None) -> ServerConfig:
    """`pacing`: "on" (as `serve --testing`), "off" (no pauses, no waiting for the narration) or
    "production" (as `wolfrunde serve`: the narration's real length, each cue's audio rendered as it is
    sent). The voice folder is `data`/voices, as `wolfrunde serve` has it: a temporary one of the process's
    own would be left behind, since uvicorn ends a server it stopped by the signal that stopped it, and
    Python's exit handlers do not run then."""
    voices = {} if data is None else {"voices_dir": str(data / "voices")}
    common = {
        "database_url": database_url,
        "bot_delay": (0.0, 0.02),
        "registrations_per_hour": 10_000,
        "restart_grace": 3.0,
        "public_origins": (f"http://127.0.0.1:{port}",),
        "govern_collector": True,  # as `wolfrunde serve`
    }
    if pacing == "production":
        return ServerConfig(**common, narration_wait=1.0, narration_prerender=True, **voices)
    if pacing == "on":
        return ServerConfig(**common, pause_seconds=(0.0, 0.02), narration_wait=0.01, **voices)  # `serve --testing`
    return ServerConfig(**common, pause_seconds=(0.0, 0.0), narration_wait=0.0, **voices)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pacing", choices=("on", "off", "production"), default="on")
    parser.add_argument("--accounts", type=int, default=0)
    parser.add_argument("--name-voices", choices=("on", "off"), default="off")
    parser.add_argument("--cookies", default=None, help="file for the seeded accounts' session cookies")
    parser.add_argument("--gc-log", default=None, help="file for a line per garbage collection")
    args = parser.parse_args()

    import uvicorn

    from wolfrunde.server.app import create_app
    from wolfrunde.server.cli import serving_options
    from wolfrunde.server.collector import tune_for_serving

    if args.name_voices == "off":
        from wolfrunde.server.narration_voices import ServerVoices

        ServerVoices.prepare_names = lambda self, *args, **kwargs: None  # type: ignore[method-assign]
    url = default_url(args.data)
    db = Database(url)
    db.migrate()
    if args.accounts:
        tokens = seed_accounts(db, args.accounts, f"Last{secrets.token_hex(2)}x")
        Path(args.cookies).write_text("\n".join(tokens) + "\n", encoding="utf-8")
    db.close()
    app = create_app(config_for(url, args.pacing, args.port, Path(args.data)))
    every = LocalWindow(SlidingWindow(10**9, 60.0))  # every bench socket comes from 127.0.0.1
    app.state.code_guesses = CodeGuesses(lookups=every, misses=every)
    tune_for_serving()  # as `wolfrunde serve`
    if args.gc_log:
        log_collections(args.gc_log)
    uvicorn.run(app, host="127.0.0.1", port=args.port, backlog=4096, **serving_options())  # as `wolfrunde serve`
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
