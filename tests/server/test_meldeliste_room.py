"""The Meldeliste in an online room: hands raised give the word in order, the narrator calls each
speaker, the speaker (or, for someone who does not answer, the host) passes the word on."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.server.rooms_harness import join, running_room
from tests.server.test_narration_timing import SETUP, stored_room
from tests.server.test_sundial_online import to_the_first_discussion

from wolfrunde.server.config import ServerConfig

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
        async with running_room(db, config) as actor:
            anna, ben, carl = [await join(actor, seat) for seat in range(3)]
            for member in (anna, ben, carl):
                await member.settled()
            skip = {member: len(member.messages) for member in (anna, ben, carl)}

            async def send(who, kind: str, seat: int | None = None, ref: str = "") -> None:  # type: ignore[no-untyped-def]
                ref = ref or f"{kind}-{len(who.messages)}"
                who.say({"type": "decide", "kind": kind, "choice": True, "seat": seat, "ref": ref})
                await who.next(
                    "ack" if ref in ("host",) or not ref.startswith(("too", "not")) else "error",
                    lambda m: m.get("ref") == ref,
                )
                for member in (anna, ben, carl):
                    await member.settled()

            await send(ben, "raise_hand")
            await send(carl, "raise_hand")
            await send(carl, "done_speaking", ref="too-early")
            await send(carl, "done_speaking", seat=1, ref="not-host")
            await send(anna, "done_speaking", seat=1, ref="host")
            return {
                name: member.messages[skip[member] :] for name, member in (("anna", anna), ("ben", ben), ("carl", carl))
            }

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
