"""The Meldeliste in an online room: hands raised give the word in order, the narrator calls each
speaker, the speaker (or, for someone who does not answer, the host) passes the word on."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.test_narration_timing import SETUP, drain, stored_room
from tests.server.test_sundial_narration import to_the_first_discussion

from wolfrunde.server import protocol as p
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.connection import Connection
from wolfrunde.server.room import Attach, Incoming, Room

MELDELISTE = {**SETUP, "meldeliste": True}


def test_the_word_goes_round_in_order_and_the_narrator_calls_each_speaker(tmp_path: Path) -> None:
    now = time.time()
    db = stored_room(
        tmp_path, to_the_first_discussion(MELDELISTE), timer={"release": now, "deadline": now + 60}, setup=MELDELISTE
    )
    config = ServerConfig(
        database_url=db.url,
        pause_seconds=(0, 0),
        bot_delay=(0, 0),
        narration_wait=0.01,
        voices_dir=str(tmp_path / "voices"),
    )

    async def scenario() -> dict[str, list[dict]]:
        room = Room.load("ACDEF", db, config)
        assert room is not None
        room.start()
        anna, ben, carl = (
            Connection(websocket=None, user_id=i + 1, name=n)  # type: ignore[arg-type]
            for i, n in enumerate(("Anna", "Ben", "Carl"))
        )
        for conn in (anna, ben, carl):
            room.post(Attach(conn))
        await asyncio.sleep(0.1)
        for conn in (anna, ben, carl):
            drain(conn)
        seen: dict[str, list[dict]] = {"anna": [], "ben": [], "carl": []}

        async def send(conn: Connection, kind: str, seat: int | None = None, ref: str | None = None) -> None:
            room.post(Incoming(conn, p.Decide(type="decide", kind=kind, choice=True, seat=seat, ref=ref)))
            await asyncio.sleep(0.1)
            for name, who in (("anna", anna), ("ben", ben), ("carl", carl)):
                seen[name] += [m for _, m in drain(who)]

        await send(ben, "raise_hand")
        await send(carl, "raise_hand")
        await send(carl, "done_speaking", ref="too-early")
        await send(carl, "done_speaking", seat=1, ref="not-host")
        await send(anna, "done_speaking", seat=1, ref="host")
        await room.stop()
        return seen

    seen = asyncio.run(scenario())
    called = [
        cue["text"]
        for m in seen["anna"]
        if m["type"] == "narration"
        for cue in m["cues"]
        if cue["scene"] == "meldeliste_next"
    ]
    assert len(called) == 2 and "Ben" in called[0] and "Carl" in called[1], "first hand at once, then the next"
    errors = {m["ref"]: m["code"] for m in seen["carl"] if m["type"] == "error"}
    assert errors == {"too-early": "illegal", "not-host": "wrong_seat"}
    assert any(m["type"] == "ack" and m["ref"] == "host" for m in seen["anna"]), "the host passed the word on"
    last = [m for m in seen["ben"] if m["type"] == "game"][-1]
    assert last["view"]["speakers"] == [2], "Carl has the word now"
