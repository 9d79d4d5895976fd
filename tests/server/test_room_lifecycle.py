"""A room across pauses, the lovers' window, the end, a new game and being freed from memory."""

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from wolfrunde.server import protocol as p
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.lobby import Lobby
from wolfrunde.server.match import Match
from wolfrunde.server.registry import Registry
from wolfrunde.server.room import Attach, Incoming, Room
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]
CODE = "ACDEF"


def setup(roles: list[str], seed: int = 1) -> dict[str, Any]:
    return {
        "names": NAMES,
        "roles": roles,
        "center": [],
        "rules": "wolfrunde",
        "mode": "online",
        "seed": seed,
        "meldeliste": False,
    }


def stored_room(
    tmp_path: Path,
    game: dict[str, Any],
    commands: list[tuple],
    timer: dict | None,
    lovers: int = 30,
    status: str = "running",
) -> Database:
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = Lobby(host_id=1)
    lobby.settings.timers = {"night": 30, "day": 30, "vote": 30, "lovers": lovers}
    for name in NAMES:
        lobby.join(accounts.create_user(db, name, "hash").id, name)
    store.create_room(db, CODE, 1, lobby.to_dict())
    store.save_room(db, CODE, status=status, setup=game, timer=timer)
    for op, seat, kind, choice in commands:
        store.append_command(db, CODE, op, seat, kind, choice)
    return db


def drain(conn: Connection) -> list[dict]:
    found = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            found.append(json.loads(text))
    return found


def received(conn: Connection, kind: str) -> list[dict]:
    return [message for message in drain(conn) if message["type"] == kind]


def player(seat: int) -> Connection:
    return Connection(websocket=None, user_id=seat + 1, name=NAMES[seat])  # type: ignore[arg-type]


def first_choice(request: Any) -> Any:
    return request.options["choices"][0]


def play_until(match: Match, done: Any, answers: dict[str, Any]) -> list[tuple]:
    """Answers the named kinds (a fixed answer is used once, a function every time), lets the timer
    decide everything else; returns the stored commands."""
    commands: list[tuple] = []
    answers = dict(answers)
    for _ in range(300):
        if done(match):
            return commands
        mine = [r for r in match.game.pending() if r.kind in answers]
        if mine:
            request = mine[0]
            answer = answers[request.kind]
            choice = answer(request) if callable(answer) else answers.pop(request.kind)
            match.decide(request.seat, request.kind, choice)
            commands.append(("decide", request.seat, request.kind, choice))
        else:
            match.timeout()
            commands.append(("timeout", None, None, None))
    raise AssertionError("the game did not get there")


def test_a_reconnect_during_the_pause_still_shows_the_published_state(tmp_path: Path) -> None:
    # night 2: the seer (seat 1) died on day 1, so after the wolf's choice her empty step is hidden by a pause
    game = setup(["werewolf", "seer", "witch", "villager", "villager"])
    match = Match(game)
    commands = play_until(match, lambda m: m.night_number() == 2, {"werewolves": 1, "seer": 0, "witch": None})
    assert not match.view(1)["you"]["alive"]
    db = stored_room(tmp_path, game, commands, {"release": 0, "deadline": time.time() + 30})
    config = ServerConfig(database_url=db.url, pause_seconds=(0.8, 0.8), bot_delay=(0, 0))

    async def scenario() -> tuple[list[dict], list[dict]]:
        room = Room.load(CODE, db, config)
        assert room is not None
        room.start()
        wolf = player(0)
        room.post(Attach(wolf))
        await asyncio.sleep(0.1)
        room.post(Incoming(wolf, p.Decide(type="decide", kind="werewolves", choice=3)))
        await asyncio.sleep(0.2)
        early = player(2)
        room.post(Attach(early))  # the witch comes back while the pause still runs
        await asyncio.sleep(0.2)
        during = received(early, "game")
        await asyncio.sleep(1.0)
        after = received(early, "game")
        await room.stop()
        return during, after

    during, after = asyncio.run(scenario())
    assert during and during[-1]["view"]["pending"] == [], "the witch must not be called before the pause ends"
    assert after and after[-1]["view"]["pending"][0]["kind"] == "witch"


