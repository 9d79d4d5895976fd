"""Server → client messages. Game payloads are built from one seat's view and nothing else."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from wolfrunde.engine.texts import event_line, told_already
from wolfrunde.engine.texts.lines import event_template, fill_line
from wolfrunde.engine.view import continues
from wolfrunde.server.addresses import ONLINE
from wolfrunde.server.online.lobby import MAX_SEATS, TIMER_BOUNDS, Lobby
from wolfrunde.server.texts import CHANNELS, error_text


def welcome(code: str, user_id: int, name: str, seat: int | None) -> dict[str, Any]:
    return {"type": "welcome", "room": code, "you": {"user_id": user_id, "name": name, "seat": seat}}


def lobby(code: str, data: Lobby, status: str, online: set[int], recommended: list[str] | None) -> dict[str, Any]:
    """Public lobby data: seats, who is connected, settings. Contains no game secrets."""
    seats = [
        {
            "seat": index,
            "name": seat.name,
            "bot": seat.bot,
            "host": seat.user_id == data.host_id and not seat.bot,
            "online": seat.bot or (seat.user_id in online),
            "say": seat.say,
        }
        for index, seat in enumerate(data.seats)
    ]
    settings = data.settings
    return {
        **ONLINE.header("lobby", code, status),
        "host_id": data.host_id,
        "seats": seats,
        "max_seats": MAX_SEATS,
        "timer_bounds": {key: list(bounds) for key, bounds in TIMER_BOUNDS.items()},
        "settings": {
            "rules": settings.rules,
            "roles": settings.roles,
            "recommended": settings.roles is None,
            "timers": dict(settings.timers),
            "meldeliste": settings.meldeliste,
            "narrator": settings.narrator,
            "spectators": settings.spectators,
            "style": settings.style,
        },
        "recommended_roles": recommended,
    }


def log(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's events as German lines, in order (the engine's one place for event lines): what it did
    in the second person, what others did in the third; the omniscient log at the end is told to nobody."""
    return SeatLog().lines(view)


class EventLines:
    """`event_line` for every seat of one game: each event's line is filled in once per template (the
    reader only picks the template: second person for the seat it is about), not once per seat. Holds the
    event dicts it has words for (a game's views share them and never change them)."""

    def __init__(self) -> None:
        self._filled: dict[int, tuple[dict[str, Any], dict[tuple[str, tuple[str, ...]], str]]] = {}

    def line(self, event: dict[str, Any], names: Sequence[str], reader: int | None) -> str:
        template = event_template(event, reader)
        known = self._filled.get(id(event))
        if known is None or known[0] is not event:
            known = self._filled[id(event)] = (event, {})
        key = (template, tuple(names))  # the names' own tuple when they come as one
        text = known[1].get(key)
        if text is None:
            text = known[1][key] = fill_line(template, event, names)
        return text


