"""Every kind of room, fuzzed over its own message schema through a real socket: random messages of every
type the kind declares, with random fields and values (wrong types, floats for seats, nested junk, role
and request names out of place), and raw junk. However it is fed, a room never answers "internal", never
halts, keeps the socket open, and answers every refusal with the one error shape in German; and what it
stored replays: a restarted server loads every fuzzed room again."""

from __future__ import annotations

import json
import logging
import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisWarning, InvalidArgument, ResolutionFailed
from pydantic import BaseModel
from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up
from tests.server.test_table_rooms import NAMES, own_table, seated

from wolfrunde.bots.strategy import choose
from wolfrunde.engine import all_cards
from wolfrunde.engine.registry import table
from wolfrunde.server.app import create_app
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.kinds import all_kinds
from wolfrunde.server.kinds.online import OnlineRoom
from wolfrunde.server.kinds.werwoerter import WerwoerterRoom
from wolfrunde.server.rooms.protocol import Schema
from wolfrunde.server.rooms.registry import Registry
from wolfrunde.server.rooms.status import RoomStatus
from wolfrunde.server.table.base import TableKind
from wolfrunde.server.texts import CHANNELS, ERRORS

EXAMPLES = 80  # bursts per room; each burst is up to 8 messages
WORDS = sorted(
    {*table().kind_owner, *all_cards(), "heal", "poison", "take", "next", "done", "card", "village", "all"}
    | {"wolves", "dead", "lovers", "day", "night", "konrad", "Anna", ""}
)
SCALAR = st.one_of(
    st.integers(-3, 45),
    st.integers(),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner),
    max_leaves=10,
)
REF = st.one_of(st.integers(-5, 5), st.text(max_size=8), VALUE)
SEAT = st.integers(-1, 12)
CHOICE = st.one_of(
    SEAT,
    st.booleans(),
    st.none(),
    st.lists(SEAT, max_size=3),
    st.fixed_dictionaries({}, optional={"heal": st.none() | SEAT, "poison": st.none() | SEAT}),
    st.sampled_from(WORDS),
    st.dictionaries(st.sampled_from([str(n) for n in range(8)]), st.integers(0, 4), max_size=6),
    VALUE,
)
BY_NAME: dict[str, st.SearchStrategy[Any]] = {  # values that get past the schema often, to reach the rules
    "kind": st.sampled_from(WORDS),
    "choice": CHOICE,
    "seat": SEAT,
    "channel": st.sampled_from(sorted(CHANNELS)),
    "text": st.text(max_size=60),
    "roles": st.lists(st.sampled_from(sorted(all_cards())), max_size=14),
    "timers": st.dictionaries(st.sampled_from(["night", "day", "vote", "lovers"]), st.integers(-5, 400)),
    "narrator": st.sampled_from(["konrad", "jutta", "leopold", "mechthild", "hedda", "hal"]),
    "data": st.dictionaries(st.sampled_from(["seat", "choice", "kind", "hands", "votes", "answer"]), CHOICE),
    "votes": st.dictionaries(st.sampled_from([str(n) for n in range(8)]), SEAT, max_size=8),
    "difficulty": st.integers(0, 6),
    "day_seconds": st.integers(0, 600),
    "discussion": st.integers(-5, 900),
    "speaker": SEAT,
}


def jsonable(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


def field_values(model: type[BaseModel], field: str) -> st.SearchStrategy[Any]:
    """What the schema declares for the field (from its type), values known to the rules, and junk."""
    options = [BY_NAME.get(field, VALUE), VALUE]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisWarning)  # pydantic's Strict marker means nothing here
        with suppress(InvalidArgument, ResolutionFailed):
            typed = st.from_type(model.model_fields[field].annotation)  # type: ignore[arg-type]
            typed.example()
            options.append(typed.map(jsonable))
    return st.one_of(*options)


def fields_of(schema: Schema, name: str) -> list[str]:
    return [field for field in schema.types[name].model_fields if field not in ("type", "ref")]


def messages(schema: Schema, left_out: frozenset[str]) -> st.SearchStrategy[str]:
    """A message as sent over the socket: mostly a declared type with random fields, sometimes junk."""
    names = sorted(set(schema.types) - left_out - {"ping"})

    def shaped(name: str) -> st.SearchStrategy[dict[str, Any]]:
        model = schema.types[name]
        optional = {field: field_values(model, field) for field in fields_of(schema, name)}
        return st.fixed_dictionaries({"type": st.just(name)}, optional={**optional, "ref": REF})

    typed = st.one_of(*(shaped(name) for name in names))
    wrong = st.sampled_from(names).flatmap(
        lambda name: st.fixed_dictionaries({"type": st.just(name)}, optional={"extra": VALUE, "ref": REF})
    )
    return st.one_of(
        typed.map(json.dumps),
        typed.map(json.dumps),
        typed.map(json.dumps),
        wrong.map(json.dumps),
        VALUE.map(json.dumps),
        st.text(max_size=40),
    )


