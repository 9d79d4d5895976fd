"""Chat routing inside a room with a fixed deal: a line reaches exactly the seats allowed to read it."""

import asyncio
import time
from pathlib import Path

from sqlalchemy import delete
from tests.server.rooms_harness import CODE, Member, config_for, join, online_setup, running_room, stored_online_room

from wolfrunde.store import rooms as store
from wolfrunde.store.models import ChatMessage

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


def test_a_room_reads_its_stored_chat_once_and_keeps_it_as_lines_are_added(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db = night_room(tmp_path)
    store.add_chat(db, CODE, "wolves", 0, "von gestern", 1)  # stored before the process held the room
    reads = []
    real = store.chat_history
    monkeypatch.setattr(store, "chat_history", lambda *args, **kw: reads.append(args) or real(*args, **kw))

    async def scenario() -> list[list[str]]:
        async with running_room(db, config_for(db)) as actor:
            wolf = await join(actor, 0)
            first = (await wolf.next("chat_history"))["messages"]
            wolf.say({"type": "chat", "channel": "wolves", "text": "psst", "ref": "c"})
            await wolf.next("ack")
            other_wolf = await join(actor, 3)
            second = (await other_wolf.next("chat_history"))["messages"]
            return [[m["text"] for m in first], [m["text"] for m in second]]

    assert asyncio.run(scenario()) == [["von gestern"], ["von gestern", "psst"]]
    assert len(reads) == 1
    assert [line.text for line in real(db, CODE)] == ["von gestern", "psst"]  # the store has what was sent


def test_the_kept_chat_holds_the_last_lines_the_store_would_give(tmp_path: Path) -> None:
    db = night_room(tmp_path)
    for number in range(store.CHAT_HISTORY + 3):
        store.add_chat(db, CODE, "wolves", 0, f"Zeile {number}")

    async def scenario() -> tuple[list[str], list[str], list[str]]:
        async with running_room(db, config_for(db)) as actor:
            read = [line.text for line in await actor.chat_history()]
            await actor.add_chat("wolves", 3, "noch eine")
            kept = [line.text for line in await actor.chat_history()]
            await actor.reset_game()
            return read, kept, [line.text for line in await actor.chat_history()]

    read, kept, after_reset = asyncio.run(scenario())
    assert read[0] == "Zeile 3" and len(read) == store.CHAT_HISTORY
    assert kept == [*read[1:], "noch eine"]
    assert after_reset == [] == store.chat_history(db, CODE)


def test_a_room_reads_its_chat_again_when_the_store_changed_it(tmp_path: Path) -> None:
    db = night_room(tmp_path)
    store.add_chat(db, CODE, "wolves", 0, "bleibt")

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_room(db, config_for(db)) as actor:
            await actor.add_chat("wolves", 3, "wird gelöscht")
            before = [line.text for line in await actor.chat_history()]
            with db.engine.begin() as connection:  # as deleting seat 3's account does
                connection.execute(delete(ChatMessage).where(ChatMessage.seat == 3))
            await actor.call(actor.forget_chat)
            return before, [line.text for line in await actor.chat_history()]

    assert asyncio.run(scenario()) == (["bleibt", "wird gelöscht"], ["bleibt"])
