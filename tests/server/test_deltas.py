"""Incremental game updates (rooms.deltas): a device that takes patches rebuilds, after every message of
random games, exactly the full `game` message a device without patches gets, also when it drops out and
comes back with the version it holds (or one the room no longer remembers)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfrunde.engine import Game, Setup
from wolfrunde.server.online import payloads
from wolfrunde.server.rooms.connection import encode_bytes
from wolfrunde.server.rooms.deltas import (
    HISTORY,
    PATCH,
    GameStream,
    OutOfStep,
    SeatStreams,
    Subscription,
    apply,
    diff,
)
from wolfrunde.simulation.policy import choose

from engine.role_sets import setups

MAX_DECISIONS = 3000


def wire(message: dict | bytes) -> dict:  # type: ignore[type-arg]
    """What the device decodes: the message through the room's one encoder (a patch comes encoded)."""
    return orjson.loads(message if isinstance(message, bytes) else encode_bytes(message))


def same_json(a: object, b: object) -> bool:
    return orjson.dumps(a, option=orjson.OPT_SORT_KEYS) == orjson.dumps(b, option=orjson.OPT_SORT_KEYS)


class Device:
    """One seat's device taking patches; it may drop and reconnect with the `since` its client holds."""

    def __init__(self, streams: SeatStreams) -> None:
        self.streams = streams
        self.client = GameStream()
        self.subscription = self._subscribe(None)

    def _subscribe(self, since: str | None) -> Subscription:
        query = {"patches": "1"} if since is None else {"patches": "1", "since": since}
        subscription = Subscription.requested(query)
        assert subscription is not None
        subscription.streams = self.streams
        return subscription

    def reconnect(self) -> None:
        self.subscription = self._subscribe(self.client.since())


def game_messages(setup: Setup, policy_seed: int, drop_seed: int) -> Iterator[tuple[int, dict, dict]]:  # type: ignore[type-arg]
    """Plays a random game and yields, for every `game` message of every seat, what a device taking
    patches is sent and the full message a device without them gets (both as decoded from the wire).
    Now and then a device drops out for a few messages (another device of its seat gets them meanwhile)
    or for more than the room remembers, and comes back with the version it holds."""
    game = Game(setup)
    rng, drop_rng = random.Random(policy_seed), random.Random(drop_seed)
    seats = range(len(game.players))
    streams = SeatStreams()
    devices = {seat: Device(streams) for seat in seats}
    away: dict[int, int] = {}  # seat -> messages it misses before it comes back
    clock = 1000.0

    def publish() -> Iterator[tuple[int, dict, dict]]:  # type: ignore[type-arg]
        for seat in seats:
            deadline = clock + 30 if any(r.seat == seat for r in game.pending()) else None
            full = payloads.game(seat, game.view(seat), deadline, {"village": True})
            if away.get(seat, 0) > 0:
                away[seat] -= 1
                streams.of(seat).advance(full)
                if away[seat] == 0:
                    devices[seat].reconnect()
                continue
            sent = wire(devices[seat].subscription.outgoing(seat, full))
            devices[seat].client.receive(orjson.loads(orjson.dumps(sent)))  # keeps `since` up to date
            yield seat, sent, wire(full)
            if drop_rng.random() < 0.03:
                away[seat] = drop_rng.choice([1, 2, HISTORY + 3])

    yield from publish()
    for _ in range(MAX_DECISIONS):
        requests = game.pending()
        if not requests:
            break
        for request in requests:
            game.decide(request.seat, request.kind, choose(game, request, rng))
            clock += 1.5
            yield from publish()
    assert game.result is not None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32), drops=st.integers(0, 2**32))
def test_patched_messages_rebuild_the_full_message_after_every_message_of_random_games(setup, policy_seed, drops):
    clients: dict[int, GameStream] = {}
    patches = 0
    for seat, sent, full in game_messages(setup, policy_seed, drops):
        patches += sent["type"] == PATCH
        rebuilt = clients.setdefault(seat, GameStream()).receive(sent)
        assert same_json(rebuilt, full), seat
    assert patches > 0


def test_a_device_with_the_version_before_gets_only_the_new_events():
    streams = SeatStreams()
    device = Subscription.requested({"patches": "1"})
    assert device is not None
    device.streams = streams
    first = {"type": "game", "view": {"events": [{"type": "night"}], "round": 1}, "log": []}
    second = {"type": "game", "view": {"events": [{"type": "night"}, {"type": "day"}], "round": 1}, "log": []}
    full = wire(device.outgoing(0, first))
    assert full["type"] == "game" and full["stream"]["version"] == 1
    patch = wire(device.outgoing(0, second))
    assert patch == {
        "type": PATCH,
        "stream": full["stream"]["id"],
        "from": 1,
        "version": 2,
        "ops": [["add", ["view", "events"], [{"type": "day"}]]],
    }


