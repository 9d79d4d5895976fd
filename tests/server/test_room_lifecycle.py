"""A room across pauses, the lovers' window, the end, a new game and being freed from memory."""

import asyncio
import time
from pathlib import Path
from typing import Any

from tests.server.rooms_harness import (
    CODE,
    config_for,
    join,
    online_setup,
    running_room,
    stored_online_room,
)

from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.match import Match
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.store import Database
from wolfrunde.store import rooms as store


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
    game = online_setup(["werewolf", "seer", "witch", "villager", "villager"])
    match = Match(game)
    commands = play_until(match, lambda m: m.night_number() == 2, {"werewolves": 1, "seer": 0, "witch": None})
    assert not match.view(1)["you"]["alive"]
    db = stored_online_room(tmp_path, game, commands, {"release": 0, "deadline": time.time() + 30})
    config = config_for(db, pause_seconds=(1.5, 1.5))

    async def scenario() -> tuple[dict, dict]:
        async with running_room(db, config) as actor:
            wolf = await join(actor, 0)
            await wolf.next("game")
            wolf.say({"type": "decide", "kind": "werewolves", "choice": 3, "ref": "w"})
            await wolf.next("ack", lambda m: m["ref"] == "w")
            early = await join(actor, 2)  # the witch comes back while the pause still runs
            during = await early.next("game")
            after = await early.next("game", lambda m: bool(m["view"]["pending"]))
            return during, after

    during, after = asyncio.run(scenario())
    assert during["view"]["pending"] == [], "the witch must not be called before the pause ends"
    assert after["view"]["pending"][0]["kind"] == "witch"


def test_the_lovers_get_their_closed_channel_when_the_whisper_window_ends(tmp_path: Path) -> None:
    game = online_setup(["werewolf", "cupid", "seer", "villager", "villager"], seed=4)
    match = Match(game)
    commands = play_until(match, lambda m: m.night_number() == 2, {"cupid": [3, 4], "werewolves": 2})
    assert match.view(3)["you"]["lover"] == 4
    now = time.time()
    timer = {"release": 0, "deadline": now + 30, "night": 2, "night_started": now}
    db = stored_online_room(tmp_path, game, commands, timer, lovers=2)

    def lovers_write(message: dict) -> bool:
        return next(c["write"] for c in message["channels"] if c["id"] == "lovers")

    async def scenario() -> tuple[bool, bool]:
        async with running_room(db, config_for(db)) as actor:
            lover = await join(actor, 3)
            first = await lover.next("game")
            closed = await lover.next("game", lambda m: not lovers_write(m))
            return lovers_write(first), lovers_write(closed)

    assert asyncio.run(scenario()) == (True, False)


def ended_room(tmp_path: Path) -> tuple[Database, Match]:
    game = online_setup(["werewolf", "seer", "witch", "villager", "villager"])
    match = Match(game)
    commands = play_until(match, lambda m: m.over, {"werewolves": first_choice})
    db = stored_online_room(tmp_path, game, commands, None, status="ended")
    store.add_chat(db, CODE, "village", 2, "Gut gespielt")
    return db, match


def test_the_host_opens_a_new_game_in_the_same_room_after_the_end(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = config_for(db)

    async def scenario() -> tuple[dict, dict, dict, list]:
        async with running_room(db, config) as actor:
            assert actor.status is RoomStatus.ENDED
            host, guest = await join(actor, 0), await join(actor, 1)
            guest.say({"type": "new_game", "ref": "g"})
            refused = await guest.next("error", lambda m: m["ref"] == "g")
            host.say({"type": "new_game", "ref": "n"})
            await host.next("ack", lambda m: m["ref"] == "n")
            lobby = await guest.next("lobby", lambda m: m["status"] == "lobby")
            await guest.settled()
            history = guest.taken("chat_history")[-1]
            host.say({"type": "start", "ref": "s"})
            await host.next("ack", lambda m: m["ref"] == "s")
            started = host.taken("game")[-1]
            return refused, lobby, history, [actor.status, started["view"]["round"], actor.kind.game.match]

    refused, lobby, history, (status, round_, match) = asyncio.run(scenario())
    assert refused["code"] == "not_host"
    assert lobby["status"] == "lobby" and len(lobby["seats"]) == 5
    assert history["messages"] == []
    assert store.chat_history(db, CODE) == []
    assert status is RoomStatus.RUNNING and round_ == 1

    async def reload() -> Any:
        async with running_room(db, config) as actor:
            return actor.status, actor.kind.game.match.game.history

    status, history_again = asyncio.run(reload())
    assert status is RoomStatus.RUNNING and history_again == match.game.history


def test_a_new_game_is_refused_while_the_game_runs(tmp_path: Path) -> None:
    game = online_setup(["werewolf", "seer", "witch", "villager", "villager"])
    db = stored_online_room(tmp_path, game, [], {"release": 0, "deadline": time.time() + 30})

    async def scenario() -> dict:
        async with running_room(db, config_for(db)) as actor:
            host = await join(actor, 0)
            host.say({"type": "new_game", "ref": "x"})
            return await host.next("error", lambda m: m["ref"] == "x")

    assert asyncio.run(scenario())["code"] == "not_ended"


def test_finished_rooms_nobody_is_in_leave_memory_after_a_while(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = config_for(db, ended_room_seconds=60)

    async def scenario() -> tuple[list[str], list[str], bool]:
        registry = Registry(db, config, all_kinds())
        room = await registry.get(CODE)
        assert room is not None and room.ended_at is not None
        kept = await registry.sweep(room.ended_at + 30)
        freed = await registry.sweep(room.ended_at + 61)
        gone = CODE not in registry.rooms
        again = await registry.get(CODE)  # still in the store: a late visitor finds the end screen
        assert again is not None and again.status is RoomStatus.ENDED
        await registry.close()
        return kept, freed, gone

    kept, freed, gone = asyncio.run(scenario())
    assert kept == [] and freed == [CODE] and gone


def test_a_finished_room_with_a_player_inside_stays(tmp_path: Path) -> None:
    db, _ = ended_room(tmp_path)
    config = config_for(db, ended_room_seconds=1)

    async def scenario() -> list[str]:
        registry = Registry(db, config, all_kinds())
        room = await registry.get(CODE)
        assert room is not None and room.ended_at is not None
        member = await join(room, 2)
        await member.next("lobby")
        freed = await registry.sweep(room.ended_at + 100)
        await registry.close()
        return freed

    assert asyncio.run(scenario()) == []
