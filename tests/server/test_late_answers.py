"""A late answer learns nothing the room has not shown yet: while the narrator still leads to the end of
the game, it is refused as any answer outside a question is, and only once the end is shown as such."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from tests.server.rooms_harness import join, online_setup, running_room, stored_online_room

from wolfrunde.server.config import ServerConfig

ROLES = ["werewolf", "werewolf", "villager", "villager", "villager"]  # the pack's first victim ends it


def test_a_late_answer_while_the_end_is_narrated_is_refused_like_any_other(tmp_path: Path) -> None:
    db = stored_online_room(tmp_path, online_setup(ROLES), timer={"release": 0, "deadline": time.time() + 30})
    config = ServerConfig(database_url=db.url, pause_seconds=(0, 0), bot_delay=(0, 0), narration_wait=0.2)
    late = {"type": "decide", "kind": "werewolves", "choice": 3}

    async def scenario() -> tuple[dict[str, Any], bool, dict[str, Any]]:
        async with running_room(db, config) as actor:
            first, second, villager = await join(actor, 0), await join(actor, 1), await join(actor, 2)
            await villager.settled()
            first.say({"type": "decide", "kind": "werewolves", "choice": 2})
            second.say({"type": "decide", "kind": "werewolves", "choice": 2})
            await villager.next("narration", lambda m: any(c["scene"].startswith("victory_") for c in m["cues"]))
            villager.say({**late, "ref": "while"})
            while_told = await villager.next("error", lambda m: m.get("ref") == "while")
            shown_before = any(m["type"] == "game" and m["view"]["result"] for m in villager.messages)
            await villager.next("game", lambda m: m["view"]["result"] is not None)
            villager.say({**late, "ref": "after"})
            return while_told, shown_before, await villager.next("error", lambda m: m.get("ref") == "after")

    while_told, shown_before, after = asyncio.run(scenario())
    assert not shown_before, "the end was still being told when the late answer came"
    assert while_told["code"] == "illegal", "not “no game is running”: that would tell the end early"
    assert after["code"] == "not_running", "once the end is shown, it may say so"
