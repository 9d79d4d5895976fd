"""Who may read and write which chat channel, decided from the seat's own view and the room's clock.

`for_seat` returns {channel: may_write} for every channel the seat may read.
"""

from __future__ import annotations

from typing import Any

COMPANIONS = {"sister": ("sisters", "sisters"), "brother": ("brothers", "brothers")}  # role: (channel, step)


def for_seat(view: dict[str, Any], timer: dict[str, Any] | None, timers: dict[str, int], now: float) -> dict[str, bool]:
    you = view.get("you") or {}
    phase = view.get("phase")
    alive = bool(you.get("alive"))
    if phase == "over" or view.get("result") is not None:
        # the game is over: every log is open to everyone, only the village square stays writable
        return {"village": True, "wolves": False, "lovers": False, "sisters": False, "brothers": False, "beyond": False}
    night = phase == "night"
    channels: dict[str, bool] = {"village": alive and phase == "day"}
    joined = pack_since(view)
    if joined is not None:  # woken with the pack at least once: an infected player only from the next night
        channels["wolves"] = alive and night and in_tonights_pack(view)
    if you.get("lover") is not None:
        channels["lovers"] = alive and night and _whisper_open(view, timer, timers, now)
    companion = COMPANIONS.get(str(you.get("role")))
    if companion is not None:
        channel, step = companion
        channels[channel] = alive and night and view.get("step") == step
    if not alive:
        channels["beyond"] = True
    return channels


def _whisper_open(view: dict[str, Any], timer: dict[str, Any] | None, timers: dict[str, int], now: float) -> bool:
    """The lovers whisper from the second night on, for the first seconds of each night."""
    if int(view.get("round") or 0) < 2 or not timer or timer.get("night_started") is None:
        return False
    return whisper_window_open(float(timer["night_started"]), timers, now)


def whisper_window_open(night_started: float, timers: dict[str, int], now: float) -> bool:
    """The first seconds of a night (the lovers' timer), from when it started."""
    return now < night_started + timers.get("lovers", 30)


def _pack_nights(view: dict[str, Any]) -> list[int]:
    """The nights in which this seat woke with the pack (it is named in that night's `pack` event)."""
    seat = view.get("seat")
    night = 0
    nights = []
    for event in view.get("events") or ():
        if event.get("type") == "night":
            night = int(event.get("round") or 0)
        elif event.get("type") == "pack" and seat in (event.get("pack") or ()):
            nights.append(night)
    return nights


def pack_since(view: dict[str, Any]) -> int | None:
    """The first night this seat woke with the pack, or None: it reads the wolves' lines from then on."""
    nights = _pack_nights(view)
    return nights[0] if nights else None


def in_tonights_pack(view: dict[str, Any]) -> bool:
    nights = _pack_nights(view)
    return bool(nights) and nights[-1] == int(view.get("round") or 0)
