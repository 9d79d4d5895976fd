"""The server's CPU per decision with no sockets and no second process: `--rooms` online rooms of 10 players
in this process, with the real registry, actors, kinds, store (SQLite in a temporary folder) and patch
streams, played to their ends by bots that answer at once (as `bench/load.py --pacing off`). Each bot's
device gets every message encoded as a socket would send it; the bot decodes it, rebuilds its view from
the patches and answers through the room's schema, as a client's frame would arrive.

What the bots do on their side is timed and taken off, so `server_ms_per_decision` is the rooms' own work
(the view, payload, diff, voice plan, narration, store and encoding of every message; not the socket
writes and frame parsing, which `bench/send_path.py` measures). With no network, no client process and the
same games in every run, what is left to vary is the machine's speed (up to a third within minutes on the
shared 2-core machine): compare a change of the publishing path by alternating single runs of the two
versions. Medians of `--runs`; `--profile` prints cProfile's heaviest functions of one run instead.

    .venv/bin/python bench/room_cpu.py --rooms 30 --runs 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import pstats
import random
import statistics
import tempfile
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from wolfrunde.bots.strategy import choose
from wolfrunde.server import match
from wolfrunde.server.collector import tune_for_serving
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds, online
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.narration_voices import ServerVoices
from wolfrunde.server.rooms.actor import Incoming, RoomActor
from wolfrunde.server.rooms.connection import Connection, encode
from wolfrunde.server.rooms.deltas import GameStream, Subscription
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.store import Database, accounts, default_url

PLAYERS = 10
TIMERS = {"night": 30, "day": 30, "vote": 30, "lovers": 5}  # never reached: the bots answer at once


class BotDevice(Connection):
    """A seat's device: each message is encoded as a socket sends it and read by the bot a moment later."""

    def __init__(self, bot: Bot) -> None:
        super().__init__()
        self.bot = bot

    def send_encoded(self, data: bytes) -> None:
        if not self.closed:
            asyncio.get_running_loop().call_soon(self.bot.receive, data)


class Bot:
    """One player: rebuilds its `game` messages from patches and answers its requests at once."""

    def __init__(self, rng: random.Random, clock: BotClock, finished: asyncio.Queue[None]) -> None:
        self.rng = rng
        self.clock = clock
        self.finished = finished
        self.stream = GameStream()
        self.actor: RoomActor | None = None
        self.peer: Peer | None = None
        self.counter = 0
        self.done = False

    def receive(self, data: bytes) -> None:
        began = time.perf_counter()
        try:
            self._read(orjson.loads(data))
        finally:
            self.clock.seconds += time.perf_counter() - began

    def _read(self, raw: dict[str, Any]) -> None:
        message = self.stream.receive(raw)
        if message.get("type") == "game" and not self.done:
            view = message["view"]
            if view.get("result") is not None:
                self.done = True
                self.finished.put_nowait(None)
                return
            move = choose(view, self.rng)
            if move is not None:
                self.counter += 1
                self.clock.decisions += 1
                self.say({"type": "decide", "kind": move[0], "choice": move[1], "ref": f"d{self.counter}"})

    def say(self, message: dict[str, Any]) -> None:
        assert self.actor is not None and self.peer is not None
        began = time.perf_counter()
        text = encode(message)
        self.clock.seconds += time.perf_counter() - began
        self.actor.post(Incoming(self.peer, self.actor.kind.schema.parse(text)))  # the server's part, as a frame's


