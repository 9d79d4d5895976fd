"""A Werwörter room on its own asyncio loop: stages and timers, secrecy of the word per device,
stored commands, reconnecting and a restart from the store."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.werwoerter_app import Registry
from wolfrunde.server.werwoerter_app import store as ww_store
from wolfrunde.server.werwoerter_app.guests import token_hash
from wolfrunde.server.werwoerter_app.room import Attach, Incoming, Room, Tick
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.store import Database, default_url
from wolfrunde.werwoerter import Decision, Game, Kind, Role, Setup

QUICK = Timings(
    night_start=0.01,
    mayor=5.0,
    wake=0.01,
    show_word=0.01,
    meet=0.01,
    sleep=0.01,
    point=0.05,
    point_grace=0.05,
    talk=0.05,
    vote=0.1,
    speech_gap=None,
)
NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]


class Device:
    """A fake socket: everything the room sends to one device, in order."""

    def __init__(self) -> None:
        self.conn = Connection(websocket=None, user_id=0, name="")  # type: ignore[arg-type]
        self.raw: list[str] = []

    def drain(self) -> list[dict[str, Any]]:
        messages = []
        while not self.conn.outbox.empty():
            text = self.conn.outbox.get_nowait()
            if text is not None:
                self.raw.append(text)
                messages.append(json.loads(text))
        return messages

    def last_state(self) -> dict[str, Any]:
        self.drain()
        states = [json.loads(t) for t in self.raw if '"type":"state"' in t]
        return states[-1]


def registry_in(tmp_path: Path, timings: Timings = QUICK) -> Registry:
    db = Database(default_url(tmp_path))
    db.migrate()
    return Registry(db, ServerConfig(database_url=db.url), timings)


async def settle(seconds: float = 0.05) -> None:
    await asyncio.sleep(seconds)


async def until(room: Room, stage: str, limit: float = 5.0) -> None:
    for _ in range(int(limit / 0.01)):
        if room.stage["name"] == stage:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"room stuck in {room.stage['name']}, wanted {stage}")


async def devices_room(registry: Registry) -> tuple[Room, list[Device]]:
    room, host_token = registry.create("devices", ["Anna"])
    tokens = [host_token]
    for name in NAMES[1:]:
        joined = await registry.join(room, name)
        assert not isinstance(joined, str)
        tokens.append(joined[1])
    devices = []
    for token in tokens:
        device = Device()
        room.post(Attach(device.conn, token_hash(token)))
        devices.append(device)
    await settle()
    return room, devices


def send(room: Room, device: Device, **message: Any) -> None:
    room.post(Incoming(device.conn, message))


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), timeout=30))


def test_word_reaches_only_the_devices_that_may_know_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        send(room, devices[0], type="start")
        await settle()
        assert room.game is not None
        game = room.game
        send(room, devices[0], type="play")
        await until(room, "mayor")
        word = game.pending()[0].options[1]
        send(room, devices[game.mayor], type="decide", kind="choose_word", choice=word)
        await until(room, "day")
        knows = {game.mayor} | {s for s in range(5) if game.view(s)["role"] in ("seer", "werewolf")}
        for seat, device in enumerate(devices):
            device.drain()
            seen = any(word in text for text in device.raw)
            assert seen == (seat in knows), (seat, game.view(seat)["role"])
        send(room, devices[game.mayor], type="decide", kind="markers_out")
        await settle()
        for device in devices:
            assert device.last_state()["game"]["word"] == word  # the day is over: everyone learns it
        await registry.close()

    run(scenario)


def test_timers_end_talk_and_vote_and_nobody_voting_lets_the_werewolves_win(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        send(room, devices[0], type="start")
        send(room, devices[0], type="play")
        await until(room, "mayor")
        assert room.game is not None
        offered = room.game.pending()[0].options
        room.post(Tick(room.generation))  # the Bürgermeister never chooses: the first word is taken
        await until(room, "day")
        assert room.game.view(room.game.mayor)["word"] == offered[0]
        day = room.stage
        assert day["deadline"] - day["started"] == room.game.setup.day_seconds == 240
        assert len(room._handles) == 3  # the deadline, the half-time cue and the last-minute cue
        room.post(Tick(room.generation))  # as if the 4 minutes ran out
        await until(room, "talk")
        await until(room, "vote")  # the minute of talk ends by the server's timer
        await until(room, "over")  # and the vote's timer: nobody voted
        result = room.game.result
        assert result is not None and result.winner.value == "werewolves"
        kinds = [d["kind"] for d in ww_store.decisions(registry.db, room.code)]
        assert kinds == ["time_up"] * 4  # word, day, talk, vote – each stored
        await registry.close()

    run(scenario)


def test_pointing_time_runs_out_and_a_werewolf_who_did_not_point_points_at_nobody(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        send(room, devices[0], type="start")
        send(room, devices[0], type="play")
        await until(room, "mayor")
        assert room.game is not None
        mayor = room.game.mayor
        send(room, devices[mayor], type="decide", kind="choose_word", choice=room.game.pending()[0].options[0])
        await until(room, "day")
        asker = next(s for s in range(5) if s != mayor)
        send(room, devices[mayor], type="decide", kind="correct", choice=asker)
        await until(room, "pointing")
        await until(room, "point_now")
        await until(room, "over")
        result = room.game.result
        assert result is not None and result.reason == "seer_missed"
        await registry.close()

    run(scenario)


def test_a_device_may_only_act_for_its_own_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        send(room, devices[0], type="start")
        send(room, devices[0], type="play")
        await until(room, "mayor")
        assert room.game is not None
        other = next(s for s in range(5) if s != room.game.mayor)
        devices[other].drain()
        word = room.game.pending()[0].options[0]
        send(room, devices[other], type="decide", kind="choose_word", choice=word, seat=room.game.mayor)
        await settle()
        errors = [m for m in devices[other].drain() if m["type"] == "error"]
        assert errors and "nur" in errors[0]["message"]
        assert room.stage["name"] == "mayor" and not room.game.decisions
        await registry.close()

    run(scenario)


def test_reconnect_returns_the_device_to_its_seat_and_unknown_tokens_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, _host = registry.create("devices", ["Anna"])
        joined = await registry.join(room, "Ben")
        assert not isinstance(joined, str)
        again = Device()
        room.post(Attach(again.conn, token_hash(joined[1])))
        stranger = Device()
        room.post(Attach(stranger.conn, token_hash("erfunden")))
        await settle()
        assert again.last_state()["me"]["seat"] == 1
        assert stranger.drain()[0]["code"] == "unknown_guest" and stranger.conn.closed
        assert await registry.join(room, "anna") == "Diesen Namen gibt es in der Runde schon."
        await registry.close()

    run(scenario)


def test_restart_resumes_the_game_with_its_stage_deadline_and_markers(tmp_path: Path) -> None:
    async def first_life() -> tuple[str, str, dict[str, Any], tuple[Decision, ...]]:
        quick_night = Timings(night_start=0.01, wake=0.01, show_word=0.01, meet=0.01, sleep=0.01, speech_gap=None)
        registry = registry_in(tmp_path, quick_night)
        room, token = registry.create("single", NAMES)
        device = Device()
        room.post(Attach(device.conn, token_hash(token)))
        await settle()
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await until(room, "mayor")
        assert room.game is not None
        send(room, device, type="decide", kind="choose_word", choice=room.game.pending()[0].options[2])
        await until(room, "day")
        asker = (room.game.mayor + 1) % 5
        send(room, device, type="decide", kind="answer", choice=["ja", asker])
        send(room, device, type="decide", kind="answer", choice=["vielleicht", asker])
        await settle()
        stage = dict(room.stage)
        decisions = room.game.decisions
        await registry.close()  # the process stops
        return room.code, token, stage, decisions

    async def second_life(code: str, token: str, stage: dict[str, Any], decisions: tuple[Decision, ...]) -> None:
        registry = registry_in(tmp_path)
        assert await registry.restore() == 1
        room = registry.rooms[code]
        assert room.game is not None and room.game.decisions == decisions
        assert room.stage["name"] == "day" and room.stage["deadline"] == stage["deadline"]
        device = Device()
        room.post(Attach(device.conn, token_hash(token)))
        await settle()
        game = device.last_state()["game"]
        assert game["markers_left"]["ja_nein"] == 34 and game["markers_left"]["vielleicht"] == 9
        assert [entry["marker"] for entry in game["log"]] == ["ja", "vielleicht"]
        await registry.close()

    code, token, stage, decisions = asyncio.run(first_life())
    asyncio.run(second_life(code, token, stage, decisions))


def test_one_device_enters_votes_but_never_for_oneself(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, token = registry.create("single", NAMES)
        device = Device()
        room.post(Attach(device.conn, token_hash(token)))
        await settle()
        assert room.game is not None
        setup = room.game.setup
        # play the engine to the vote directly, then let the room take over at the vote
        game = Game(Setup(players=setup.players, seed=setup.seed, difficulty=setup.difficulty))
        game.apply(Decision(Kind.CHOOSE_WORD, game.mayor, game.pending()[0].options[0]))
        game.apply(Decision(Kind.MARKERS_OUT, game.mayor))
        game.apply(Decision(Kind.END_TALK, game.mayor))
        room.game = game
        room.stage = room.enter("vote")
        send(room, device, type="votes", votes={str(v): v for v in range(5)})
        await settle()
        errors = [m for m in device.drain() if m["type"] == "error"]
        assert "nie auf sich selbst" in errors[-1]["message"] and not game.is_over
        wolves = [s for s in range(5) if game.view(s)["role"] == Role.WEREWOLF.value]
        target = wolves[0]
        votes = {str(v): (target if v != target else (target + 1) % 5) for v in range(5)}
        send(room, device, type="votes", votes=votes)
        await until(room, "over")
        assert game.result is not None and game.result.winner.value == "village"
        await registry.close()

    run(scenario)


def test_a_called_night_stage_lasts_at_least_while_its_cue_is_spoken(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path, Timings(night_start=0.01, speech_gap=1.0))
        room, token = registry.create("single", NAMES)
        device = Device()
        room.post(Attach(device.conn, token_hash(token)))
        await settle()
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await settle()
        cue = next(m for m in device.drain() if m["type"] == "cue")
        assert cue["scene"] == "ww_start" and cue["speak"] is True and cue["text"]
        stage = room.stage
        assert stage["name"] == "night_start"
        assert stage["deadline"] - stage["started"] >= 1.0 + len(cue["text"]) / 30
        await registry.close()

    run(scenario)
