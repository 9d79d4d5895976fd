"""Werwörter makes every clip of a round before its night: the devices see how far it has come, the
night does not begin before, and what is spoken later is exactly what was made."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Future
from pathlib import Path

from tests.server.test_werwoerter_room import NAMES, QUICK, Device, attach, create, round_in, run, send, settle

from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds.werwoerter import KIND
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.werwoerter_app.stages import Stage, StageRecord
from wolfrunde.server.werwoerter_app.voices_ready import VoiceScript, ww_scenes
from wolfrunde.store import Database, default_url
from wolfrunde.werwoerter import Decision, Game, Kind, Setup


def rendering_registry(tmp_path: Path) -> Registry:
    db = Database(default_url(tmp_path))
    db.migrate()
    config = ServerConfig(
        database_url=db.url, narration_prerender=True, voice_engine="espeak", voices_dir=str(tmp_path / "voices")
    )
    return Registry(db, config, {KIND.kind_id: KIND.with_timings(QUICK)})


def states(device: Device) -> list[dict[str, object]]:
    return [m for m in device.drain() if m["type"] == "state"]


def test_the_clips_are_made_before_the_night_and_the_lobby_shows_the_progress(tmp_path: Path) -> None:
    async def scenario() -> None:
        room, token = await create(rendering_registry(tmp_path), "single", NAMES)
        device, _ = await attach(room, token)
        await settle(room)
        seen = [s["voices"] for s in states(device)]
        total = len(ww_scenes())
        assert seen and all(v["total"] == total for v in seen), "the device is told how many clips are needed"  # type: ignore[index]
        kind = round_in(room)
        assert kind.voices is not None
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(j, loop=loop) for j in kind.voices.jobs)), 170)
        await asyncio.sleep(0)  # the room's next look at the clips
        for _ in range(200):
            await settle(room)
            if any(s["voices"] == {"ready": total, "total": total} for s in states(device)):  # type: ignore[comparison-overlap]
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the devices were never told the clips are ready")
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await settle(room)
        cues = [m for m in device.drain() if m["type"] == "cue"]
        assert cues and all(c["variant"] == kind.voices.variants[c["scene"]] for c in cues), "spoken as made"

    asyncio.run(asyncio.wait_for(scenario(), timeout=200))  # 19 clips by a real speech engine, on a busy machine


def test_the_night_waits_while_a_clip_is_still_being_made(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = Database(default_url(tmp_path))
        db.migrate()
        registry = Registry(db, ServerConfig(database_url=db.url), {KIND.kind_id: KIND.with_timings(QUICK)})
        room, token = await create(registry, "single", NAMES)
        device, _ = await attach(room, token)
        kind = round_in(room)
        waiting: Future[None] = Future()
        kind.voices = VoiceScript(kind.state.settings.narrator, kind.state.settings.day_seconds, jobs=[waiting])
        for _ in NAMES:
            send(room, device, type="reveal")
            send(room, device, type="next")
        send(room, device, type="play")
        await settle(room)
        errors = [json.dumps(m, ensure_ascii=False) for m in device.drain() if m["type"] == "error"]
        assert any("wird noch vorbereitet (0 von 1)" in e for e in errors)
        waiting.set_result(None)
        send(room, device, type="play")
        await settle(room)
        assert kind.state.stage.name.value == "night_start"

    run(scenario)


def test_after_a_whoops_the_device_drops_the_lines_it_has_not_spoken(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = Database(default_url(tmp_path))
        db.migrate()
        registry = Registry(db, ServerConfig(database_url=db.url), {KIND.kind_id: KIND.with_timings(QUICK)})
        room, token = await create(registry, "single", NAMES)
        ww = round_in(room)
        device, _ = await attach(room, token)
        assert ww.game is not None
        setup = ww.game.setup
        game = Game(Setup(players=setup.players, seed=setup.seed, difficulty=setup.difficulty))
        game.apply(Decision(Kind.CHOOSE_WORD, game.mayor, game.pending()[0].options[0]))
        game.time_up()
        game.apply(Decision(Kind.END_TALK, game.mayor))

        def to_the_vote() -> None:
            ww.game = game
            ww.state.stage = StageRecord(Stage.VOTE)

        await room.call(to_the_vote)
        device.drain()
        send(room, device, type="decide", kind="whoops")
        await settle(room)
        cues = [m for m in device.drain() if m["type"] == "cue"]
        assert cues and cues[0]["scene"] == "ww_whoops" and cues[0]["fresh"] is True
        assert all(c["fresh"] is False for c in cues[1:]), "only the first line of the new turn clears the old ones"

    run(scenario)
