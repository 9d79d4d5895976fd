"""Chat routing inside a room with a fixed deal: a line reaches exactly the seats allowed to read it."""

import asyncio
import time
from pathlib import Path

from tests.server.rooms_harness import CODE, Member, config_for, join, online_setup, running_room, stored_online_room

from wolfrunde.store import rooms as store

ROLES = ["werewolf", "seer", "witch", "werewolf", "villager"]


def night_room(tmp_path: Path):  # type: ignore[no-untyped-def]
    game = online_setup(ROLES, seed=3)
    return stored_online_room(tmp_path, game, [], {"release": 0, "deadline": time.time() + 60})


async def everyone(actor) -> list[Member]:  # type: ignore[no-untyped-def]
    members = [await join(actor, seat) for seat in range(5)]
    for member in members:
        await member.settled()
    return members


def test_wolf_talk_at_night_reaches_the_wolves_only(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> dict[int, list[str]]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            members[0].say({"type": "chat", "channel": "wolves", "text": "Nehmen wir Ben?", "ref": "c"})
            await members[0].next("ack", lambda m: m["ref"] == "c")
            for member in members:
                await member.settled()
            return {seat: [m["text"] for m in member.taken("chat")] for seat, member in enumerate(members)}

    received = asyncio.run(scenario())
    assert received[0] == received[3] == ["Nehmen wir Ben?"]
    assert received[1] == received[2] == received[4] == []


def test_closed_channels_refuse_and_nothing_is_delivered(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> list[str]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            attempts = [(1, "wolves", "Ich bin auch ein Wolf"), (2, "village", "Guten Abend"), (4, "beyond", "Hallo")]
            codes = []
            for seat, channel, text in attempts:  # not a wolf; the village sleeps at night; only the dead there
                members[seat].say({"type": "chat", "channel": channel, "text": text, "ref": channel})
                codes.append((await members[seat].next("error", lambda m, c=channel: m["ref"] == c))["code"])
            return codes

    assert asyncio.run(scenario()) == ["channel_closed"] * 3
    assert store.chat_history(db, CODE) == []


def test_a_returning_player_reads_only_his_channels(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_room(db, config_for(db)) as actor:
            wolf = await join(actor, 0)
            wolf.say({"type": "chat", "channel": "wolves", "text": "psst", "ref": "c"})
            await wolf.next("ack")
            seer, other_wolf = await join(actor, 1), await join(actor, 3)
            seer_history = (await seer.next("chat_history"))["messages"]
            wolf_history = (await other_wolf.next("chat_history"))["messages"]
            return [m["text"] for m in seer_history], [m["text"] for m in wolf_history]

    assert asyncio.run(scenario()) == ([], ["psst"])
