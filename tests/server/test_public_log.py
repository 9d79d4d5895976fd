"""The spectators' public log, kept from change to change, is at every change what comparing every seat's
events from nothing gives: for random logs whose events repeat, seats that see parts of them, read on at
different paces, sometimes as a new list of the same events, and at the end the whole log for everyone."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfrunde.server.online.public_log import PublicLog

Event = dict[str, Any]


def key_of(event: Event) -> bytes:
    return orjson.dumps(event, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


def shown_afresh(lists: list[list[Event]]) -> list[Event]:
    """The public events made from nothing kept: every seat's events compared by their JSON."""
    counters = [Counter(map(key_of, events)) for events in lists[1:]]
    public = []
    for event in lists[0]:
        key = key_of(event)
        if event["type"] != "step" and all(counter[key] > 0 for counter in counters):
            for counter in counters:
                counter[key] -= 1
            public.append(event)
    return public


# an event: its type (few, so that equal events recur) and which of up to four seats see it
SHOWN = ("own", "copy", "everything")  # a seat is shown its own events, the same list anew, or every event
events = st.tuples(st.sampled_from(["step", "died", "vote"]), st.integers(0, 1), st.sets(st.integers(0, 3)))


@settings(max_examples=600)  # a list that does not continue, with an event it holds twice, is rare
@given(
    seats=st.integers(1, 4),
    log=st.lists(events, max_size=40),
    moves=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6), st.sampled_from(SHOWN)), max_size=40),
    end=st.booleans(),
)
def test_the_kept_log_is_the_one_made_afresh_at_every_change(
    seats: int, log: list[tuple[str, int, set[int]]], moves: list[tuple[int, int, str]], end: bool
) -> None:
    made = [{"type": kind, "value": value} for kind, value, _ in log]  # one dict per place, shared by the seats
    read = [0] * seats  # how far into the log each seat has been shown
    lists: list[list[Event]] = [[] for _ in range(seats)]
    public = PublicLog(key_of)
    assert public.shown(lists) == shown_afresh(lists)
    for seat, ahead, shown in moves:
        seat %= seats
        read[seat] = min(len(log), read[seat] + ahead)
        seen = [made[i] for i in range(read[seat]) if seat in log[i][2] or not log[i][2]]
        if shown == "everything":  # a list that need not continue the last (as the end's views)
            seen = made[: read[seat]]
        lists[seat] = list(lists[seat]) if shown == "copy" and len(seen) == len(lists[seat]) else seen
        assert public.shown(lists) == shown_afresh(lists)
    if end:  # the end's views show every event to every seat
        lists = [list(made) for _ in range(seats)]
        assert public.shown(lists) == shown_afresh(lists)


def test_an_event_counts_as_often_as_every_seat_holds_it() -> None:
    died, vote, step = {"type": "died", "value": 0}, {"type": "vote", "value": 1}, {"type": "step", "value": 0}
    again = dict(died)  # an equal event at another place of the log
    first: list[Event] = [step, died, vote, again]
    second: list[Event] = [died, step]
    public = PublicLog(key_of)
    assert public.shown([first, second]) == [died]
    second = [*second, vote]
    assert public.shown([first, second]) == [died, vote]
    second = [*second, again]
    assert public.shown([first, second]) == [died, vote, again]
    assert public.shown([first]) == [died, vote, again]  # a table of one: all he was shown but step calls


def test_a_list_that_does_not_continue_the_last_is_counted_afresh() -> None:
    died, hidden = {"type": "died", "value": 0}, {"type": "vote", "value": 1}
    again = dict(died)
    public = PublicLog(key_of)
    assert public.shown([[died, hidden, again], [died]]) == [died]
    assert public.shown([[died, hidden, again], [hidden, died]]) == [died, hidden]  # died once, not twice
    assert public.shown([[hidden, again], [hidden, died]]) == [hidden, again]  # the first seat's anew too
    assert public.shown([[hidden, again], [hidden]]) == [hidden]  # an event the list no longer holds
    step = {"type": "step", "value": 0}
    assert public.shown([[step], [hidden]]) == []  # nothing but a step call, anew