def test_the_next_patch_comes_encoded_once_and_the_change_is_kept_as_its_json():
    streams = SeatStreams()
    device = Subscription.requested({"patches": "1"})
    assert device is not None
    device.streams = streams
    first = {"type": "game", "view": {"events": [], "who": "Anna"}}
    second = {"type": "game", "view": {"events": [{"type": "day", "line": "Der Tag bricht an – Jörg"}], "who": "Bö"}}
    stream = wire(device.outgoing(3, first))["stream"]
    sent = device.outgoing(3, second)
    assert isinstance(sent, bytes)
    decoded = orjson.loads(sent)
    assert decoded == {
        "type": PATCH,
        "stream": stream["id"],
        "from": 1,
        "version": 2,
        "ops": [["add", ["view", "events"], second["view"]["events"]], ["set", ["view", "who"], "Bö"]],
    }
    kept = streams.of(3).changes[-1][1]
    assert isinstance(kept, bytes)  # kept as JSON, not as the lists of the change
    assert orjson.loads(kept) == decoded["ops"]
    assert streams.of(3).since(1) == decoded["ops"]


def test_a_change_orjson_refuses_is_sent_as_a_message_the_connection_escapes():
    streams = SeatStreams()
    device = Subscription.requested({"patches": "1"})
    assert device is not None
    device.streams = streams
    device.outgoing(0, {"type": "game", "who": "Anna"})
    sent = device.outgoing(0, {"type": "game", "who": "Cem\ud800"})
    assert isinstance(sent, dict) and sent["ops"] == [["set", ["who"], "Cem\ud800"]]
    assert json.loads(encode_bytes(sent))["ops"] == [["set", ["who"], "Cem\ud800"]]


def test_a_device_back_with_a_version_the_room_forgot_gets_a_full_view():
    streams = SeatStreams()
    first = Subscription.requested({"patches": "1"})
    assert first is not None
    first.streams = streams
    client = GameStream()
    client.receive(wire(first.outgoing(2, {"type": "game", "n": 0})))
    for n in range(1, HISTORY + 2):
        streams.of(2).advance({"type": "game", "n": n})
    back = Subscription.requested({"patches": "1", "since": client.since() or ""})
    assert back is not None
    back.streams = streams
    sent = wire(back.outgoing(2, {"type": "game", "n": 99}))
    assert sent["type"] == "game" and sent["n"] == 99


def test_a_device_back_a_few_versions_later_gets_the_kept_changes_as_sent_then():
    streams = SeatStreams()
    first = Subscription.requested({"patches": "1"})
    assert first is not None
    first.streams = streams
    client = GameStream()
    events: list[dict[str, object]] = []
    client.receive(wire(first.outgoing(1, {"type": "game", "events": list(events), "who": "Anna"})))
    names = ["Bert", "Cem\ud800", "Dora"]  # a lone surrogate in one change: kept, and sent escaped
    for n, name in enumerate(names):
        events.append({"n": n, "seat": {3: name}})
        streams.of(1).advance({"type": "game", "events": list(events), "who": name})
    events[0]["n"] = 99  # changed after it was sent: the device is sent what the seat was shown then
    back = Subscription.requested({"patches": "1", "since": client.since() or ""})
    assert back is not None
    back.streams = streams
    last = {"type": "game", "events": [*events[:1], *events[1:]], "who": "Emil"}
    sent = json.loads(encode_bytes(back.outgoing(1, last)))  # as a browser reads it (orjson refuses \ud800)
    assert sent["type"] == PATCH and sent["from"] == 1 and sent["version"] == 5
    rebuilt = client.receive(sent)
    assert rebuilt["who"] == "Emil" and [event["n"] for event in rebuilt["events"]] == [0, 1, 2]
    assert [event["seat"] for event in rebuilt["events"]] == [{"3": name} for name in names]


def test_a_patch_that_does_not_follow_the_version_held_is_refused():
    client = GameStream()
    client.receive({"type": "game", "a": 1, "stream": {"id": "s", "version": 3}})
    with pytest.raises(OutOfStep):
        client.receive({"type": PATCH, "stream": "s", "from": 4, "version": 5, "ops": []})


def test_a_bad_since_gives_a_plain_subscription_and_no_patches_without_asking():
    assert Subscription.requested({}) is None
    subscription = Subscription.requested({"patches": "1", "since": "x" * 40 + ":1"})
    assert subscription is not None and subscription.holds is None


@given(
    old=st.recursive(
        st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
        max_leaves=20,
    ),
    new=st.recursive(
        st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
        max_leaves=20,
    ),
)
def test_applying_the_diff_of_any_two_documents_gives_the_second(old, new):
    rebuilt = apply(orjson.loads(orjson.dumps(old)), orjson.loads(orjson.dumps(diff(old, new))))
    assert rebuilt == new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ([0, 1], [False, True]),
        ({"a": 1}, {"a": True}),
        ({"a": [1.0]}, {"a": [1]}),
        ([[0]], [[False]]),
        ({"a": [{"b": 1}]}, {"a": [{"b": True}]}),
        ({"a": [0.0]}, {"a": [-0.0]}),
        ({"a": [[1], [2]]}, {"a": [[1], [2], [3]]}),
    ],
)
def test_values_python_calls_equal_but_json_tells_apart_are_patched(old: object, new: object) -> None:
    rebuilt = apply(orjson.loads(orjson.dumps(old)), orjson.loads(orjson.dumps(diff(old, new))))
    assert same_json(rebuilt, new)
