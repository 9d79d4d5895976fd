"""Ballots of the day that wait together in a room's queue (a busy server): every voter still gets his ack
and his own view at once, every seat ends with the same view, the tally is told once after the last of
them, and nothing but public ballots decides where a batch ends."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.rooms_harness import Member, config_for, join, running_room
from tests.server.test_online_day import ACCUSED, LIVING, NAMES, VICTIM, day_room

from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.rooms.actor import RoomActor

SEEN = ("game", "voted", "narration")  # what a seat is shown of the game (chat and acks aside)


def ballot(seat: int) -> dict[str, Any]:
    return {"type": "decide", "kind": "vote", "choice": ACCUSED if seat != ACCUSED else 0, "ref": f"v{seat}"}


async def seated(actor: RoomActor) -> dict[int, Member]:
    members = {seat: await join(actor, seat, NAMES) for seat in range(len(NAMES))}
    for member in members.values():
        await member.settled()
        member.forget()
    return members


def shown(member: Member) -> list[dict[str, Any]]:
    return [message for message in member.messages if message["type"] in SEEN]


def engine_views(actor: RoomActor) -> dict[int, dict[str, Any]]:
    kind = actor.kind
    assert isinstance(kind, OnlineRoom) and kind.game is not None
    return {seat: kind.game.match.view(seat) for seat in range(len(NAMES))}


def test_ballots_waiting_together_are_tallied_once_after_the_last(tmp_path: Path) -> None:
    db = day_room(tmp_path)
    voters = LIVING[:3]  # the vote stays open: two of the living have not voted

    async def scenario() -> tuple[dict[int, Member], dict[int, dict[str, Any]]]:
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            for seat in voters:  # all three wait in the queue before the room takes the first
                members[seat].say(ballot(seat))
            for member in members.values():
                await member.settled()
            return members, engine_views(actor)

    members, views = asyncio.run(scenario())
    for seat in voters:
        assert [m["ref"] for m in members[seat].taken("ack")] == [f"v{seat}"]
    for seat, member in members.items():
        assert [m["seats"] for m in member.taken("voted")] == [voters], "the tally once, with all three"
        games = member.taken("game")
        if seat in voters:
            assert len(games) == 1, "a voter is shown his own ballot"
            assert member.messages.index(games[0]) < member.messages.index(member.taken("voted")[0]), "at once"
        assert not games or games[-1]["view"] == views[seat]
        assert member.messages.index(member.taken("voted")[0]) > max(
            (member.messages.index(m) for m in member.taken("ack")), default=-1
        ), "the tally after the acks of the batch"


def test_one_ballot_at_a_time_is_tallied_at_once(tmp_path: Path) -> None:
    db = day_room(tmp_path)

    async def scenario() -> dict[int, Member]:
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            for seat in LIVING[:3]:
                members[seat].say(ballot(seat))
                await members[seat].next("ack", lambda m, seat=seat: m["ref"] == f"v{seat}")
                await members[3].next("voted", lambda m, seat=seat: seat in m["seats"])
            for member in members.values():
                await member.settled()
            return members

    members = asyncio.run(scenario())
    assert [m["seats"] for m in members[3].taken("voted")] == [[0], [0, 1], [0, 1, 2]]


def test_a_batch_that_closes_the_vote_shows_the_verdict_only_after_the_narrator(tmp_path: Path) -> None:
    db = day_room(tmp_path)

    async def scenario() -> dict[int, Member]:
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            for seat in LIVING:
                members[seat].say(ballot(seat))
            for member in members.values():
                await member.next("game", lambda m: not m["view"]["players"][ACCUSED]["alive"], timeout=60)
                await member.settled()
            return members

    members = asyncio.run(scenario())
    for seat, member in members.items():
        seen = shown(member)
        verdict = next(
            i for i, m in enumerate(seen) if m["type"] == "game" and not m["view"]["players"][ACCUSED]["alive"]
        )
        assert any(m["type"] == "narration" for m in seen[:verdict]), f"seat {seat}: verdict before the narrator"
        # nothing of the vote's last state is shown between its close and the verdict
        assert all(m["type"] != "voted" or len(m["seats"]) < len(LIVING) for m in seen), "no tally of a closed vote"
        if seat in LIVING:
            assert [m["ref"] for m in member.taken("ack")] == [f"v{seat}"]


def test_what_the_living_are_shown_does_not_depend_on_the_dead_writing_meanwhile(tmp_path: Path) -> None:
    """A chat line of the Jenseits in the middle of the queued ballots neither ends the batch nor starts
    a new one: the living see exactly what they see when the dead stay silent."""

    async def scenario(chatting: bool, folder: Path) -> dict[int, list[dict[str, Any]]]:
        db = day_room(folder)
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            for index, seat in enumerate(LIVING[:4]):
                members[seat].say(ballot(seat))
                if chatting and index == 1:
                    members[VICTIM].say({"type": "chat", "channel": "beyond", "text": "Psst.", "ref": "j"})
            for member in members.values():
                await member.settled()
            if chatting:
                assert members[VICTIM].taken("ack")[-1]["ref"] == "j"
            return {seat: shown(members[seat]) for seat in LIVING}

    silent = asyncio.run(scenario(False, tmp_path / "silent"))
    chatting = asyncio.run(scenario(True, tmp_path / "chatting"))
    for seat in LIVING:
        assert [_without_timer(m) for m in chatting[seat]] == [_without_timer(m) for m in silent[seat]]
        assert [m["type"] for m in silent[seat]].count("voted") == 1


def test_a_refused_ballot_in_a_batch_still_lets_it_settle(tmp_path: Path) -> None:
    db = day_room(tmp_path)

    async def scenario() -> dict[int, Member]:
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            members[0].say(ballot(0))
            members[1].say(ballot(1))
            members[VICTIM].say({**ballot(VICTIM), "ref": "dead"})  # the dead do not vote: refused
            for member in members.values():
                await member.settled()
            return members

    members = asyncio.run(scenario())
    assert members[VICTIM].taken("error")[-1]["ref"] == "dead"
    assert [m["seats"] for m in members[3].taken("voted")] == [[0, 1]]
    assert [m["ref"] for m in members[0].taken("ack")] == ["v0"]


def _condemned(view: dict[str, Any]) -> bool:
    return not view["players"][ACCUSED]["alive"]


def _without_timer(message: dict[str, Any]) -> dict[str, Any]:
    """The deadline is read off the clock when the room is made: the rest must be equal."""
    if message.get("timer") is None:
        return message
    return {**message, "timer": "set"}


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    bursts=st.lists(
        st.lists(st.tuples(st.sampled_from([*LIVING[:4], VICTIM]), st.sampled_from(LIVING)), min_size=1, max_size=6),
        min_size=1,
        max_size=3,
    ),
    chat_after=st.integers(0, 5),
)
def test_any_bursts_of_ballots_end_where_the_game_is(
    tmp_path_factory: pytest.TempPathFactory, bursts: list[list[tuple[int, int]]], chat_after: int
) -> None:
    """Bursts of ballots (changed ones, repeated ones, the dead's refused ones, a line of the Jenseits
    among them; one of the living never votes, so the vote stays open), each burst queued at once: every
    ballot is answered once, and once the room is idle every seat has been shown its view as the engine
    holds it and the tally as it stands."""
    db = day_room(tmp_path_factory.mktemp("bursts"))

    async def scenario() -> tuple[dict[int, Member], dict[int, dict[str, Any]], dict[str, Any] | None, list[str]]:
        async with running_room(db, config_for(db)) as actor:
            members = await seated(actor)
            refs = []
            for number, burst in enumerate(bursts):
                for index, (seat, target) in enumerate(burst):
                    ref = f"b{number}-{index}"
                    refs.append(ref)
                    members[seat].say({"type": "decide", "kind": "vote", "choice": target, "ref": ref})
                    if index == chat_after:
                        members[VICTIM].say({"type": "chat", "channel": "beyond", "text": "…", "ref": f"c{number}"})
                for member in members.values():
                    await member.settled()
            kind = actor.kind
            assert isinstance(kind, OnlineRoom)
            return members, engine_views(actor), kind._voted_message(), refs

    members, views, tally, refs = asyncio.run(scenario())
    answered = [m["ref"] for member in members.values() for m in member.messages if m["type"] in ("ack", "error")]
    assert sorted(ref for ref in answered if ref.startswith("b")) == sorted(refs), "each ballot answered once"
    for seat, member in members.items():
        last = {kind: next((m for m in reversed(member.messages) if m["type"] == kind), None) for kind in SEEN}
        assert last["game"] is None or last["game"]["view"] == views[seat]
        assert tally is not None
        if last["voted"] is None:  # only the dead tried: nothing was told since the vote opened
            assert tally["seats"] == [], f"seat {seat} was not told the tally"
        else:
            assert last["voted"] == tally
