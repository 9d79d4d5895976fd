"""Voice in a room with a fixed deal: every seat gets its plan, and offers, answers and ICE candidates
reach exactly the seat they are for, only inside the room and only between connected seats."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from tests.server.rooms_harness import Member, config_for, join, online_setup, running_room, stored_online_room

from wolfrunde.server.rooms.kind import Identity
from wolfrunde.server.voice.signaling import sdp_problem

ROLES = ["werewolf", "seer", "witch", "werewolf", "villager"]
AUDIO_SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n"
VIDEO_SDP = AUDIO_SDP + "m=video 9 UDP/TLS/RTP/SAVPF 96\r\n"


def night_room(tmp_path: Path):  # type: ignore[no-untyped-def]
    game = online_setup(ROLES, seed=3)
    return stored_online_room(tmp_path, game, [], {"release": 0, "deadline": time.time() + 60})


async def everyone(actor: Any) -> list[Member]:
    members = [await join(actor, seat) for seat in range(5)]
    for member in members:
        await member.settled()
    return members


def test_each_seat_gets_its_plan_and_a_sleeping_villager_is_told_of_nobody(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> list[dict[str, Any]]:
        async with running_room(db, config_for(db)) as actor:
            return [await member.next("voice") for member in await everyone(actor)]

    plans = asyncio.run(scenario())
    for seat, plan in enumerate(plans):
        assert plan["seat"] == seat
        assert plan["peers"] == [other for other in range(5) if other != seat], "a full mesh from the start"
        assert plan["ice_servers"] == [] and plan["relay_only"] is False, "no TURN configured"
    assert plans[4]["send"] == plans[4]["hear"] == [], "the villager sleeps"
    assert set(plans[0]["send"]) <= {3} and set(plans[3]["hear"]) <= {0}, "a wolf reaches only his pack"


def test_an_offer_reaches_only_the_seat_it_is_for(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> tuple[dict[str, Any], list[list[str]]]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            members[4].say({"type": "voice_offer", "to": 1, "session": "s4a", "sdp": AUDIO_SDP, "ref": "o"})
            offer = await members[1].next("voice_offer")
            members[1].say(
                {"type": "voice_answer", "to": 4, "session": "s1a", "answers": "s4a", "sdp": AUDIO_SDP, "ref": "a"}
            )
            await members[4].next("voice_answer", lambda m: m["from"] == 1 and m["answers"] == "s4a")
            members[4].say({"type": "voice_ice", "to": 1, "session": "s4a", "candidate": "", "ref": "i"})
            await members[1].next("voice_ice", lambda m: m["from"] == 4 and m["candidate"] == "")
            for member in members:
                await member.settled()
            kinds = [[m["type"] for m in member.messages if m["type"].startswith("voice_")] for member in members]
            return offer, kinds

    offer, kinds = asyncio.run(scenario())
    assert offer == {"type": "voice_offer", "from": 4, "session": "s4a", "sdp": AUDIO_SDP}
    assert kinds[1] == ["voice_offer", "voice_ice"] and kinds[4] == ["voice_answer"]
    assert kinds[0] == kinds[2] == kinds[3] == [], "nobody else sees the signaling"


def test_a_second_device_of_a_seat_is_offered_to_anew_and_takes_the_seats_signaling(tmp_path: Path) -> None:
    """Seat 2 opens a second device while the first is still connected: the seats below it (0 and 1)
    are told to offer anew, the seats above it are not (the new device offers to them itself); what is
    signaled to seat 2 from then on reaches the new device alone."""
    db = night_room(tmp_path)

    async def scenario() -> tuple[list[list[dict[str, Any]]], Member]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            second = await join(actor, 2)
            await second.next("voice")
            for member in members:
                await member.settled()
            renewals = [member.taken("voice_renew") for member in members]
            members[0].say({"type": "voice_offer", "to": 2, "session": "s0b", "sdp": AUDIO_SDP, "ref": "o"})
            await second.next("voice_offer", lambda m: m["session"] == "s0b")
            for member in (*members, second):
                await member.settled()
            return renewals, members[2]

    renewals, first = asyncio.run(scenario())
    assert renewals[0] == renewals[1] == [{"type": "voice_renew", "seat": 2}]
    assert renewals[2] == renewals[3] == renewals[4] == []
    assert first.taken("voice_offer") == [], "the older device is out of the signaling"


def test_signaling_outside_the_mesh_or_with_video_is_refused_and_goes_nowhere(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> tuple[list[tuple[str, str]], list[int]]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            watcher = Member(actor, Identity(user_id=99, name="Zaungast"))
            assert await actor.attach(watcher.peer) is None
            attempts = [
                (members[0], {"to": 0, "sdp": AUDIO_SDP}),  # to himself
                (members[0], {"to": 7, "sdp": AUDIO_SDP}),  # no such seat
                (members[0], {"to": 1, "sdp": VIDEO_SDP}),  # not only sound
                (members[0], {"to": 1, "sdp": "hallo"}),  # no session description
                (watcher, {"to": 1, "sdp": AUDIO_SDP}),  # not seated
            ]
            errors = []
            for index, (member, fields) in enumerate(attempts):
                member.say({"type": "voice_offer", "session": "x", "ref": f"r{index}", **fields})
                error = await member.next("error", lambda m, r=f"r{index}": m["ref"] == r)
                errors.append((error["code"], error["message"]))
            for member in members:
                await member.settled()
            return errors, [len(member.taken("voice_offer")) for member in members]

    errors, delivered = asyncio.run(scenario())
    codes = [code for code, _ in errors]
    assert codes == ["voice_peer", "voice_peer", "voice_sdp", "voice_sdp", "not_seated"]
    assert all(message and message[0].isupper() for _, message in errors), "a German sentence each"
    assert delivered == [0] * 5


def test_a_malformed_signal_is_refused_by_the_schema(tmp_path: Path) -> None:
    db = night_room(tmp_path)

    async def scenario() -> list[str]:
        async with running_room(db, config_for(db)) as actor:
            members = await everyone(actor)
            bad = [
                {"type": "voice_offer", "to": 1, "session": "a b", "sdp": AUDIO_SDP},  # session with a space
                {"type": "voice_offer", "to": "1", "session": "a", "sdp": AUDIO_SDP},  # seat as text
                {"type": "voice_ice", "to": 1, "session": "a", "candidate": "x" * 700},
                {"type": "voice_answer", "to": 1, "session": "a", "sdp": AUDIO_SDP},  # which offer?
            ]
            codes = []
            for message in bad:
                try:
                    members[0].say(message)
                except Exception as refused:  # the schema refuses before the room sees it
                    codes.append(getattr(refused, "code", "?"))
            return codes

    assert asyncio.run(scenario()) == ["malformed"] * 4


def test_sdp_check() -> None:
    assert sdp_problem(AUDIO_SDP) is None
    assert sdp_problem(VIDEO_SDP) == "Der Sprachchat überträgt nur Ton."
    assert sdp_problem("v=0\r\n") == "Der Sprachchat überträgt nur Ton."
