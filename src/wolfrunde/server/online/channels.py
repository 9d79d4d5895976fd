"""Who may read and write which chat channel, decided from the seat's own view and the room's clock.

`for_seat` returns {channel: may_write} for every channel the seat may read.
"""

from __future__ import annotations

from typing import Any

from wolfrunde.engine.view import continues

COMPANIONS = {"sister": ("sisters", "sisters"), "brother": ("brothers", "brothers")}  # role: (channel, step)


def for_seat(
    view: dict[str, Any],
    timer: dict[str, Any] | None,
    timers: dict[str, int],
    now: float,
    circles: NightCircles | None = None,
) -> dict[str, bool]:
    """`circles`: the seat's `NightCircles` read up to this view, when the caller keeps them."""
    you = view.get("you") or {}
    phase = view.get("phase")
    alive = bool(you.get("alive"))
    if phase == "over" or view.get("result") is not None:
        # the game is over: every log is open to everyone, only the village square stays writable
        return {"village": True, "wolves": False, "lovers": False, "sisters": False, "brothers": False, "beyond": False}
    night = phase == "night"
    channels: dict[str, bool] = {"village": alive and phase == "day"}
    circles = circles or NightCircles().read(view)
    joined = pack_since(view, circles)
    if joined is not None:  # woken with the pack at least once: an infected player only from the next night
        channels["wolves"] = alive and night and in_tonights_pack(view, circles)
    if you.get("lover") is not None:
        channels["lovers"] = alive and night and _whisper_open(view, timer, timers, now)
    companion = COMPANIONS.get(str(you.get("role")))
    if companion is not None:
        channel, step = companion
        channels[channel] = alive and night and view.get("step") == step
    if not alive:
        channels["beyond"] = True
    return channels


def channel_inputs(view: dict[str, Any], circles: NightCircles) -> tuple[Any, ...]:
    """Everything `for_seat` reads of a view and its circles (besides the timer and the clock): equal
    inputs, equal channels. Whoever makes `for_seat` read more of the view adds it here."""
    you = view.get("you") or {}
    nights = circles.pack_nights
    return (
        you.get("alive"),
        you.get("lover"),
        you.get("role"),
        view.get("phase"),
        view.get("result") is not None,
        view.get("step"),
        view.get("round"),
        nights[0] if nights else None,
        nights[-1] if nights else None,
    )


def _whisper_open(view: dict[str, Any], timer: dict[str, Any] | None, timers: dict[str, int], now: float) -> bool:
    """The lovers whisper from the second night on, for the first seconds of each night."""
    if int(view.get("round") or 0) < 2 or not timer or timer.get("night_started") is None:
        return False
    return whisper_window_open(float(timer["night_started"]), timers, now)


def whisper_window_open(night_started: float, timers: dict[str, int], now: float) -> bool:
    """The first seconds of a night (the lovers' timer), from when it started."""
    return now < night_started + timers.get("lovers", 30)


class NightCircles:
    """What a seat's own events say about its night circles: the nights it woke with the pack, the pack of
    the latest night, the members each companion role was shown. Read from the seat's views one after the
    other, each only from where the last one ended (a seat's views share their event dicts, so the earlier
    ones are found by identity); a view whose events do not continue the last ones is read afresh."""

    def __init__(self) -> None:
        self._start(None)

    def _start(self, seat: Any) -> None:
        self._seat = seat
        self._events: list[dict[str, Any]] = []
        self.pack_nights: list[int] = []  # the nights this seat is named in the pack, oldest first
        self.night = 0  # the round of the latest `night` event
        self.pack: frozenset[int] = frozenset()  # the pack named since that event (empty: none yet)
        self.companions: dict[str, frozenset[int]] = {}  # role: the members its last `companions` named

    def read(self, view: dict[str, Any]) -> NightCircles:
        events = view.get("events") or []
        if events is self._events and view.get("seat") == self._seat:
            return self  # the same view asked again (channels, voice plan and chat all read it)
        known = len(self._events)
        grown = continues(events, self._events)
        if view.get("seat") != self._seat or not grown:
            self._start(view.get("seat"))
            known = 0
        for event in events[known:]:
            kind = event.get("type")
            if kind == "night":
                self.night = int(event.get("round") or 0)
                self.pack = frozenset()
            elif kind == "pack":
                named = event.get("pack") or ()
                self.pack = frozenset(int(seat) for seat in named)
                if self._seat in named:
                    self.pack_nights.append(self.night)
            elif kind == "companions":
                self.companions[str(event.get("role"))] = frozenset(int(seat) for seat in event.get("members") or ())
        self._events = events
        return self

    def tonights_pack(self, view: dict[str, Any]) -> frozenset[int]:
        """The pack tonight's `pack` event names (empty when tonight has none yet)."""
        return self.pack if self.night == int(view.get("round") or 0) else frozenset()


def pack_since(view: dict[str, Any], circles: NightCircles | None = None) -> int | None:
    """The first night this seat woke with the pack, or None: it reads the wolves' lines from then on."""
    nights = (circles or NightCircles().read(view)).pack_nights
    return nights[0] if nights else None


def in_tonights_pack(view: dict[str, Any], circles: NightCircles | None = None) -> bool:
    nights = (circles or NightCircles().read(view)).pack_nights
    return bool(nights) and nights[-1] == int(view.get("round") or 0)
