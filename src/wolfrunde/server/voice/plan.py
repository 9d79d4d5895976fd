"""The voice plan of one seat: whom it keeps a connection with, whom it may send its voice to and whom it
may hear right now. A pure function of the seat's own view, with the rules of the text channels
(`online.channels`):

- by day the living speak to everyone (with the Meldeliste only the one who has the word);
- at night the living wolves of tonight's pack speak among themselves, the lovers in their whisper
  window, the Schwestern and Brüder during their own step;
- the dead speak only to the dead and keep hearing the day's discussion; the living never hear them;
- after the game everyone speaks to everyone.

Connections (`peers`) join every human seat to every other from the start to the end of the game, so
who is connected reveals nothing. Every seat a plan names in `send` or `hear` is one the seat knows to
be there: the dead are public, a wolf knows his pack, a lover his partner, a sister her sisters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wolfrunde.server.online import channels

NIGHT_CHANNELS = ("wolves", "lovers", *(channel for channel, _step in channels.COMPANIONS.values()))


@dataclass(frozen=True)
class VoicePlan:
    peers: frozenset[int]  # every seat this one keeps a connection with (all other human seats)
    send: frozenset[int]  # whom this seat's voice may reach now
    hear: frozenset[int]  # whose voice this seat may play now

    def to_json(self) -> dict[str, Any]:
        return {"peers": sorted(self.peers), "send": sorted(self.send), "hear": sorted(self.hear)}


def plan_for(
    view: dict[str, Any],
    humans: Iterable[int],
    *,
    meldeliste: bool,
    timer: dict[str, Any] | None,
    timers: dict[str, int],
    now: float,
    open_channels: dict[str, bool] | None = None,
    circles: channels.NightCircles | None = None,
) -> VoicePlan:
    """The plan of `view["seat"]`; `humans` are the seats a person plays (public in the lobby).
    `open_channels`: `channels.for_seat` of the same view, timer and time, when the caller has it;
    `circles`: the seat's `channels.NightCircles` read up to this view, likewise."""
    seat = int(view["seat"])
    people = frozenset(int(other) for other in humans)
    if seat not in people:
        return VoicePlan(frozenset(), frozenset(), frozenset())
    peers = people - {seat}
    if view.get("phase") == "over" or view.get("result") is not None:
        return VoicePlan(peers, peers, peers)
    circles = circles or channels.NightCircles().read(view)
    if open_channels is None:
        open_channels = channels.for_seat(view, timer, timers, now, circles)
    alive = _alive(view)
    dead = frozenset(range(len(view.get("players") or ()))) - alive
    send: set[int] = set()
    hear: set[int] = set()
    if view.get("phase") == "day":
        speakers = _day_speakers(view, alive, meldeliste)
        if seat in speakers:
            send |= alive | dead  # the dead keep hearing the day's discussion
        hear |= speakers
    if any(open_channels.get(channel) for channel in NIGHT_CHANNELS):  # else no circle counts (day, the dead)
        for channel, members in _night_circles(view, alive, circles).items():
            if open_channels.get(channel):
                send |= members
                hear |= members
    if seat in dead:
        send |= dead
        hear |= dead
    send &= peers
    hear &= peers
    return VoicePlan(peers, frozenset(send), frozenset(hear))


def plan_inputs(view: dict[str, Any], circles: channels.NightCircles) -> tuple[Any, ...]:
    """Everything `plan_for` reads of a view and its circles (besides the open channels, which the caller
    hands it): equal inputs, equal plans. The parts of a shared view compare by identity first, so this is
    cheap while they stay the same. Whoever makes `plan_for` read more of the view adds it here."""
    you = view.get("you") or {}
    return (
        view["seat"],
        view.get("phase"),
        view.get("result") is not None,
        view.get("players"),
        view.get("speakers"),
        you.get("lover"),
        you.get("role"),
        view.get("round"),
        circles.night,
        circles.pack,
        tuple(circles.companions.items()),
    )


def _alive(view: dict[str, Any]) -> frozenset[int]:
    return frozenset(int(p["seat"]) for p in view.get("players") or () if p.get("alive"))


def _day_speakers(view: dict[str, Any], alive: frozenset[int], meldeliste: bool) -> frozenset[int]:
    """Who may speak in the village now: every living player, or with the Meldeliste the one who has
    the word (the first on today's list)."""
    if not meldeliste:
        return alive
    speakers = [int(seat) for seat in view.get("speakers") or ()]
    return frozenset(speakers[:1]) & alive


def _night_circles(
    view: dict[str, Any], alive: frozenset[int], circles: channels.NightCircles
) -> dict[str, frozenset[int]]:
    """The living members of each night channel this seat knows of, from its own view."""
    you = view.get("you") or {}
    seat = int(view["seat"])
    found: dict[str, frozenset[int]] = {}
    pack = circles.tonights_pack(view)
    if seat in pack:
        found["wolves"] = pack & alive
    lover = you.get("lover")
    if lover is not None:
        found["lovers"] = frozenset({int(lover)}) & alive
    role = str(you.get("role"))
    if role in channels.COMPANIONS:
        channel, _step = channels.COMPANIONS[role]
        found[channel] = circles.companions.get(role, frozenset()) & alive
    return {channel: members - {seat} for channel, members in found.items()}
