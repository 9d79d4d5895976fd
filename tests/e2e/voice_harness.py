"""A voice round for browser tests and the voice benchmark: players sign up and sit down over the
documented protocol (HTTP and a WebSocket each, driven from a thread of their own), then each opens the
room in a Chromium page with a fake microphone. The protocol connections play the seats' decisions
(the bots' strategy) when the test lets them, so the pages only talk: the test does not depend on how
the play screen looks.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from wolfrunde.bots.client import create_room, sign_up, ws_url
from wolfrunde.bots.player import BotPlayer

VOICE_FLAGS = [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--allow-loopback-in-peer-connection",
]
WAIT = 60.0  # seconds a wait for a browser or the game gives up after (the machine may be busy)

Gate = Callable[[dict[str, Any]], bool]


def launch(playwright: Playwright, chromium: str, flags: list[str]) -> Browser:
    return playwright.chromium.launch(executable_path=chromium, args=[*flags, *VOICE_FLAGS], headless=True)


@dataclass
class Player:
    name: str
    cookie: str = ""
    seat: int | None = None
    view: dict[str, Any] = field(default_factory=dict)
    game: dict[str, Any] | None = None
    bot: BotPlayer = field(default_factory=lambda: BotPlayer(random.Random(7)))
    ws: Any = None
    page: Page | None = None


class VoiceRound:
    """Players at one online room. `plays(view)` decides whether a seat's protocol connection answers
    the decision its view asks for (the test changes it to let the game move on)."""

    def __init__(
        self, base_url: str, names: list[str], roles: list[str], timers: dict[str, int], bots: int = 0
    ) -> None:
        self.base_url = base_url
        self.bots = bots
        self.players = [Player(name) for name in names]
        self.roles = roles
        self.timers = timers
        self.code = ""
        self.plays: Gate = lambda view: False
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._lock = threading.Lock()
        self._tasks: list[asyncio.Future[Any]] = []

    # --- the protocol side, in the round's own thread -----------------------------------------------
    def run(self, job: Any, timeout: float = WAIT) -> Any:
        return asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout)

    def seat_everyone(self) -> None:
        self.run(self._seat_everyone())

    async def _seat_everyone(self) -> None:
        async with httpx.AsyncClient(base_url=self.base_url, timeout=30) as http:
            for player in self.players:
                http.cookies.clear()
                player.cookie = await sign_up(http, player.name)
            http.cookies.clear()
            http.cookies.set("wolfrunde_session", self.players[0].cookie)
            self.code = await create_room(http)
        for player in self.players:
            headers = {"Cookie": f"wolfrunde_session={player.cookie}"}
            player.ws = await websockets.connect(ws_url(self.base_url, self.code), additional_headers=headers)
            self._tasks.append(asyncio.ensure_future(self._listen(player)))
            if player is not self.players[0]:
                await player.ws.send(json.dumps({"type": "join"}))
        for _ in range(self.bots):
            await self.players[0].ws.send(json.dumps({"type": "add_bot"}))
        settings = {"type": "settings", "roles": self.roles, "timers": self.timers}
        await self.players[0].ws.send(json.dumps(settings))
        deadline = time.monotonic() + WAIT
        while any(player.seat is None for player in self.players):
            if time.monotonic() > deadline:
                raise AssertionError("not every player got a seat")
            await asyncio.sleep(0.05)

    async def _listen(self, player: Player) -> None:
        async for raw in player.ws:
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "welcome":
                player.seat = message["you"]["seat"]
            elif kind == "game":
                with self._lock:
                    player.game = message
                    player.view = message["view"]
                await self._answer(player, message)
            elif kind in ("ack", "error"):
                player.bot.on_message(message)

    async def _answer(self, player: Player, message: dict[str, Any]) -> None:
        if not self.plays(message["view"]):
            return
        answer = player.bot.on_message(message)
        if answer is not None:
            await player.ws.send(json.dumps(answer))

    def start(self) -> None:
        self.run(self.players[0].ws.send(json.dumps({"type": "start"})))

    def let_play(self, plays: Gate) -> None:
        """From now on a seat answers when `plays(view)`; each is given its last view again."""
        self.plays = plays
        for player in self.players:
            if player.game is not None:
                player.bot.waiting = None
                self.run(self._answer(player, player.game))

    def views(self) -> dict[int, dict[str, Any]]:
        """Each seat's last view, by seat."""
        with self._lock:
            return {player.seat: dict(player.view) for player in self.players if player.seat is not None}

    def wait_for(
        self, what: Callable[[], bool], timeout: float = WAIT, tick: Callable[[], None] = lambda: None
    ) -> None:
        deadline = time.monotonic() + timeout
        while not what():
            if time.monotonic() > deadline:
                raise AssertionError("the round did not get there in time")
            tick()

    def close(self) -> None:
        for player in self.players:
            if player.ws is not None:
                self.run(player.ws.close(), timeout=10)
        for task in self._tasks:
            task.cancel()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    # --- the browser side -------------------------------------------------------------------------
    def open_pages(self, browser: Browser, contexts: list[BrowserContext]) -> None:
        for player in self.players:
            context = browser.new_context(
                base_url=self.base_url, locale="de-DE", viewport={"width": 420, "height": 800}
            )
            context.set_default_timeout(WAIT * 1000)
            context.add_cookies([{"name": "wolfrunde_session", "value": player.cookie, "url": self.base_url}])
            context.add_init_script(RECORD_CONNECTIONS)
            contexts.append(context)
            player.page = context.new_page()
            player.page.goto(f"/r/{self.code}")

    def page(self, seat: int) -> Page:
        player = next(player for player in self.players if player.seat == seat)
        assert player.page is not None
        return player.page

    def allow_microphones(self) -> None:
        for player in self.players:
            assert player.page is not None
            player.page.get_by_role("button", name="Mikrofon freigeben").click()
            player.page.wait_for_function("() => !document.querySelector('.voice-mic-ask')")

    def wait_connected(self, count: int | None = None) -> None:
        """Every page has a connected line to each of the others (or to `count` peers)."""
        count = len(self.players) - 1 if count is None else count
        for player in self.players:
            assert player.page is not None
            wait_for_stats(player.page, CONNECTED, count)

    def stats(self, seat: int) -> dict[int, dict[str, Any]]:
        raw = self.page(seat).evaluate("() => window.wolfrundeVoice.stats()")
        return {int(peer): entry for peer, entry in raw.items()}

    def plan(self, seat: int) -> dict[str, Any]:
        return dict(self.page(seat).evaluate("() => window.wolfrundeVoice.plan"))


