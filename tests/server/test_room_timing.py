"""Timers and pauses of a room with a fixed deal: a dead role's step delays the next one by a pause, and
a step whose deadline passed while the server was down gets a grace period before it ends."""

import asyncio
import time
from pathlib import Path

from tests.server.rooms_harness import CODE, config_for, join, online_setup, running_room, stored_online_room

from wolfrunde.server.match import Match
from wolfrunde.store import rooms as store

SETUP = online_setup(["werewolf", "seer", "witch", "villager", "villager"], seed=1)
NIGHT_ONE = [("decide", 0, "werewolves", 1), ("decide", 1, "seer", 0), ("decide", 2, "witch", None)]
PAUSE = 0.6


def day_one() -> list[tuple]:
    match = Match(SETUP)
    for _op, seat, kind, choice in NIGHT_ONE:
        match.decide(seat, kind, choice)
    timeouts = []
    while match.night_number() != 2:
        match.timeout()
        timeouts.append(("timeout", None, None, None))
    return timeouts


def test_a_dead_roles_step_delays_the_next_step_by_a_pause(tmp_path: Path) -> None:
    # night 1 and day 1 (all defaults) are stored; night 2 waits for the wolf, and the seer is dead
    db = stored_online_room(tmp_path, SETUP, NIGHT_ONE + day_one(), {"release": 0, "deadline": time.time() + 30})

    async def scenario() -> tuple[float, dict, int]:
        async with running_room(db, config_for(db, pause_seconds=(PAUSE, PAUSE))) as actor:
            assert actor.kind.game.match.night_number() == 2 and actor.kind.game.match.waiting_seats() == {0}
            wolf, witch = await join(actor, 0), await join(actor, 2)
            await witch.settled()
            before = len(witch.taken("game"))
            started = time.monotonic()
            wolf.say({"type": "decide", "kind": "werewolves", "choice": 3, "ref": "w"})
            await wolf.next("ack", lambda m: m["ref"] == "w")
            called = await witch.next("game", lambda m: bool(m["view"]["pending"]))
            games_between = len(witch.taken("game")) - before - 1
            return witch.when(called) - started, called, games_between

    elapsed, called, _games_between = asyncio.run(scenario())
    assert elapsed >= PAUSE - 0.05, "the witch's step must not start before the pause"
    assert called["view"]["pending"][0]["kind"] == "witch"
    assert called["timer"]["deadline"] >= time.time() + 30 - 2


def test_a_stored_deadline_that_passed_during_downtime_gets_a_grace_period_then_fires(tmp_path: Path) -> None:
    db = stored_online_room(tmp_path, SETUP, [], {"release": 0, "deadline": time.time() - 5})
    grace = 1.0

    async def scenario() -> tuple[dict, float, list[tuple]]:
        async with running_room(db, config_for(db, restart_grace=grace)) as actor:
            back = time.monotonic()
            wolf = await join(actor, 0)
            first = await wolf.next("game")
            after = await wolf.next("game", lambda m: m["view"]["pending"] != first["view"]["pending"])
            return first, wolf.when(after) - back, [(c.op, c.seat) for c in store.commands(db, CODE)]

    first, waited, commands = asyncio.run(scenario())
    assert first["view"]["pending"], "the wolf can still decide after the restart"
    assert first["timer"]["seconds_left"] > 0
    assert waited >= grace - 0.1, "the step ended only after the grace period"
    assert commands[0] == ("timeout", None)
