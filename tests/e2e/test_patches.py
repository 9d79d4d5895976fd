"""The browser's patcher (static/lib/patch.js) in Chromium: fed what a device taking patches is sent in
random games (with drop-outs and reconnects), it hands on exactly the full `game` message a device without
patches gets, after every message; and the toolkit's socket asks for patches and reconnects with `since`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, Page, Route, WebSocketRoute
from tests.e2e.conftest import PHONE
from tests.engine.role_sets import setups
from tests.server.test_deltas import game_messages

LIB = Path(__file__).resolve().parents[2] / "src" / "wolfrunde" / "server" / "static" / "lib"
ORIGIN = "http://patches.test"
PAGE = """<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body><script type="module">
  import * as patch from "/static/lib/patch.js";
  import * as socket from "/static/lib/socket.js";
  window.patch = patch; window.socket = socket; window.got = [];
  window.replay = (messages) => {
    const streams = new Map();
    return messages.map(([seat, text]) => {
      if (!streams.has(seat)) streams.set(seat, patch.gameStream());
      return JSON.stringify(streams.get(seat).receive(JSON.parse(text)));
    });
  };
</script></body></html>"""


def serve(route: Route) -> None:
    path = urlparse(route.request.url).path
    if path == "/":
        route.fulfill(body=PAGE, content_type="text/html; charset=utf-8")
    elif path.startswith("/static/lib/") and (LIB / path.removeprefix("/static/lib/")).is_file():
        route.fulfill(path=str(LIB / path.removeprefix("/static/lib/")), content_type="text/javascript")
    else:
        route.fulfill(status=404, body="")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(base_url=ORIGIN, viewport=PHONE, locale="de-DE")
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    page.goto("/")
    page.wait_for_function("() => window.patch !== undefined")
    yield page
    context.close()


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(setup=setups(), policy_seed=st.integers(0, 2**32), drops=st.integers(0, 2**32))
def test_the_browser_rebuilds_the_full_message_after_every_message_of_random_games(page, setup, policy_seed, drops):
    messages = list(game_messages(setup, policy_seed, drops))
    sent = [[seat, json.dumps(message)] for seat, message, _full in messages]
    rebuilt = page.evaluate("(messages) => replay(messages)", sent)
    assert len(rebuilt) == len(messages)
    assert any(message["type"] == "game_patch" for _seat, message, _full in messages)
    for text, (seat, _sent, full) in zip(rebuilt, messages, strict=True):
        assert orjson.loads(text) == full, seat  # as JavaScript sees numbers: 30 and 30.0 are one


def test_the_socket_asks_for_patches_and_comes_back_with_the_version_it_holds(page):
    urls: list[str] = []
    sockets: list[WebSocketRoute] = []

    def server(ws: WebSocketRoute) -> None:
        urls.append(ws.url)
        sockets.append(ws)
        if len(urls) == 1:
            ws.send(
                json.dumps({"type": "game", "view": {"round": 1, "events": []}, "stream": {"id": "s1", "version": 4}})
            )
            ws.send(json.dumps({"type": "game_patch", "stream": "s1", "from": 4, "version": 5,
                                "ops": [["add", ["view", "events"], [{"type": "night"}]]]}))  # fmt: skip
        else:
            ws.send(json.dumps({"type": "game_patch", "stream": "s1", "from": 5, "version": 6,
                                "ops": [["set", ["view", "round"], 2]]}))  # fmt: skip

    page.route_web_socket("**/ws/**", server)
    page.evaluate(
        "window.sock = socket.openSocket({ url: '/ws/rooms/K7QWM', baseDelay: 50, onMessage: (m) => got.push(m) })"
    )
    page.wait_for_function("() => window.got.length === 2")
    assert page.evaluate("window.got") == [
        {"type": "game", "view": {"round": 1, "events": []}},
        {"type": "game", "view": {"round": 1, "events": [{"type": "night"}]}},
    ]
    assert parse_qs(urlparse(urls[0]).query) == {"patches": ["1"]}
    sockets[0].close(code=1011)
    page.wait_for_function("() => window.got.length === 3")
    assert parse_qs(urlparse(urls[1]).query) == {"patches": ["1"], "since": ["s1:5"]}
    assert page.evaluate("window.got[2]") == {"type": "game", "view": {"round": 2, "events": [{"type": "night"}]}}
    page.evaluate("window.sock.close()")