# Every RTCPeerConnection a page opens, so a test can play a modified client on it.
RECORD_CONNECTIONS = """
(() => {
  const Original = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = function (...args) {
    const pc = new Original(...args);
    window.__connections.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
})();
"""

CONNECTED = """(stats, count) => {
  const states = Object.values(stats).map((entry) => entry.state);
  return states.length === count && states.every((state) => state === "connected");
}"""

# Playwright's wait_for_function does not wait for a promise (a pending one is truthy), and the page's
# WebRTC figures come as one: each poll asks the page for fresh figures and judges the newest that
# arrived, but only figures asked for after the wait began (`mark`), never older ones.
FRESH_STATS = """(mark) => {
  const voice = window.wolfrundeVoice;
  if (!voice || !voice.plan) return null;
  const box = (window.__freshStats ||= { asked: 0, got: 0, stats: null, busy: false });
  if (!box.busy) {
    box.busy = true;
    const asked = ++box.asked;
    voice.stats().then((stats) => { if (asked > box.got) { box.got = asked; box.stats = stats; } })
      .catch(() => {}).finally(() => { box.busy = false; });
  }
  return box.got > mark ? box.stats : null;
}"""
STATS_MARK = """() => (window.__freshStats ||= { asked: 0, got: 0, stats: null, busy: false }).asked"""
POLL_MS = 100


def wait_for_stats(page: Page, test: str, arg: Any = None, timeout: float = WAIT) -> None:
    """Waits until `test(stats, arg)` (a JavaScript function of the page's `wolfrundeVoice.stats()` by
    peer seat) holds for figures the page took after this call."""
    mark = page.evaluate(STATS_MARK)
    page.wait_for_function(
        f"([mark, arg]) => {{ const stats = ({FRESH_STATS})(mark); return stats !== null && ({test})(stats, arg); }}",
        arg=[mark, arg],
        polling=POLL_MS,
        timeout=timeout * 1000,
    )
