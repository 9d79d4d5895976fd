"""An online room by day: everyone sees who has voted (never for whom) and the tally while the vote is
open, and a player who dies by the vote reads what the dead wrote before in the Jenseits."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from tests.server.rooms_harness import Member, config_for, join, online_setup, running_room, stored_online_room

from wolfrunde.server.match import Match
from wolfrunde.server.rooms.kind import Identity

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
ROLES = ["werewolf", "seer", "witch", "villager", "villager", "villager"]
VICTIM, ACCUSED = 4, 1  # the wolves' victim of night 1; the one the village condemns
LIVING = [0, 1, 2, 3, 5]


def up_to_the_vote() -> tuple[dict[str, Any], list[tuple[str, int | None, str | None, Any]]]:
    """Night 1 (the wolf takes Emil), the Hauptmann's election and the discussion, as stored commands."""
    setup = online_setup(ROLES, seed=3, names=NAMES)
    match = Match(setup)
    match.begin()
    while not any(request.kind == "vote" for request in match.game.pending()):
        for request in match.game.pending():
            choice = {"werewolves": VICTIM, "captain": 0, "ready": True}.get(request.kind, request.default)
            match.decide(request.seat, request.kind, choice)
    return setup, [("decide", seat, kind, choice) for seat, kind, choice in match.game.history]


def day_room(tmp_path: Path):  # type: ignore[no-untyped-def]
    setup, commands = up_to_the_vote()
    return stored_online_room(tmp_path, setup, commands, {"release": 0, "deadline": time.time() + 120}, names=NAMES)


async def vote(member: Member, target: int, ref: str) -> None:
    member.say({"type": "decide", "kind": "vote", "choice": target, "ref": ref})
    await member.next("ack", lambda m: m["ref"] == ref)


def test_everyone_sees_who_has_voted_but_not_for_whom(tmp_path: Path) -> None:
    db = day_room(tmp_path)

    async def scenario() -> tuple[list[list[int]], list[list[int]], list[dict[str, Any]]]:
        async with running_room(db, config_for(db)) as actor:
            members = {seat: await join(actor, seat, NAMES) for seat in range(6)}
            watcher = Member(actor, Identity(user_id=99, name="Zaungast"))
            assert await actor.attach(watcher.peer) is None
            await vote(members[0], ACCUSED, "a")
            await vote(members[2], ACCUSED, "b")
            for member in [*members.values(), watcher]:
                await member.settled()
            seen = [m["seats"] for m in members[3].taken("voted")]
            watched = [m["seats"] for m in watcher.taken("voted")]
            return seen, watched, members[3].taken("voted")

    seen, watched, messages = asyncio.run(scenario())
    assert seen == watched == [[], [0], [0, 2]]  # the first: what a device is told when it connects
    assert all(set(m) == {"type", "round", "kind", "seats", "voters", "counts"} for m in messages)
    assert all(m["kind"] == "vote" and m["voters"] == LIVING for m in messages)
    # Anna is the Hauptmann: her vote counts twice in the tally, as in the verdict
    assert [m["counts"] for m in messages] == [[], [{"seat": ACCUSED, "votes": 2}], [{"seat": ACCUSED, "votes": 3}]]


def test_who_dies_by_the_vote_reads_the_jenseits_written_before(tmp_path: Path) -> None:
    db = day_room(tmp_path)

    async def scenario() -> tuple[list[str], list[str]]:
        async with running_room(db, config_for(db)) as actor:
            members = {seat: await join(actor, seat, NAMES) for seat in range(6)}
            for member in members.values():
                await member.settled()
            members[VICTIM].say({"type": "chat", "channel": "beyond", "text": "Hier ist es still.", "ref": "j"})
            await members[VICTIM].next("ack", lambda m: m["ref"] == "j")
            before = [line["text"] for line in members[ACCUSED].taken("chat")]
            for seat in LIVING:
                await vote(members[seat], ACCUSED if seat != ACCUSED else 0, f"v{seat}")
            history = await members[ACCUSED].next(
                "chat_history", lambda m: any(line["channel"] == "beyond" for line in m["messages"]), timeout=60
            )
            return before, [line["text"] for line in history["messages"] if line["channel"] == "beyond"]

    before, beyond = asyncio.run(scenario())
    assert before == [], "the living do not read the Jenseits"
    assert beyond == ["Hier ist es still."]


def test_when_the_last_ballot_closes_the_vote_every_device_stops_showing_its_tally(tmp_path: Path) -> None:
    """The closing ballot is never shown in a tally (the narrator tells the verdict first); instead every
    seat and spectator is told that nobody is asked any more, and no tally of that vote follows."""
    db = day_room(tmp_path)

    async def scenario() -> list[list[dict[str, Any]]]:
        async with running_room(db, config_for(db)) as actor:
            members = {seat: await join(actor, seat, NAMES) for seat in range(6)}
            watcher = Member(actor, Identity(user_id=99, name="Zaungast"))
            assert await actor.attach(watcher.peer) is None
            for seat in LIVING:
                await vote(members[seat], ACCUSED if seat != ACCUSED else 0, f"v{seat}")
            for seat in range(6):
                await members[seat].next("game", lambda m: not m["view"]["players"][ACCUSED]["alive"], timeout=60)
            await watcher.next("watch", lambda m: not m["view"]["players"][ACCUSED]["alive"], timeout=60)
            for member in [*members.values(), watcher]:
                await member.settled()
            return [member.messages for member in [*members.values(), watcher]]

    for messages in asyncio.run(scenario()):
        tallies = [m for m in messages if m["type"] == "voted"]
        closing = tallies[-1]
        assert closing == {"type": "voted", "round": 1, "kind": "vote", "seats": [], "voters": [], "counts": []}
        assert all(len(m["seats"]) < len(LIVING) for m in tallies), "the closing ballot is in no tally"


def test_when_the_votes_timer_closes_it_every_device_stops_showing_its_tally(tmp_path: Path) -> None:
    setup, commands = up_to_the_vote()
    timer = {"release": 0, "deadline": time.time() + 2}
    db = stored_online_room(tmp_path, setup, commands, timer, names=NAMES)

    async def scenario() -> list[list[dict[str, Any]]]:
        async with running_room(db, config_for(db, restart_grace=0)) as actor:
            members = {seat: await join(actor, seat, NAMES) for seat in range(6)}
            await vote(members[0], ACCUSED, "a")
            for member in members.values():
                await member.next("voted", lambda m: m["voters"] == [], timeout=60)
                await member.settled()
            return [member.messages for member in members.values()]

    for messages in asyncio.run(scenario()):
        tallies = [m for m in messages if m["type"] == "voted"]
        assert [m["seats"] for m in tallies] == [[], [0], []], "the tally, Anna's ballot, then the close"
        assert tallies[-1] == {"type": "voted", "round": 1, "kind": "vote", "seats": [], "voters": [], "counts": []}
