"""What the whole table has been shown: the events of seat 0's published views that every other seat's hold
too, kept from change to change for the spectators (a watched room asks at every change, and a game's
events only grow)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from wolfrunde.engine.view import continues

Event = dict[str, Any]


class PublicLog:
    """`shown(lists)` is, for every seat's list of events (seat 0 first), seat 0's events in order that
    are no step call and that each other list holds as often: the n-th time an event (by `key_of`) is in
    seat 0's list counts if every other list holds it at least n times.

    Each list is read on from where it was last read while it continues the last one read (`continues`:
    a seat's events grow by appending); any other list is counted afresh."""

    def __init__(self, key_of: Callable[[Event], bytes]) -> None:
        self._key_of = key_of
        self._lists: list[list[Event]] = []  # each seat's list as last read
        self._counts: list[Counter[bytes]] = []  # every seat after the first: how often it holds each event
        self._first: list[tuple[Event, bytes, int]] = []  # seat 0's events but step calls: key, n-th time
        self._times: Counter[bytes] = Counter()  # how often each key is in `_first`
        self._least: dict[bytes, int] = {}  # each key of `_first`: how often the other lists all hold it
        self._shown: list[Event] = []

    def shown(self, lists: Sequence[list[Event]]) -> list[Event]:
        """The public events (the caller does not change the list; a new one is made when it changes)."""
        if len(lists) != len(self._lists):
            self._lists = [[] for _ in lists]
            self._counts = [Counter() for _ in lists[1:]]
            self._forget_first()
        moved: set[bytes] = set()  # the keys whose counts changed
        recounted = grew = False
        for seat, events in enumerate(lists):
            before = self._lists[seat]
            if events is before:
                continue
            continued = continues(events, before)  # always, from an empty list
            new = events[len(before) :] if continued else events
            if not continued:
                recounted = True
                if seat == 0:
                    self._forget_first()
                else:
                    self._counts[seat - 1] = Counter()
            self._lists[seat] = events
            if seat == 0:
                grew = self._read_first(new, moved) or grew
            else:
                counts = self._counts[seat - 1]
                for event in new:
                    key = self._key_of(event)
                    counts[key] += 1
                    moved.add(key)
        changed = grew or recounted
        for key in self._times if recounted else moved & self._times.keys():
            least = min((counts[key] for counts in self._counts), default=sys.maxsize)
            if self._least.get(key) != least:
                self._least[key] = least
                changed = True
        if changed:
            self._shown = [event for event, key, nth in self._first if nth < self._least[key]]
        return self._shown

    def _read_first(self, events: list[Event], moved: set[bytes]) -> bool:
        """Takes in seat 0's new events; whether there were any but step calls."""
        grew = False
        for event in events:
            if event.get("type") == "step":
                continue
            key = self._key_of(event)
            self._first.append((event, key, self._times[key]))
            self._times[key] += 1
            moved.add(key)
            grew = True
        return grew

    def _forget_first(self) -> None:
        self._first, self._times, self._least = [], Counter(), {}
