"""The room waits for the narration of what just happened before it calls the next step."""

import asyncio
import time
from pathlib import Path

from tests.server.rooms_harness import CODE, join, running_room

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.store import Database, accounts, default_url
from wolfrunde.store import rooms as store

SETUP = {
    "names": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "roles": ["werewolf", "seer", "witch", "villager", "villager"],
    "center": [],
    "rules": "wolfrunde",
    "mode": "online",
    "seed": 3,
    "meldeliste": False,
}
WAIT_SHARE = 0.1  # the room waits a tenth of the narration's length: the test stays short
SHORT_SHARE = 0.05


def stored_room(
    tmp_path: Path, commands: tuple[tuple, ...] = (), timer: dict | None = None, setup: dict | None = None
) -> Database:
    """A running game after `commands` (none: night 1, the wolf must choose) with `timer` (default: 30 s
    from now); what happened up to here was narrated before."""
    db = Database(default_url(tmp_path))
    db.migrate()
    lobby = Lobby(host_id=1)
    lobby.settings.timers = {"night": 30, "day": 30, "vote": 30, "lovers": 30}
    lobby.settings.narrator = "mechthild"
    for name in SETUP["names"]:
        lobby.join(accounts.create_user(db, name, "hash").id, name)
    store.create_room(db, CODE, "online", lobby.to_dict(), host_id=1)
    timer = timer or {"release": 0, "deadline": time.time() + 30}
    store.save_room(db, CODE, status="running", setup=setup or SETUP, timer=timer)
    for seq, (op, seat, kind, choice) in enumerate(commands):
        store.append_command(db, CODE, seq, store.Command(op, seat, kind, choice))
    return db


def to_night_two_without_the_seer() -> tuple[tuple, ...]:
    """Night 1: the wolf takes the seer (Ben); then every timer runs out until night 2."""
    match = Match(SETUP)
    commands: list[tuple] = [("decide", 0, "werewolves", 1), ("decide", 1, "seer", 0), ("decide", 2, "witch", None)]
    for _op, seat, kind, choice in commands:
        match.decide(seat, kind, choice)
    for _ in range(50):
        if match.night_number() == 2:
            break
        match.timeout()
        commands.append(("timeout", None, None, None))
    assert match.waiting_seats() == {0} and not match.view(1)["you"]["alive"]
    return tuple(commands)


def test_the_next_step_waits_until_the_narration_has_been_heard(tmp_path: Path) -> None:
    db = stored_room(tmp_path)
    config = ServerConfig(
        database_url=db.url,
        pause_seconds=(0, 0),
        bot_delay=(0, 0),
        narration_wait=WAIT_SHARE,
        voices_dir=str(tmp_path / "voices"),
    )

    async def scenario() -> tuple[float, list[tuple[float, dict]]]:
        async with running_room(db, config) as actor:
            wolf, seer = await join(actor, 0), await join(actor, 1)
            await seer.settled()
            skip = len(seer.messages)
            started = time.monotonic()
            wolf.say({"type": "decide", "kind": "werewolves", "choice": 3})
            await seer.next("game", lambda m: bool(m["view"]["pending"]))
            return started, list(zip(seer.arrived_at[skip:], seer.messages[skip:], strict=True))

    started, messages = asyncio.run(scenario())
    narration = [m for _, m in messages if m["type"] == "narration"]
    assert len(narration) == 1, "one narration message for the wolves' choice"
    cues = narration[0]["cues"]
    assert [cue["scene"] for cue in cues] == ["werewolves_sleep", "seer_wakes"], "nothing from before again"
    assert all(cue["narrator"] == "mechthild" for cue in cues)
    heard = (sum(cue["seconds"] for cue in cues) + 0.4 * len(cues)) * WAIT_SHARE
    called_at = next(at for at, m in messages if m["type"] == "game" and m["view"]["pending"])
    narrated_at = next(at for at, m in messages if m["type"] == "narration")
    assert narrated_at - started < heard, "the narration is sent at once"
    assert called_at - started >= heard - 0.03, "the seer is called only once the narration is over"
    game = next(m for _, m in messages if m["type"] == "game" and m["view"]["pending"])
    assert game["view"]["pending"][0]["kind"] == "seer"
    assert game["timer"]["seconds_left"] >= 29, "the seer's own time starts after the narration"
    stored = store.load_room(db, CODE)
    assert stored is not None and stored.timer is not None
    assert stored.timer["deadline"] - stored.timer["release"] == 30


def test_a_failing_narrator_never_stops_the_game(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from wolfrunde.server.narration_feed import NarrationFeed

    def broken(self, source):  # type: ignore[no-untyped-def]
        raise RuntimeError("kaputt")

    db = stored_room(tmp_path)
    config = ServerConfig(database_url=db.url, pause_seconds=(0, 0), bot_delay=(0, 0), narration_wait=1.0)

    async def scenario() -> list[dict]:
        async with running_room(db, config) as actor:
            monkeypatch.setattr(NarrationFeed, "catch_up", broken)
            wolf, seer = await join(actor, 0), await join(actor, 1)
            await seer.settled()
            skip = len(seer.messages)
            wolf.say({"type": "decide", "kind": "werewolves", "choice": 3})
            await seer.next("game", lambda m: bool(m["view"]["pending"]))
            return seer.messages[skip:]

    messages = asyncio.run(scenario())
    assert not any(m["type"] == "narration" for m in messages)
    assert any(m["type"] == "game" and m["view"]["pending"] for m in messages), "the seer is called anyway"


def test_a_dead_roles_step_is_narrated_with_a_silence_like_a_real_decision(tmp_path: Path) -> None:
    db = stored_room(tmp_path, to_night_two_without_the_seer())
    pause = 0.5
    config = ServerConfig(
        database_url=db.url,
        pause_seconds=(pause, pause),
        bot_delay=(0, 0),
        narration_wait=SHORT_SHARE,
        voices_dir=str(tmp_path / "voices"),
    )

    async def scenario() -> tuple[float, list[tuple[float, dict]]]:
        async with running_room(db, config) as actor:
            wolf, witch = await join(actor, 0), await join(actor, 2)
            await witch.settled()
            skip = len(witch.messages)
            started = time.monotonic()
            wolf.say({"type": "decide", "kind": "werewolves", "choice": 3})
            await witch.next("game", lambda m: bool(m["view"]["pending"]))
            return started, list(zip(witch.arrived_at[skip:], witch.messages[skip:], strict=True))

    started, messages = asyncio.run(scenario())
    narrations = [(at - started, m["cues"]) for at, m in messages if m["type"] == "narration"]
    assert [[c["scene"] for c in cues] for _, cues in narrations] == [
        ["werewolves_sleep", "seer_wakes"],
        ["seer_sleeps", "witch_wakes"],
    ]
    (first_at, first), (second_at, second) = narrations
    heard_first = sum(c["seconds"] + 0.4 for c in first) * SHORT_SHARE
    heard_second = sum(c["seconds"] + 0.4 for c in second) * SHORT_SHARE
    assert first_at < heard_first
    assert second_at >= heard_first + pause - 0.03, "the seer's silence lasts as long as a decision could"
    called_at = next(at for at, m in messages if m["type"] == "game" and m["view"]["pending"]) - started
    assert called_at >= second_at + heard_second - 0.03