class BotClock:
    """The bots' own time (taken off the process's CPU) and the decisions they sent."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0


async def seated_room(
    registry: Registry, users: list[tuple[int, str]], clock: BotClock, finished: asyncio.Queue[None], rng: random.Random
) -> list[Bot]:
    host_id, host_name = users[0]
    kind = OnlineRoom.create(host_id, host_name, registry.config)
    for user_id, name in users[1:]:
        kind.lobby.join(user_id, name)
    kind.lobby.settings.timers = dict(TIMERS)
    actor = await registry.create(kind, kind.lobby.to_dict(), host_id=host_id)
    await actor.save(state=kind.lobby.to_dict())
    bots = []
    for user_id, name in users:
        bot = Bot(random.Random(rng.random()), clock, finished)
        peer = Peer(BotDevice(bot), Identity(user_id=user_id, name=name), patches=Subscription())
        bot.actor, bot.peer = actor, peer
        refusal = await actor.attach(peer)
        assert refusal is None, refusal
        bots.append(bot)
    return bots


@contextlib.contextmanager
def same_deals(seed: int) -> Iterator[None]:
    """Every run deals the same games: the rooms' secret chance drawn from `seed` (a bench, never a server)."""
    drawn = random.Random(seed)
    kept = online._SYSTEM_RANDOM, match.secrets
    online._SYSTEM_RANDOM = drawn  # type: ignore[assignment]
    match.secrets = types.SimpleNamespace(randbits=drawn.getrandbits)  # type: ignore[assignment]
    try:
        yield
    finally:
        online._SYSTEM_RANDOM, match.secrets = kept  # type: ignore[assignment]


@contextlib.contextmanager
def no_name_voices() -> Iterator[None]:
    """The names are not spoken ahead (as bench/serve.py runs): that is the voices' work, in threads."""
    prepare = ServerVoices.prepare_names
    ServerVoices.prepare_names = lambda self, *args, **kwargs: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        ServerVoices.prepare_names = prepare  # type: ignore[method-assign]


async def one_run(rooms: int, seed: int, profile: cProfile.Profile | None = None) -> dict[str, Any]:
    with same_deals(seed), no_name_voices(), tempfile.TemporaryDirectory(prefix="wolfrunde-room-cpu-") as folder:
        db = Database(default_url(Path(folder)))
        db.migrate()
        config = ServerConfig(database_url=db.url, pause_seconds=(0.0, 0.0), narration_wait=0.0, bot_delay=(0.0, 0.0))
        registry = Registry(db, config, all_kinds())
        users = [(accounts.create_user(db, f"Spieler{i}", "hash").id, f"Spieler{i}") for i in range(rooms * PLAYERS)]
        clock = BotClock()
        finished: asyncio.Queue[None] = asyncio.Queue()
        rng = random.Random(seed)
        rooms_bots = [
            await seated_room(registry, users[i * PLAYERS : (i + 1) * PLAYERS], clock, finished, rng)
            for i in range(rooms)
        ]
        for bots in rooms_bots:  # every room has handled its seating, and its devices have read the lobbies
            assert bots[0].actor is not None
            await bots[0].actor.call(lambda: None)
        clock.seconds, clock.decisions = 0.0, 0
        cpu, wall = time.process_time(), time.perf_counter()
        if profile is not None:
            profile.enable()
        for bots in rooms_bots:
            bots[0].say({"type": "start", "ref": "start"})
        async with asyncio.timeout(600):
            for _ in range(rooms * PLAYERS):
                await finished.get()
        if profile is not None:
            profile.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        await registry.close()
        db.close()
    server = cpu - clock.seconds
    return {
        "decisions": clock.decisions,
        "wall_seconds": round(wall, 2),
        "server_cpu_seconds": round(server, 3),
        "bot_cpu_seconds": round(clock.seconds, 3),
        "server_ms_per_decision": round(1000 * server / max(1, clock.decisions), 4),
    }


def main() -> None:
    tune_for_serving()  # the collector as `wolfrunde serve` sets it
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's heaviest N functions of one run")
    args = parser.parse_args()
    if args.profile:
        profile = cProfile.Profile()
        print(json.dumps(asyncio.run(one_run(args.rooms, args.seed, profile))))
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)
        return
    runs = [asyncio.run(one_run(args.rooms, args.seed)) for _ in range(args.runs)]
    print(
        json.dumps(
            {
                "rooms": args.rooms,
                "runs": len(runs),
                "server_ms_per_decision": statistics.median(r["server_ms_per_decision"] for r in runs),
                "each_run": [r["server_ms_per_decision"] for r in runs],
                "decisions": [r["decisions"] for r in runs],
            }
        )
    )


if __name__ == "__main__":
    main()
