"""Werwörter, one whole round at the narrator's real pace (the stages' real timings) on a virtual clock:
the real room on a simulated one, on one device and on own devices: the deal, the called night (the
Seherin and the Werwölfe see the word), the day's guessing and the ending (pointing, or talk and vote).

Every line the room tells reaches every device exactly once and in the order told, and only the speaking
device speaks it; each stage's line comes with the stage. The speaking device plays the lines one after
another (a `fresh` line drops what it has not said yet, as static/werwoerter/main.js does): every stage
of the night that follows by the clock, and the day, begins only once it has said everything before it,
so nobody is shown the word before the line that wakes him has been heard, however fast the Bürgermeister
chooses it."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tests.server.sim_room import START, SimRoom, VirtualClock

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import werwoerter as kind
from wolfrunde.server.narration_voices import CUE_GAP
from wolfrunde.server.rooms.connection import LocalConnection
from wolfrunde.server.rooms.kind import Identity, Peer
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.werwoerter_app import payloads
from wolfrunde.server.werwoerter_app.audio import speech_seconds
from wolfrunde.server.werwoerter_app.guests import new_token, token_hash
from wolfrunde.server.werwoerter_app.stages import CUES, NIGHT_AFTER_WORD, Stage
from wolfrunde.server.werwoerter_app.state import Mode, Settings
from wolfrunde.werwoerter import Kind

NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
TAP = 1.0  # seconds a player takes for a tap
BY_THE_CLOCK = {Stage.MAYOR, *NIGHT_AFTER_WORD[1:], Stage.DAY}  # begin when the stage before has run out


@dataclass(frozen=True)
class Sent:
    at: float
    who: int  # the seat, or payloads.DEVICE
    message: dict[str, Any]


@dataclass(frozen=True)
class Act:
    """A player's next tap, planned for the round as it was (`key`)."""

    key: tuple[Any, ...]


class Table:
    """A round on a simulated room, its players tapping as the stage asks them to."""

    def __init__(self, mode: Mode, seed: int, mayor_seconds: float, voices: Path, mp: pytest.MonkeyPatch) -> None:
        self.clock = VirtualClock()
        mp.setattr(kind, "time", self.clock)
        mp.setattr(payloads, "time", self.clock)
        mp.setattr(kind, "secrets", SimpleNamespace(randbits=lambda bits: seed))  # the game's seed
        config = ServerConfig(database_url="sqlite://", voices_dir=str(voices))
        self.rng = random.Random(seed)
        self.guessed = seed % 2 == 0  # the word is guessed, or the day runs out
        self.mayor_seconds = mayor_seconds
        settings = Settings(day_seconds=180, speaker=seed % len(NAMES) if mode is Mode.DEVICES else 0)
        self.ww, token = kind.WerwoerterRoom.create(mode, NAMES, settings, config)
        self.ww.rng.seed(seed)
        self.room = SimRoom(config, self.clock)
        self.room.set_status(RoomStatus.RUNNING if mode is Mode.SINGLE else RoomStatus.LOBBY)
        self.ww.bind(self.room)
        self.ww.start()
        self.sent: list[Sent] = []
        self.told: list[str] = []  # every line the room told, as it told it
        speak = self.ww._speak

        def told(scene: str | dict[str, Any], values: dict[str, Any] | None = None, *, fresh: bool = False) -> None:
            self.told.append(scene if isinstance(scene, str) else scene["scene"])
            speak(scene, values, fresh=fresh)

        mp.setattr(self.ww, "_speak", told)
        self.tokens = [token]  # the one device's, or each seat's
        self.peers: list[Peer] = []

    @property
    def single(self) -> bool:
        return self.ww.state.single

    async def connect(self) -> None:
        for index, token in enumerate(self.tokens):
            connection = LocalConnection(lambda message, index=index: self._deliver(index, message))
            peer = Peer(connection, Identity(token_hash=token_hash(token)))
            self.room.attach_local(peer)
            await self.ww.attach(peer)
        self.peers = list(self.room.peers())

    def _deliver(self, index: int, message: dict[str, Any]) -> None:
        who = payloads.DEVICE if self.single else index
        self.sent.append(Sent(self.clock.now, who, message))

    async def send(self, device: int, **message: Any) -> None:
        peer = self.peers[0 if self.single else device]
        await self.ww.handle(peer, self.ww.schema.parse(json.dumps(message)))

    async def play(self) -> None:
        """From the deal to the end of the round."""
        if not self.single:
            for name in NAMES[1:]:
                token = new_token()
                await self.ww.join(name, token_hash(token))
                self.tokens.append(token)
        await self.connect()
        if not self.single:
            await self.send(0, type="start")
        planned: set[tuple[Any, ...]] = set()
        for _ in range(2000):
            stage, game = self.ww.state.stage, self.ww.game
            if stage.name is Stage.OVER:
                return
            assert game is not None
            key = (stage.name, stage.started, stage.turn, stage.open, len(game.decisions))
            delay = self.planned_delay(stage.name)
            if key not in planned and delay is not None:
                planned.add(key)
                self.room.later(delay, Act(key))
            event = self.room.pop_due()
            assert event is not None, f"the round stands still at {stage.name}"
            if isinstance(event, Act):
                if event.key == key:
                    await self.act(stage.name)
            else:
                await self.ww.wake(event)
        raise AssertionError("the round did not end")

    def planned_delay(self, stage: Stage) -> float | None:
        """How long the table takes for its next tap at this stage (None: it waits for the room)."""
        if stage is Stage.DEAL:
            return TAP
        if stage is Stage.MAYOR:
            return self.mayor_seconds
        if stage is Stage.DAY:
            return 20.0  # a question asked and answered
        if stage in (Stage.POINTING, Stage.POINT_NOW, Stage.VOTE):
            return 3 * TAP
        return None  # the night's covers and the talk run by the clock

    async def act(self, stage: Stage) -> None:
        game = self.ww.game
        assert game is not None
        record, mayor = self.ww.state.stage, game.mayor
        if stage is Stage.DEAL and self.single:
            turn = record.turn or 0
            await self.send(0, type="play" if turn >= len(NAMES) else "next" if record.open else "reveal")
        elif stage is Stage.DEAL:
            await self.send(0, type="play")
        elif stage is Stage.MAYOR:
            (request,) = game.pending()
            await self.send(mayor, type="decide", kind="choose_word", choice=request.options[0])
        elif stage is Stage.DAY:
            requests = {request.kind: request for request in game.pending()}
            if self.guessed and len(game.decisions) > 3:
                await self.decide(mayor, Kind.CORRECT, self.rng.choice(requests[Kind.CORRECT].options))
            else:
                await self.decide(mayor, Kind.ANSWER, self.rng.choice(requests[Kind.ANSWER].options))
        elif stage in (Stage.POINTING, Stage.POINT_NOW, Stage.VOTE):
            wanted = Kind.VOTE if stage is Stage.VOTE else Kind.POINT
            for request in [r for r in game.pending() if r.kind is wanted]:
                await self.decide(request.seat, wanted, self.rng.choice(request.options))

    async def decide(self, seat: int, decided: Kind, choice: Any) -> None:
        plain = list(choice) if isinstance(choice, tuple) else choice
        named = {"seat": seat} if self.single else {}  # the one device says for whom
        await self.send(seat, type="decide", kind=decided.value, choice=plain, **named)