def test_the_lovers_get_their_closed_channel_when_the_whisper_window_ends(tmp_path: Path) -> None:
    game = setup(["werewolf", "cupid", "seer", "villager", "villager"], seed=4)
    match = Match(game)
    commands = play_until(match, lambda m: m.night_number() == 2, {"cupid": [3, 4], "werewolves": 2})
    assert match.view(3)["you"]["lover"] == 4
    now = time.time()
    timer = {"release": 0, "deadline": now + 30, "night": 2, "night_started": now}
    db = stored_room(tmp_path, game, commands, timer, lovers=1)
    config = ServerConfig(database_url=db.url, pause_seconds=(0, 0), bot_delay=(0, 0))

    async def scenario() -> list[dict]:
        room = Room.load(CODE, db, config)
        assert room is not None
        room.start()
        lover = player(3)
        room.post(Attach(lover))
        await asyncio.sleep(1.4)
        messages = received(lover, "game")
        await room.stop()
        return messages

    messages = asyncio.run(scenario())
    flags = [next(c["write"] for c in m["channels"] if c["id"] == "lovers") for m in messages]
    assert flags == [True, False]


def ended_room(tmp_path: Path) -> tuple[Database, Match]:
    game = setup(["werewolf", "seer", "witch", "villager", "villager"])
    match = Match(game)
    commands = play_until(match, lambda m: m.over, {"werewolves": first_choice})
    db = stored_room(tmp_path, game, commands, None, status="ended")
    store.add_chat(db, CODE, "village", 2, "Gut gespielt")
    return db, match


def test_the_host_opens_a_new_game_in_the_same_room_after_the_end(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = ServerConfig(database_url=db.url, pause_seconds=(0, 0), bot_delay=(0, 0))

    async def scenario() -> tuple[list[dict], list[dict], list[dict], Room]:
        room = Room.load(CODE, db, config)
        assert room is not None and room.status == "ended"
        room.start()
        host, guest = player(0), player(1)
        room.post(Attach(host))
        room.post(Attach(guest))
        room.post(Incoming(guest, p.NewGame(type="new_game", ref="g")))
        await asyncio.sleep(0.1)
        refused = received(guest, "error")
        room.post(Incoming(host, p.NewGame(type="new_game", ref="n")))
        await asyncio.sleep(0.1)
        messages = drain(guest)
        lobbies = [m for m in messages if m["type"] == "lobby"]
        histories = [m for m in messages if m["type"] == "chat_history"]
        room.post(Incoming(host, p.Start(type="start", ref="s")))
        await asyncio.sleep(0.2)
        await room.stop()
        return refused, lobbies, histories, room

    refused, lobbies, histories, room = asyncio.run(scenario())
    assert [e["code"] for e in refused] == ["not_host"]
    assert lobbies[-1]["status"] == "lobby" and len(lobbies[-1]["seats"]) == 5
    assert histories[-1]["messages"] == []
    assert store.chat_history(db, CODE) == []
    assert room.status == "running" and room.match is not None and room.match.view(0)["round"] == 1
    reloaded = Room.load(CODE, db, config)
    assert reloaded is not None and reloaded.status == "running"
    assert reloaded.match is not None and reloaded.match.game.history == room.match.game.history


def test_a_new_game_is_refused_while_the_game_runs(tmp_path: Path) -> None:
    game = setup(["werewolf", "seer", "witch", "villager", "villager"])
    db = stored_room(tmp_path, game, [], {"release": 0, "deadline": time.time() + 30})
    config = ServerConfig(database_url=db.url)

    async def scenario() -> list[dict]:
        room = Room.load(CODE, db, config)
        assert room is not None
        room.start()
        host = player(0)
        room.post(Incoming(host, p.NewGame(type="new_game")))
        await asyncio.sleep(0.1)
        await room.stop()
        return received(host, "error")

    assert [e["code"] for e in asyncio.run(scenario())] == ["not_ended"]


def test_finished_rooms_nobody_is_in_leave_memory_after_a_while(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = ServerConfig(database_url=db.url, ended_room_seconds=60)

    async def scenario() -> tuple[list[str], list[str], bool]:
        registry = Registry(db, config)
        room = await registry.get(CODE)
        assert room is not None and room.ended_at is not None
        kept = await registry.sweep(room.ended_at + 30)
        freed = await registry.sweep(room.ended_at + 61)
        gone = CODE not in registry.rooms
        again = await registry.get(CODE)  # still in the store: a late visitor finds the end screen
        assert again is not None and again.status == "ended"
        await registry.close()
        return kept, freed, gone

    kept, freed, gone = asyncio.run(scenario())
    assert kept == [] and freed == [CODE] and gone


def test_a_finished_room_with_a_player_inside_stays(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = ServerConfig(database_url=db.url, ended_room_seconds=1)

    async def scenario() -> list[str]:
        registry = Registry(db, config)
        room = await registry.get(CODE)
        assert room is not None and room.ended_at is not None
        room.post(Attach(player(2)))
        await asyncio.sleep(0.1)
        freed = await registry.sweep(room.ended_at + 100)
        await registry.close()
        return freed

    assert asyncio.run(scenario()) == []
