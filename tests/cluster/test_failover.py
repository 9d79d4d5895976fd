"""Three processes on PostgreSQL behind HAProxy: bot games through the balancer; each game's owner is
killed (kill -9) in the middle of the night; the game goes on elsewhere, the same for every seat, with
every command stored once, and no room is ever run by two processes."""

from __future__ import annotations

import asyncio
import itertools
import json
import statistics
import time
from dataclasses import dataclass

import httpx
import websockets
from tests.cluster.harness import Cluster, Table, first_game_after, new_players, open_room, run_table

from wolfrunde.bots.client import ws_url
from wolfrunde.server.match import replay
from wolfrunde.store import Database, rooms

GAMES = 5
SEATS = 5
RELEASES = ("release", "lost")


@dataclass
class Failover:
    code: str
    owner: int  # the port of the process that was killed
    killed_at: float
    seconds: float  # from the kill to the last seat's first update after it


def owner_of(cluster: Cluster, code: str) -> int:
    held: dict[str, int] = {}
    for _at, what, room, port in cluster.journal():
        if room != code:
            continue
        if what == "acquire":
            held[room] = port
        elif held.get(room) == port:
            del held[room]
    assert code in held, f"nobody owns {code}: {cluster.journal()}"
    return held[code]


async def until(condition: object, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def one_game(cluster: Cluster, seed: int) -> tuple[Table, Failover]:
    players = await new_players(cluster.url, SEATS, seed)
    code = await open_room(cluster.url, players[0])
    table = Table(code, players)
    night = asyncio.Event()

    def stored_a_night_decision() -> None:
        table.gate.clear()  # nobody answers until every seat has seen the game again
        night.set()

    table.on_night_ack = stored_a_night_decision
    game = asyncio.create_task(run_table(cluster.url, table, SEATS))
    await asyncio.wait([game, asyncio.create_task(night.wait())], return_when=asyncio.FIRST_COMPLETED)
    assert night.is_set(), "the game ended before a night decision was stored"
    owner = owner_of(cluster, code)
    killed_at = cluster.kill_hard(owner)
    await until(lambda: all(first_game_after(p, killed_at) is not None for p in players), 60.0)
    seconds = max((first_game_after(p, killed_at) or 0.0) - killed_at for p in players)
    table.gate.set()
    await game
    return table, Failover(code, owner, killed_at, seconds)


def no_overlaps(cluster: Cluster, kills: list[tuple[int, float]]) -> None:
    """Every room's owners, from the processes' own logs: one at a time. A killed process held its
    rooms until the moment of the kill."""
    spans: dict[str, list[tuple[float, float, int]]] = {}
    lines = cluster.journal()
    for index, (at, what, code, port) in enumerate(lines):
        if what != "acquire":
            continue
        end = float("inf")
        for later_at, later_what, later_code, later_port in lines[index + 1 :]:
            if later_code == code and later_port == port and later_what in RELEASES:
                end = later_at
                break
        for killed_port, killed_at in kills:
            if killed_port == port and killed_at >= at:
                end = min(end, killed_at)
        spans.setdefault(code, []).append((at, end, port))
    for code, owners in spans.items():
        owners.sort()
        for (_, end, port), (start, _, next_port) in itertools.pairwise(owners):
            assert end <= start, f"room {code} was run by {port} and {next_port} at once"


def test_games_survive_their_owner_being_killed_in_the_night(cluster: Cluster) -> None:
    async def games() -> list[tuple[Table, Failover]]:
        return [await one_game(cluster, seed) for seed in range(GAMES)]

    played = asyncio.run(games())
    kills = [(failover.owner, failover.killed_at) for _, failover in played]
    database = Database(cluster.database_url)
    try:
        for table, failover in played:
            results = {json.dumps(p.final["result"], sort_keys=True) for p in table.players if p.final}
            assert len(results) == 1 and all(p.final for p in table.players), "every seat sees the same end"
            assert all(p.connects >= 2 for p in table.players), "every seat lost its connection and came back"
            stored = rooms.commands(database, table.code)
            assert [c.seq for c in stored] == list(range(len(stored))), "no gaps, no doubles"
            record = rooms.load_room(database, table.code)
            assert record is not None and record.setup is not None and record.status == "ended"
            assert replay(record.setup, [(c.op, c.seat, c.kind, c.payload) for c in stored]).over
            new_owner = owner_of(cluster, table.code)
            assert new_owner != failover.owner
    finally:
        database.close()
    no_overlaps(cluster, kills)
    times = sorted(failover.seconds for _, failover in played)
    print(f"\nkill -9 → next update on every seat: median {statistics.median(times):.2f} s, all {times}")

    cluster.wait_healthy()  # the killed processes are back (the supervisor restarted them)
    assert all(p["restarts"] >= 1 for p in cluster.state() if p["port"] in {f.owner for _, f in played})
    # a holder killed in a later game lost its rooms with it: the rooms whose holder lives (the last
    # game's at least) are still held, and a restarted process must pass their sockets on
    held = [
        (table, failover)
        for table, failover in played
        if not any(port == owner_of(cluster, table.code) and at > failover.killed_at for port, at in kills)
    ]
    assert held and held[-1][0] is played[-1][0]
    asyncio.run(_restarted_processes_leave_held_rooms(cluster, held))
    no_overlaps(cluster, kills)


async def _restarted_processes_leave_held_rooms(cluster: Cluster, played: list[tuple[Table, Failover]]) -> None:
    """A socket for a held room that reaches the restarted process directly is passed on to the holder:
    the game's end arrives, and the restarted process does not take the room."""
    for table, failover in played:
        holder = owner_of(cluster, table.code)
        host = table.players[0]
        direct = ws_url(f"http://127.0.0.1:{failover.owner}", table.code)
        headers = {"Cookie": f"wolfrunde_session={host.cookie}"}
        async with websockets.connect(direct, additional_headers=headers) as ws:
            async with asyncio.timeout(20):
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "game":
                        assert message["view"]["result"] == host.final["result"]  # type: ignore[index]
                        break
        assert owner_of(cluster, table.code) == holder
        taken = [line for line in cluster.journal() if line[2] == table.code and line[3] == failover.owner]
        assert all(at < failover.killed_at for at, *_ in taken), "the restarted process took a held room"


def test_login_limits_hold_across_processes(cluster: Cluster) -> None:
    """Five failed logins are free per name and address, then each costs a growing wait: counted over
    all processes together, not per process."""
    with httpx.Client(base_url=cluster.url, timeout=30) as http:
        name = "Grenzgänger"
        assert http.post("/api/register", json={"name": name, "password": "richtig-geheim"}).status_code == 201
    ports = [p["port"] for p in cluster.state()]
    for attempt in range(5):
        port = ports[attempt % len(ports)]
        answer = httpx.post(f"http://127.0.0.1:{port}/api/login", json={"name": name, "password": "falsch!!"})
        assert answer.status_code == 401, answer.text
    for port in ports:
        answer = httpx.post(f"http://127.0.0.1:{port}/api/login", json={"name": name, "password": "richtig-geheim"})
        assert answer.status_code == 429, f"process on {port} let a sixth attempt through"
        assert "Sekunden" in answer.json()["message"]


def test_who_is_online_counts_over_every_process(cluster: Cluster) -> None:
    """A player connected to one process is online for every other; when he leaves, for none."""

    async def scene() -> None:
        players = await new_players(cluster.url, 1, seed=99)
        code = await open_room(cluster.url, players[0])
        ports = [p["port"] for p in cluster.state()]
        before = [httpx.get(f"http://127.0.0.1:{port}/api/online").json()["online"] for port in ports]
        headers = {"Cookie": f"wolfrunde_session={players[0].cookie}"}
        async with websockets.connect(ws_url(cluster.url, code), additional_headers=headers) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            during = [httpx.get(f"http://127.0.0.1:{port}/api/online").json()["online"] for port in ports]
        assert during == [count + 1 for count in before]

        async def gone() -> bool:
            return all(
                httpx.get(f"http://127.0.0.1:{port}/api/online").json()["online"] == count
                for port, count in zip(ports, before, strict=True)
            )

        deadline = time.monotonic() + 10
        while not await gone():
            assert time.monotonic() < deadline, "the player stayed online after leaving"
            await asyncio.sleep(0.05)

    asyncio.run(scene())
