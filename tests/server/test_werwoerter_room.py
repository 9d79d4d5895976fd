"""A Werwörter room on its own asyncio loop: stages and timers, secrecy of the word per device,
stored commands, reconnecting and a restart from the store."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from wolfrunde.server import sundial
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.werwoerter import DAY_MARKS, KIND, KINDS_BY_STAGE, WerwoerterRoom
from wolfrunde.server.rooms.actor import Detach, Incoming, RoomActor, Wake
from wolfrunde.server.rooms.connection import LocalConnection, encode
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.rooms.status import LifecycleError, RoomStatus
from wolfrunde.server.rooms.timer import Deadline
from wolfrunde.server.werwoerter_app.guests import token_hash
from wolfrunde.server.werwoerter_app.rounds import join_round, open_round
from wolfrunde.server.werwoerter_app.stages import NIGHT_AFTER_WORD, Stage, StageRecord
from wolfrunde.server.werwoerter_app.state import Mode, Settings
from wolfrunde.server.werwoerter_app.timings import Timings
from wolfrunde.store import Database, default_url
from wolfrunde.store import rooms as store
from wolfrunde.store.database import MIGRATIONS
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
    """A device in the room: everything the room sends to it, in order, as the JSON text a socket carries."""

    def __init__(self, token: str) -> None:
        self.raw: list[str] = []
        self.inbox: list[dict[str, Any]] = []
        self.peer = Peer(LocalConnection(self._deliver), Identity(token_hash=token_hash(token)))

    def _deliver(self, message: dict[str, Any]) -> None:
        self.raw.append(encode(message))
        self.inbox.append(message)

    def drain(self) -> list[dict[str, Any]]:
        messages, self.inbox = self.inbox, []
        return messages

    def last_state(self) -> dict[str, Any]:
        states: list[dict[str, Any]] = [json.loads(t) for t in self.raw if '"type":"state"' in t]
        return states[-1]


def registry_in(tmp_path: Path, timings: Timings = QUICK) -> Registry:
    db = Database(default_url(tmp_path))
    db.migrate()
    return Registry(db, ServerConfig(database_url=db.url), {KIND.kind_id: KIND.with_timings(timings)})


def round_in(room: RoomActor) -> WerwoerterRoom:
    assert isinstance(room.kind, WerwoerterRoom)
    return room.kind


def stage_of(room: RoomActor) -> Stage:
    return round_in(room).state.stage.name


async def settle(room: RoomActor) -> None:
    """Until the room has handled everything posted so far (its queue is in order)."""
    await room.call(lambda: None)


async def until(room: RoomActor, stage: str, limit: float = 5.0) -> None:
    for _ in range(int(limit / 0.01)):
        if stage_of(room) == stage:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"room stuck in {stage_of(room)}, wanted {stage}")


async def create(registry: Registry, mode: str, names: list[str]) -> tuple[RoomActor, str]:
    return await open_round(registry, Mode(mode), names, Settings())


async def attach(room: RoomActor, token: str) -> tuple[Device, Refusal | None]:
    device = Device(token)
    return device, await room.attach(device.peer)


async def devices_room(registry: Registry) -> tuple[RoomActor, list[Device]]:
    room, host_token = await create(registry, "devices", ["Anna"])
    tokens = [host_token]
    for name in NAMES[1:]:
        _seat, token = await join_round(room, name)
        tokens.append(token)
    devices = []
    for token in tokens:
        device, refused = await attach(room, token)
        assert refused is None
        devices.append(device)
    await settle(room)
    return room, devices


def send(room: RoomActor, device: Device, **message: Any) -> None:
    room.post(Incoming(device.peer, KIND.schema.parse(json.dumps(message))))


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), timeout=30))


def test_word_reaches_only_the_devices_that_may_know_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        send(room, devices[0], type="start")
        await settle(room)
        game = round_in(room).game
        assert game is not None
        send(room, devices[0], type="play")
        await until(room, "mayor")
        word = game.pending()[0].options[1]
        send(room, devices[game.mayor], type="decide", kind="choose_word", choice=word)
        await until(room, "day")
        knows = {game.mayor} | {s for s in range(5) if game.view(s)["role"] in ("seer", "werewolf")}
        for seat, device in enumerate(devices):
            # as a JSON string of its own: the word may also stand inside a narrator's line ("… meiner Stimme.")
            seen = any(f'"{word}"' in text for text in device.raw)
            assert seen == (seat in knows), (seat, game.view(seat)["role"])
        send(room, devices[game.mayor], type="decide", kind="correct", choice=(game.mayor + 1) % 5)
        await settle(room)
        for device in devices:
            assert device.last_state()["game"]["word"] == word  # the day is over: everyone learns it
        await registry.close()

    run(scenario)


async def at_the_mayor(registry: Registry) -> tuple[RoomActor, list[Device], WerwoerterRoom]:
    """A round on own devices, started: the Bürgermeister is asked to choose the word."""
    room, devices = await devices_room(registry)
    send(room, devices[0], type="start")
    send(room, devices[0], type="play")
    await until(room, "mayor")
    return room, devices, round_in(room)


async def day_begun(registry: Registry) -> tuple[RoomActor, list[Device], WerwoerterRoom, list[Any]]:
    """A round on own devices whose Bürgermeister let the time to choose run out (the first of the offered
    words is taken): the day has begun. Returns the room, its devices, the round and the offered words."""
    room, devices, ww = await at_the_mayor(registry)
    assert ww.game is not None
    offered = list(ww.game.pending()[0].options)
    room.post(Wake(Deadline(ww.generation)))
    await until(room, "day")
    return room, devices, ww, offered


def test_timers_end_talk_and_vote_and_nobody_voting_lets_the_werewolves_win(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, _, ww, offered = await day_begun(registry)
        assert ww.game is not None
        assert ww.game.view(ww.game.mayor)["word"] == offered[0]
        day = ww.state.stage
        assert day.deadline is not None and day.started is not None
        assert day.deadline - day.started == ww.game.setup.day_seconds == 240
        assert len(ww.handles) == 3  # the deadline, the half-time cue and the last-minute cue
        room.post(Wake(Deadline(ww.generation)))  # as if the 4 minutes ran out
        await until(room, "talk")
        await until(room, "vote")  # the minute of talk ends by the server's timer
        await until(room, "over")  # and the vote's timer: nobody voted
        result = ww.game.result
        assert result is not None and result.winner.value == "werewolves"
        kinds = [c.payload["kind"] for c in store.commands(registry.db, room.code)]
        assert kinds == ["time_up"] * 4  # word, day, talk, vote – each stored
        await registry.close()

    run(scenario)


def test_the_day_warns_at_the_sonnenuhrs_times_and_a_warning_of_an_older_day_stays_silent(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices, ww, _ = await day_begun(registry)
        day = ww.state.stage
        assert day.deadline is not None and day.started is not None
        marks = [(offset, DAY_MARKS[mark]) for offset, mark in sundial.sundial_marks(day.deadline - day.started)]
        assert marks == [(120.0, "ww_time_half"), (180.0, "ww_time_last_minute")]

        def cues() -> list[str]:
            return [json.loads(text)["scene"] for text in devices[1].raw if '"type":"cue"' in text.replace(" ", "")]

        before = len(cues())
        room.post(Wake(sundial.SundialMark(day.deadline - 1, "ww_time_half")))  # another day's
        room.post(Wake(sundial.SundialMark(day.deadline, "ww_time_last_minute")))
        await settle(room)
        assert cues()[before:] == ["ww_time_last_minute"]
        await registry.close()

    run(scenario)


def test_pointing_time_runs_out_and_a_werewolf_who_did_not_point_points_at_nobody(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices, ww = await at_the_mayor(registry)
        assert ww.game is not None
        mayor = ww.game.mayor
        send(room, devices[mayor], type="decide", kind="choose_word", choice=ww.game.pending()[0].options[0])
        await until(room, "day")
        asker = next(s for s in range(5) if s != mayor)
        send(room, devices[mayor], type="decide", kind="correct", choice=asker)
        await until(room, "pointing")
        await until(room, "point_now")
        await until(room, "over")
        result = ww.game.result
        assert result is not None and result.reason == "seer_missed"
        await registry.close()

    run(scenario)


def test_a_device_may_only_act_for_its_own_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices, ww = await at_the_mayor(registry)
        assert ww.game is not None
        other = next(s for s in range(5) if s != ww.game.mayor)
        devices[other].drain()
        word = ww.game.pending()[0].options[0]
        send(room, devices[other], type="decide", kind="choose_word", choice=word, seat=ww.game.mayor)
        await settle(room)
        errors = [m for m in devices[other].drain() if m["type"] == "error"]
        assert errors and "nur" in errors[0]["message"]
        assert stage_of(room) == "mayor" and not ww.game.decisions
        await registry.close()

    run(scenario)


def test_reconnect_returns_the_device_to_its_seat_and_unknown_tokens_are_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, _host = await create(registry, "devices", ["Anna"])
        _seat, token = await join_round(room, "Ben")
        again, refused = await attach(room, token)
        assert refused is None and again.last_state()["me"]["seat"] == 1
        stranger, refused = await attach(room, "erfunden")
        assert refused is not None and refused.code == "unknown_guest" and not stranger.raw
        assert refused.message == "Dieses Gerät gehört zu keinem Platz."
        try:
            await join_round(room, "anna")
        except Refusal as taken:
            assert (taken.message or "").startswith("Diesen Namen gibt es an diesem Tisch schon.")
        else:
            raise AssertionError("a name was taken twice")
        await registry.close()

    run(scenario)


def test_restart_resumes_the_game_with_its_stage_deadline_and_markers(tmp_path: Path) -> None:
    async def first_life() -> tuple[str, str, StageRecord, tuple[Decision, ...]]:
        quick_night = Timings(night_start=0.01, wake=0.01, show_word=0.01, meet=0.01, sleep=0.01, speech_gap=None)
        registry = registry_in(tmp_path, quick_night)
        room, token = await create(registry, "single", NAMES)
        ww = round_in(room)
        device, _ = await attach(room, token)
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await until(room, "mayor")
        assert ww.game is not None
        send(room, device, type="decide", kind="choose_word", choice=ww.game.pending()[0].options[2])
        await until(room, "day")
        asker = (ww.game.mayor + 1) % 5
        send(room, device, type="decide", kind="answer", choice=["ja", asker])
        send(room, device, type="decide", kind="answer", choice=["vielleicht", asker])
        await settle(room)
        stage = ww.state.stage
        decisions = ww.game.decisions
        await registry.close()  # the process stops
        return room.code, token, stage, decisions

    async def second_life(code: str, token: str, stage: StageRecord, decisions: tuple[Decision, ...]) -> None:
        registry = registry_in(tmp_path)
        assert await registry.restore() == 1
        room = registry.rooms[code]
        ww = round_in(room)
        assert ww.game is not None and ww.game.decisions == decisions
        assert stage_of(room) == "day" and ww.state.stage.deadline == stage.deadline
        device, _ = await attach(room, token)
        game = device.last_state()["game"]
        assert game["markers_left"]["ja_nein"] == 34 and game["markers_left"]["vielleicht"] == 9
        assert [entry["marker"] for entry in game["log"]] == ["ja", "vielleicht"]
        await registry.close()

    code, token, stage, decisions = asyncio.run(first_life())
    asyncio.run(second_life(code, token, stage, decisions))


def test_one_device_enters_votes_but_never_for_oneself(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, token = await create(registry, "single", NAMES)
        ww = round_in(room)
        device, _ = await attach(room, token)
        assert ww.game is not None
        setup = ww.game.setup
        # play the engine to the vote directly, then let the room take over at the vote
        game = Game(Setup(players=setup.players, seed=setup.seed, difficulty=setup.difficulty))
        game.apply(Decision(Kind.CHOOSE_WORD, game.mayor, game.pending()[0].options[0]))
        game.time_up()
        game.apply(Decision(Kind.END_TALK, game.mayor))

        def to_the_vote() -> None:
            ww.game = game
            ww.state.stage = StageRecord(Stage.VOTE)

        await room.call(to_the_vote)
        send(room, device, type="votes", votes={str(v): v for v in range(5)})
        await settle(room)
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
        room, token = await create(registry, "single", NAMES)
        device, _ = await attach(room, token)
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await settle(room)
        cue = next(m for m in device.drain() if m["type"] == "cue")
        assert cue["scene"] == "ww_start" and cue["speak"] is True and cue["text"]
        stage = round_in(room).state.stage
        assert stage.name == "night_start" and stage.deadline is not None and stage.started is not None
        assert stage.deadline - stage.started >= 1.0 + len(cue["text"]) / 30
        await registry.close()

    run(scenario)


def test_an_ended_round_nobody_is_in_is_swept_and_loads_again_from_the_store(tmp_path: Path) -> None:
    async def scenario() -> None:
        registry = registry_in(tmp_path)
        room, devices = await devices_room(registry)
        ww = round_in(room)
        send(room, devices[0], type="start")
        send(room, devices[0], type="play")
        await until(room, "mayor")
        room.post(Wake(Deadline(ww.generation)))  # the first word is taken
        await until(room, "day")
        room.post(Wake(Deadline(ww.generation)))  # the day is over
        await until(room, "over")  # the talk's and the vote's timers: nobody voted
        assert room.status is RoomStatus.ENDED and room.ended_at is not None
        later = room.ended_at + registry.config.ended_room_seconds + 1
        assert await registry.sweep(later) == []  # devices are still here
        for device in devices:
            room.post(Detach(device.peer))
        await settle(room)
        assert await registry.sweep(later) == [room.code]
        assert room.code not in registry.rooms and room.task is not None and room.task.done()
        record = store.load_room(registry.db, room.code)
        assert record is not None and record.status == "ended" and record.ended_at == pytest.approx(room.ended_at)
        back = await registry.get(room.code)
        assert back is not None and back is not room and back.status is RoomStatus.ENDED
        assert stage_of(back) == "over" and round_in(back).game is not None
        await registry.close()

    run(scenario)


def test_a_round_stored_before_the_one_room_store_plays_on_after_the_migration(tmp_path: Path) -> None:
    db = Database(default_url(tmp_path))
    alembic = Config()
    alembic.set_main_option("script_location", str(MIGRATIONS))
    with db.engine.begin() as connection:
        alembic.attributes["connection"] = connection
        command.upgrade(alembic, "0003")  # the separate Werwörter tables of the old server
    game = Game(Setup(players=tuple(NAMES), seed=7))
    asker = (game.mayor + 1) % 5
    played = [
        Decision(Kind.CHOOSE_WORD, game.mayor, game.pending()[0].options[1]),
        Decision(Kind.ANSWER, game.mayor, ("ja", asker)),
    ]
    for decision in played:
        game.apply(decision)
    now = time.time()
    stage = {"name": "day", "started": now - 10, "deadline": now + 230, "caption": "Der Tag beginnt."}
    settings = {"difficulty": 1, "day_seconds": 240, "narrator": "jutta", "speaker": 0, "device": token_hash("alt")}
    with db.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO ww_rooms (code, mode, status, seats, settings, setup, stage, created_at, updated_at) "
                "VALUES ('K7MXA', 'single', 'running', :seats, :settings, :setup, :stage, :now, :now)"
            ),
            {
                "seats": json.dumps([{"name": name} for name in NAMES]),
                "settings": json.dumps(settings),
                "setup": json.dumps(game.setup.to_json()),
                "stage": json.dumps(stage),
                "now": now,
            },
        )
        for seq, decision in enumerate(played):
            connection.execute(
                text("INSERT INTO ww_commands (room_code, seq, decision, at) VALUES ('K7MXA', :seq, :decision, :now)"),
                {"seq": seq, "decision": json.dumps(decision.to_json()), "now": now},
            )
        connection.execute(  # a round that had ended: the old tables did not say when
            text(
                "INSERT INTO ww_rooms (code, mode, status, seats, settings, setup, stage, created_at, updated_at) "
                "VALUES ('QRX3A', 'devices', 'ended', :seats, :settings, NULL, :stage, :now, :now)"
            ),
            {
                "seats": json.dumps([{"name": "Anna", "token": token_hash("anna")}]),
                "settings": json.dumps({**settings, "device": None}),
                "stage": json.dumps({"name": "lobby"}),
                "now": now - 3600,
            },
        )
    db.migrate()

    async def scenario() -> None:
        registry = Registry(db, ServerConfig(database_url=db.url), {KIND.kind_id: KIND.with_timings(QUICK)})
        assert await registry.restore() == 1
        room = registry.rooms["K7MXA"]
        ww = round_in(room)
        assert ww.game is not None and ww.game.decisions == tuple(played)
        assert ww.state.stage == StageRecord(Stage.DAY, now - 10, now + 230, caption="Der Tag beginnt.")
        assert len(ww.handles) == 3  # the stored deadline is armed again, with the half-time and last-minute cues
        device, refused = await attach(room, "alt")
        assert refused is None
        shown = device.last_state()
        assert shown["code"] == "K7MXA" and shown["stage"]["name"] == "day"
        assert [entry["marker"] for entry in shown["game"]["log"]] == ["ja"]
        send(room, device, type="decide", kind="correct", choice=asker)
        await until(room, "pointing")
        kinds = [c.payload["kind"] for c in store.commands(db, "K7MXA")]
        assert kinds == ["choose_word", "answer", "correct"]
        ended = await registry.get("QRX3A")
        assert ended is not None and ended.status is RoomStatus.ENDED and ended.ended_at is not None
        assert await registry.sweep(time.time() + registry.config.ended_room_seconds + 1) == ["QRX3A"]
        await registry.close()

    run(scenario)


def test_a_stage_only_follows_the_stages_its_lifecycle_allows() -> None:
    whole_game = [
        Stage.LOBBY,
        Stage.DEAL,
        Stage.NIGHT_START,
        Stage.MAYOR,
        *NIGHT_AFTER_WORD,
        Stage.DAY,
        Stage.POINTING,
        Stage.POINT_NOW,
        Stage.TALK,  # Whoops: the other ending
        Stage.VOTE,
        Stage.POINTING,  # Whoops again
        Stage.OVER,
        Stage.TALK,  # Whoops after the end
        Stage.VOTE,
        Stage.OVER,
        Stage.DEAL,  # the next game
    ]
    for stage, following in itertools.pairwise(whole_game):
        assert stage.to(following) is following
    assert Stage.WOLVES_WAKE.to(Stage.WOLVES_WORD) is Stage.WOLVES_WORD  # one Werwolf meets nobody
    for stage, wrong in [
        (Stage.LOBBY, Stage.DAY),
        (Stage.DEAL, Stage.MAYOR),
        (Stage.MAYOR, Stage.DAY),
        (Stage.DAY, Stage.VOTE),
        (Stage.DAY, Stage.DAY),
        (Stage.VOTE, Stage.TALK),
        (Stage.TALK, Stage.TALK),
        (Stage.POINTING, Stage.POINTING),
        (Stage.OVER, Stage.VOTE),
        (Stage.OVER, Stage.LOBBY),
    ]:
        with pytest.raises(LifecycleError, match=f"stage {stage.value} -> {wrong.value}: expected one of"):
            stage.to(wrong)


SLOW = Timings(
    night_start=1000.0,
    mayor=1000.0,
    wake=1000.0,
    show_word=1000.0,
    meet=1000.0,
    sleep=1000.0,
    point=1000.0,
    point_grace=1000.0,
    talk=1000.0,
    vote=1000.0,
    speech_gap=None,
)


class Failures(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def shared_db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    db = Database(default_url(tmp_path_factory.mktemp("ww-random")))
    db.migrate()
    return db


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 10), moves=st.randoms(use_true_random=False))
def test_random_rounds_on_one_device_only_take_the_stage_transitions_the_lifecycle_allows(
    shared_db: Database, players: int, moves: random.Random
) -> None:
    """Whatever legal decision, Whoops or time-up comes when: no stage change is refused as a bug, and
    the room's status follows the game."""
    failures = Failures()
    logging.getLogger("wolfrunde").addHandler(failures)

    async def scenario() -> None:
        config = ServerConfig(database_url=shared_db.url)
        registry = Registry(shared_db, config, {KIND.kind_id: KIND.with_timings(SLOW)})
        room, token = await create(registry, "single", [f"Spieler {n}" for n in range(players)])
        ww = round_in(room)
        device, _ = await attach(room, token)
        for _ in range(players):
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        for _ in range(60):
            await settle(room)
            game = ww.game
            assert game is not None
            stage = ww.state.stage.name
            allowed = KINDS_BY_STAGE.get(stage, frozenset())
            requests = [r for r in game.pending() if r.kind in allowed]
            if requests and moves.random() < 0.8:
                request = moves.choice(requests)
                choice = moves.choice(request.options)
                plain = list(choice) if isinstance(choice, tuple) else choice
                send(room, device, type="decide", kind=request.kind.value, seat=request.seat, choice=plain)
            elif ww.state.stage.deadline is not None:
                room.post(Wake(Deadline(ww.generation)))
            elif stage is Stage.OVER:
                send(room, device, type="again" if moves.random() < 0.3 else "ping")
            elif stage in (Stage.POINTING, Stage.POINT_NOW):
                send(room, device, type="nobody")
        await settle(room)
        errors = [m for m in device.drain() if m["type"] == "error"]
        assert not errors, errors
        game = ww.game
        assert game is not None
        assert (room.status is RoomStatus.ENDED) == game.is_over == (ww.state.stage.name is Stage.OVER)
        await registry.close()

    try:
        run(scenario)
    finally:
        logging.getLogger("wolfrunde").removeHandler(failures)
    assert not failures.records, [record.getMessage() for record in failures.records]