class SeatLog:
    """`log` of one seat's views, one after the other: only the events a view adds to the last one are
    put into words (a seat's views share their event dicts, so the earlier ones are found by identity, and
    their list of players while no row changed, so the names are read again only when it is another one).
    Anything else (fewer events, other names, the end's omniscient log) is told afresh."""

    def __init__(self, words: EventLines | None = None) -> None:
        self._words = words  # shared by the seats of a game, when the caller keeps one
        self._events: list[dict[str, Any]] = []
        self._key: tuple[Any, ...] | None = None
        self._lines: list[dict[str, Any]] = []
        self._round, self._phase = 0, "night"
        self._players: list[dict[str, Any]] | None = None  # the list of players the names were read from
        self._names: tuple[str, ...] = ()

    def lines(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The view's lines. The list is the last one while no line was added (a shared view's unchanged
        events give unchanged lines): nobody may change it."""
        players = view["players"]
        if players is not self._players:  # a shared view's unchanged players are the same list
            self._players, self._names = players, tuple(player["name"] for player in players)
        names = self._names
        reader = None if view.get("result") is not None else view["seat"]
        events = view["events"]
        key = (reader, names)
        if events is self._events and key == self._key:
            return self._lines
        known = len(self._events)
        grown = continues(events, self._events)
        lines = self._lines
        if key != self._key or not grown:
            self._key, lines, self._round, self._phase, known = key, [], 0, "night", 0
        added = []
        before = events[known - 1] if known else None
        for event in events[known:]:
            if event["type"] in ("night", "day"):
                self._round, self._phase = int(event.get("round") or self._round), event["type"]
            repeated, before = told_already(event, before), event
            if repeated:
                continue
            text = event_line(event, names, reader) if self._words is None else self._words.line(event, names, reader)
            if text:
                added.append({"round": self._round, "phase": self._phase, "type": event["type"], "text": text})
        if added or lines is not self._lines:
            self._lines = lines + added
        self._events = events
        return self._lines


def lines_of(
    events: list[dict[str, Any]], names: Sequence[str], reader: int | None, words: EventLines | None = None
) -> list[dict[str, Any]]:
    """Events as German lines for `reader` (None: told to nobody in particular); `words`: the game's
    `EventLines`, when the caller keeps them."""
    lines = []
    round_, phase = 0, "night"
    before = None
    for event in events:
        if event["type"] in ("night", "day"):
            round_, phase = int(event.get("round") or round_), event["type"]
        repeated, before = told_already(event, before), event
        if repeated:
            continue
        text = event_line(event, names, reader) if words is None else words.line(event, names, reader)
        if text:
            lines.append({"round": round_, "phase": phase, "type": event["type"], "text": text})
    return lines


def game(
    seat: int,
    view: dict[str, Any],
    deadline: float | None,
    channels: dict[str, bool] | list[dict[str, Any]],
    lines: list[dict[str, Any]] | None = None,
    whisper_until: float | None = None,
) -> dict[str, Any]:
    """The seat's `game` message; `lines`: its `log`, when the caller keeps it (`SeatLog`); `channels`:
    {channel: may write}, or their `channel_list` when the caller keeps it."""
    seconds_left = None if deadline is None else max(0.0, round(deadline - time.time(), 1))
    return {
        "type": "game",
        "seat": seat,
        "view": view,
        "log": log(view) if lines is None else lines,
        "timer": None if deadline is None else {"deadline": deadline, "seconds_left": seconds_left},
        "channels": channel_list(channels) if isinstance(channels, dict) else channels,
        "whisper_until": whisper_until,  # the lovers' whisper closes then (only sent to a lover while it is open)
    }


def channel_list(channels: dict[str, bool]) -> list[dict[str, Any]]:
    """The channels a seat reads, as its `game` message lists them."""
    return [{"id": channel, "name": CHANNELS[channel], "write": write} for channel, write in channels.items()]


DEATHS = ("died", "death")


def watch(
    public_events: list[dict[str, Any]],
    names: Sequence[str],
    end: dict[str, Any] | None,
    words: EventLines | None = None,
) -> dict[str, Any]:
    """What a spectator sees: the events every seat was shown, as lines, and the table made from them
    (who is alive, the Hauptmann); `end`: the finished game's view, where nothing is secret any more;
    `words`: the game's `EventLines`, when the caller keeps them."""
    round_, phase = 0, "night"
    dead: set[int] = set()
    captain = None
    for event in public_events:
        if event["type"] in ("night", "day"):
            round_, phase = int(event.get("round") or round_), event["type"]
        elif event["type"] in DEATHS and isinstance(event.get("player"), int):
            dead.add(event["player"])
        elif event["type"] == "captain":
            captain = event.get("captain")
    if end is not None:
        players = [{key: p.get(key) for key in ("seat", "name", "alive", "captain", "role")} for p in end["players"]]
    else:
        players = [
            {"seat": seat, "name": name, "alive": seat not in dead, "captain": seat == captain and seat not in dead}
            for seat, name in enumerate(names)
        ]
    return {
        "type": "watch",
        "view": {
            "round": end["round"] if end else round_,
            "phase": end["phase"] if end else phase,
            "step": None,
            "players": players,
            "result": end["result"] if end else None,
        },
        "log": lines_of(public_events, names, None, words),
        "timer": None,
    }


def vote_closed(round_: int, kind: str) -> dict[str, Any]:
    """The day's vote `kind` that the last `voted` showed has closed: nobody is asked any more, so there is
    no tally to show (the same shape as an open vote's message, with every list empty)."""
    return {"type": "voted", "round": round_, "kind": kind, "seats": [], "voters": [], "counts": []}


def voted(round_: int, vote: dict[str, Any]) -> dict[str, Any]:
    """The day's open vote as everyone sees it (`votes.live`): who has cast a ballot (`seats`, never for
    whom), the tally so far by candidate (`counts`, most votes first), and whom the Meldeliste's silence
    vote goes against (`silence`, only when it counts)."""
    counts = sorted(vote["counts"].items(), key=lambda item: (-item[1], item[0]))
    message: dict[str, Any] = {
        "type": "voted",
        "round": round_,
        "kind": vote["kind"],
        "seats": list(vote["voted"]),
        "voters": list(vote["voters"]),
        "counts": [{"seat": seat, "votes": votes} for seat, votes in counts],
    }
    if "silence" in vote:
        message["silence"] = list(vote["silence"])
    return message


def chat(channel: str, seat: int, name: str, text: str, at: float) -> dict[str, Any]:
    return {"type": "chat", "channel": channel, "seat": seat, "name": name, "text": text, "at": at}


def chat_history(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "chat_history", "messages": messages}


def removed() -> dict[str, Any]:
    return {"type": "removed", "message": error_text("removed")}