def answered(ws: Any, marker: str) -> list[dict[str, Any]]:
    """Everything the socket heard up to the pong for `marker` (the room answers a ping after all before it)."""
    ws.send_json({"type": "ping", "ref": marker})
    heard = []
    for _ in range(5000):
        message: dict[str, Any] = ws.receive_json()
        if message == {"type": "pong", "ref": marker}:
            return heard
        heard.append(message)
    raise AssertionError("the room did not answer the ping")


def check(heard: list[dict[str, Any]]) -> None:
    for message in heard:
        if message["type"] == "error":
            assert message["code"] != "internal", message
            assert message["code"] in ERRORS, message
            assert set(message) == {"type", "code", "message", "ref"}, message
            assert isinstance(message["message"], str) and len(message["message"]) > 10, message


def fuzz(
    ws: Any,
    registry: Registry,
    code: str,
    schema: Schema,
    left_out: frozenset[str] = frozenset(),
    advance: Callable[[list[dict[str, Any]]], None] | None = None,
) -> None:
    """Bursts of fuzzed messages, each followed by a ping; `advance` may then make one legal move, so
    that the bursts reach every phase of the game."""
    counter = iter(range(1_000_000))

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.lists(messages(schema, left_out), min_size=1, max_size=8))
    def burst(raws: list[str]) -> None:
        for raw in raws:
            ws.send_text(raw)
        heard = answered(ws, f"fuzz-{next(counter)}")
        check(heard)
        if advance is not None:
            advance(heard)
        actor = registry.rooms[code]
        assert actor.status is not RoomStatus.HALTED, "a message halted the room"

    burst()


@pytest.fixture(autouse=True)
def no_exception_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """After the fuzz, the server's log holds no error and no traceback."""
    caplog.set_level(logging.WARNING)
    yield
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info is not None]
    assert not failures, [r.getMessage() for r in failures]


@pytest.fixture(autouse=True)
def no_rate_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer sends bursts; the rate limit has its own tests."""
    for kind in (OnlineRoom, WerwoerterRoom, TableKind):
        monkeypatch.setattr(kind, "message_rate", (100_000.0, 100_000.0))


def restores(config: ServerConfig, code: str) -> None:
    """A restarted server loads the room from what was stored, and it is not halted."""
    with TestClient(create_app(config)) as again:
        registry: Registry = again.app.state.rooms  # type: ignore[attr-defined]
        assert again.portal is not None
        actor = again.portal.call(registry.get, code)
        assert actor is not None and actor.status is not RoomStatus.HALTED, code


def test_the_online_room_withstands_its_own_schema_in_the_lobby_and_in_the_game(config: ServerConfig) -> None:
    schema = all_kinds()["online"].schema
    with TestClient(create_app(config)) as client:
        registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
        token = sign_up(client, "Anna")
        code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
        with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
            receive_until(ws, "lobby")
            fuzz(ws, registry, code, schema, left_out=frozenset({"leave", "start", "kick"}))
            for _ in range(5):
                ws.send_json({"type": "add_bot"})
            ws.send_json({"type": "settings", "recommended": True, "ref": "rec"})
            ws.send_json({"type": "start", "ref": "go"})
            assert receive_until(ws, "ack", limit=500)["ref"] in ("rec", "go")
            receive_until(ws, "game", limit=500)
            rng = random.Random(3)
            latest: list[dict[str, Any]] = []

            def play_on(heard: list[dict[str, Any]]) -> None:
                latest[:] = [m["view"] for m in heard if m["type"] == "game"][-1:] or latest
                move = choose(latest[0], rng) if latest else None
                if move is not None:
                    ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})

            fuzz(ws, registry, code, schema, left_out=frozenset({"leave"}), advance=play_on)
    restores(config, code)


def test_both_table_kinds_withstand_their_own_schemas(config: ServerConfig) -> None:
    kinds = all_kinds()
    with TestClient(create_app(config)) as client:
        registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
        made, _ = own_table(client, players=5)
        with seated(client, made["code"], made["token"]) as ws:
            fuzz(ws, registry, made["code"], kinds["table_own_devices"].schema, left_out=frozenset({"start"}))
            ws.send_json({"type": "start", "ref": "go"})
            fuzz(ws, registry, made["code"], kinds["table_own_devices"].schema)
        single = client.post("/api/tables", json={"mode": "single", "names": NAMES}).json()
        with seated(client, single["code"], single["token"]) as ws:
            fuzz(ws, registry, single["code"], kinds["table_single_device"].schema)
    restores(config, made["code"])
    restores(config, single["code"])


def test_a_werwoerter_round_withstands_its_own_schema(config: ServerConfig) -> None:
    schema = all_kinds()["werwoerter"].schema
    with TestClient(create_app(config)) as client:
        registry: Registry = client.app.state.rooms  # type: ignore[attr-defined]
        made = client.post("/api/ww/rooms", json={"mode": "single", "names": NAMES}).json()
        with client.websocket_connect(f"/ws/ww/{made['code']}?token={made['token']}") as ws:
            fuzz(ws, registry, made["code"], schema, left_out=frozenset({"start"}))
            ws.send_json({"type": "start", "ref": "go"})
            fuzz(ws, registry, made["code"], schema)
    restores(config, made["code"])