def a_round(mode: Mode, seed: int, mayor_seconds: float, voices: Path, mp: pytest.MonkeyPatch) -> Table:
    table = Table(mode, seed, mayor_seconds, voices, mp)
    asyncio.run(table.play())
    return table


def speaker_of(table: Table) -> int:
    return payloads.DEVICE if table.single else table.ww.state.settings.speaker


@pytest.mark.parametrize("mode", [Mode.SINGLE, Mode.DEVICES])
@pytest.mark.parametrize(("seed", "mayor_seconds"), [(1, 0.5), (2, 0.5), (3, 20.0), (4, 2.0), (5, 2.0)])
def test_a_werwoerter_round_tells_its_stages_in_order_and_waits_for_the_speaking_device(
    mode: Mode, seed: int, mayor_seconds: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = a_round(mode, seed, mayor_seconds, tmp_path, monkeypatch)
    speaker = speaker_of(table)
    devices = sorted({item.who for item in table.sent})
    assert len(devices) == (1 if table.single else len(NAMES))
    for who in devices:
        cues = [item.message for item in table.sent if item.who == who and item.message["type"] == "cue"]
        assert [cue["scene"] for cue in cues] == table.told, f"device {who}: every line once, in the order told"
        assert all(cue["speak"] is (who == speaker) for cue in cues), f"device {who}: only the speaker speaks"

    stream = [item for item in table.sent if item.who == speaker]
    until, stage = 0.0, Stage.LOBBY
    for index, item in enumerate(stream):
        message = item.message
        if message["type"] == "cue":
            start = item.at if message["fresh"] else max(until, item.at)  # a fresh line drops the rest
            until = start + speech_seconds(message["text"], message["narrator"]) + CUE_GAP
        elif message["type"] == "state" and Stage(message["stage"]["name"]) is not stage:
            stage = Stage(message["stage"]["name"])
            line = CUES.get(stage)
            if line is not None:
                comes = next(other for other in stream[index + 1 :] if other.message["type"] == "cue")
                assert comes.message["scene"] == line and comes.at == item.at, f"{stage}: its line comes with it"
            if stage in BY_THE_CLOCK:
                began, said = item.at - START, until - START
                assert began >= said - 1e-6, f"{stage} began at {began:.2f} s, the speaker was saying until {said:.2f}"
    assert stage is Stage.OVER
    scenes = table.told
    night = ["ww_start", "ww_mayor_wakes", "ww_mayor_sleeps", "ww_seer_wakes", "ww_seer_sleeps"]
    assert scenes[:5] == night and scenes[5:8] == ["ww_werewolves_wake", "ww_werewolves_sleep", "ww_day_starts"]
    ending = "ww_word_guessed" if table.guessed else "ww_talk_minute"
    assert ending in scenes and scenes[-1] in ("ww_village_wins", "ww_werewolves_win")
