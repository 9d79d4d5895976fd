"""The client toolkit (static/lib/) on its own, in Chromium: a small test page that the test serves itself
(Playwright routes), a WebSocket server that the test plays (route_web_socket) and the page's clock under
the test's control, so backoff and keepalive are checked without waiting for them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, Route, WebSocketRoute, expect
from tests.e2e.conftest import PHONE

LIB = Path(__file__).resolve().parents[2] / "src" / "wolfrunde" / "server" / "static" / "lib"
ORIGIN = "http://toolkit.test"
TYPES = {".js": "text/javascript", ".css": "text/css"}
NOT_NOW = "Der Erzähler spricht noch – gleich geht es weiter."
# connect() opens the toolkit's socket and counts every WebSocket it opens and every close it sees, with the
# page's (controlled) clock; it wraps the WebSocket that the test's route_web_socket put in place.
PAGE = """<!doctype html>
<html lang="de"><head><meta charset="utf-8"><link rel="stylesheet" href="/static/lib/lib.css"></head>
<body><main id="main"></main>
<script type="module">
  import * as dom from "/static/lib/dom.js";
  import * as socket from "/static/lib/socket.js";
  import * as toast from "/static/lib/toast.js";
  window.toolkit = { dom, socket, toast };
  window.got = []; window.statuses = []; window.stops = []; window.opened = []; window.ended = [];
  window.connect = (options) => {
    const Mocked = window.WebSocket;
    window.WebSocket = class extends Mocked {
      constructor(url, protocols) {
        super(url, protocols);
        window.opened.push([url, Date.now()]);
        this.addEventListener("close", (event) => window.ended.push([event.code, Date.now()]));
      }
    };
    window.sock = socket.openSocket({ onMessage: (m) => got.push(m), onStatus: (up) => statuses.push(up),
      onStop: (reason, code) => stops.push([reason, code]), ...options });
  };
</script></body></html>"""


def until(page: Page, count: Callable[[], int], expected: int, what: str) -> None:
    """Waits (in real time, a few seconds at most) until the test's own server has seen something `expected` times."""
    for _ in range(500):
        if count() == expected:
            return
        page.wait_for_timeout(20)
    raise AssertionError(what)


def serve(route: Route) -> None:
    path = urlparse(route.request.url).path
    if path == "/":
        route.fulfill(body=PAGE, content_type="text/html; charset=utf-8")
        return
    file = LIB / path.removeprefix("/static/lib/")
    if path.startswith("/static/lib/") and file.is_file():
        route.fulfill(path=str(file), content_type=TYPES.get(file.suffix, "application/octet-stream"))
    else:
        route.fulfill(status=404, body="")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(base_url=ORIGIN, viewport=PHONE, locale="de-DE")
    context.set_default_timeout(10_000)
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()
    page.clock.pause_at(1_800_000_000_000)  # the page's time moves only when the test says so
    page.goto("/")
    page.wait_for_function("() => window.toolkit !== undefined")
    yield page
    context.close()
    assert not errors, errors


def test_the_element_builder_leaves_out_null_but_keeps_zero(page: Page) -> None:
    built = page.evaluate("""() => {
      const { el, svg, mount, button } = toolkit.dom;
      let clicks = 0;
      const node = el("section", { class: "box", hidden: false, title: null, lang: undefined, open: true,
          dataset: { seat: 3, gone: null } },
        null, undefined, false, 0, "", ["a", [null, "b", false]], el("b", {}, "c"), undefined);
      const plain = el("button", { onclick: () => { clicks += 1; } }, "Los");
      const submit = el("button", { type: "submit" }, "Senden");
      plain.click(); plain.click();
      const main = mount(document.getElementById("main"), null, "Text", false, [undefined], button("Weiter", () => {}));
      const icon = svg("svg", { viewBox: "0 0 10 10" }, svg("circle", { r: 4 }), null);
      return { html: node.outerHTML, text: node.textContent, plainType: plain.type, submitType: submit.type, clicks,
        main: main.textContent, mainButtons: main.querySelectorAll("button[type=button]").length,
        svgNs: icon.namespaceURI, circles: icon.querySelectorAll("circle").length, iconText: icon.textContent };
    }""")
    assert built["text"] == "0abc"
    assert "null" not in built["html"] and "undefined" not in built["html"] and "false" not in built["html"]
    assert built["html"].startswith('<section class="box" open="" data-seat="3">'), built["html"]
    assert built["plainType"] == "button", "a button never submits a form by accident"
    assert built["submitType"] == "submit"
    assert built["clicks"] == 2
    assert built["main"] == "TextWeiter" and built["mainButtons"] == 1
    assert built["svgNs"] == "http://www.w3.org/2000/svg" and built["circles"] == 1 and built["iconText"] == ""


SCREEN = """() => {
  const { el, mount, steadyWhilePressed } = toolkit.dom;
  const main = document.getElementById("main");
  window.taps = 0; window.draws = 0;
  const tap = () => { window.taps += 1; };
  const draw = () => { window.draws += 1; mount(main, el("button", { id: "vote", onclick: tap }, "Enthalten")); };
  document.body.append(el("button", { id: "outside" }, "Sprechtaste"));
  window.plainDraw = draw;
  window.steadyDraw = steadyWhilePressed(draw, () => main);
  draw();
}"""


def press_while_drawn(page: Page, redraw: str) -> None:
    """A tap on the button during which the screen is drawn anew (as when another player's vote comes in)."""
    box = page.locator("#vote").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate(redraw)
    page.mouse.up()
    page.clock.run_for(10)


def test_a_tap_during_a_redraw_is_not_lost(page: Page) -> None:
    page.evaluate(SCREEN)
    press_while_drawn(page, "plainDraw()")
    assert page.evaluate("[taps, draws]") == [0, 2], "the cause: a button replaced under the finger gets no click"
    press_while_drawn(page, "steadyDraw()")
    assert page.evaluate("[taps, draws]") == [1, 3], "the redraw waits for the press, and comes after the click"
    page.evaluate("steadyDraw()")  # no press: at once
    assert page.evaluate("draws") == 4
    box = page.locator("#outside").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 2, box["y"] + 2)
    page.mouse.down()  # a press outside the screen it draws (the voice chat's key) does not hold it up
    page.evaluate("steadyDraw()")
    assert page.evaluate("draws") == 5
    page.mouse.up()


def test_the_socket_stops_for_good_on_an_unknown_room_with_a_german_reason(page: Page) -> None:
    page.route_web_socket("**/ws/**", lambda ws: ws.close(code=4404, reason="no_room"))
    page.evaluate("connect({ url: '/ws/rooms/QQQQQ' })")
    page.wait_for_function("() => window.stops.length === 1")
    page.clock.run_for(10 * 60_000)  # ten minutes of the page's time: a retrying socket would have tried again
    page.wait_for_function("() => window.ended.length === 1")
    assert page.evaluate("window.stops") == [["Diesen Raum gibt es nicht.", 4404]]
    assert page.evaluate("window.opened.length") == 1
    assert page.evaluate("window.sock.stopped") is True
    assert page.evaluate("window.sock.send({ type: 'join' })") is None, "a stopped socket takes nothing more"


FINAL = [(4401, "Bitte zuerst anmelden."), (4403, "Die Verbindung kommt nicht von dieser Seite.")]


@pytest.mark.parametrize(("code", "reason"), FINAL)
def test_the_other_final_close_codes_stop_too(page: Page, code: int, reason: str) -> None:
    page.route_web_socket("**/ws/**", lambda ws: ws.close(code=code))
    page.evaluate("connect({ url: '/ws/rooms/K7QWM', reasons: { 4404: 'Diesen Tisch gibt es nicht.' } })")
    page.wait_for_function("() => window.stops.length === 1")
    page.clock.run_for(60_000)
    assert page.evaluate("window.stops") == [[reason, code]]
    assert page.evaluate("window.opened.length") == 1


def test_a_page_can_word_the_reason_itself(page: Page) -> None:
    page.route_web_socket("**/ws/**", lambda ws: ws.close(code=4404))
    page.evaluate("connect({ url: '/ws/tables/QQQQQ', reasons: { 4404: 'Diesen Tisch gibt es nicht.' } })")
    page.wait_for_function("() => window.stops.length === 1")
    assert page.evaluate("window.stops") == [["Diesen Tisch gibt es nicht.", 4404]]


def test_the_socket_retries_with_growing_waits_up_to_a_cap(page: Page) -> None:
    page.route_web_socket("**/ws/**", lambda ws: ws.close(code=1011))  # a server that fails at once
    page.evaluate("connect({ url: '/ws/rooms/K7QWM', baseDelay: 500, maxDelay: 4000 })")
    for _ in range(400):  # the page's time in steps of 0.1 s; each new connection fails before time goes on
        opened = page.evaluate("window.opened.length")
        page.wait_for_function("n => window.ended.length === n", arg=opened)
        if opened == 7:
            break
        page.clock.run_for(100)
    times = [at for _url, at in page.evaluate("window.opened")]
    waits = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert waits == [500, 1000, 2000, 4000, 4000, 4000]
    assert page.evaluate("window.stops") == []
    defaults = page.evaluate("[1, 2, 3, 4, 5, 9].map((n) => toolkit.socket.backoff(n))")
    assert defaults == [500, 1000, 2000, 4000, 8000, 10000]


def test_the_socket_reconnects_says_hello_again_and_sends_what_waited(page: Page) -> None:
    servers: list[WebSocketRoute] = []

    def server(ws: WebSocketRoute) -> None:  # answers every message with an echo naming the connection
        number = len(servers)
        servers.append(ws)
        echo = {"type": "echo", "connection": number}
        ws.on_message(lambda text: ws.send(json.dumps({**echo, "message": json.loads(text)})))

    page.route_web_socket("**/ws/**", server)
    page.evaluate("connect({ url: '/ws/tables/K7QWM', hello: { type: 'hello', token: 'geheim' } })")
    page.wait_for_function("() => window.got.length === 1")
    assert page.evaluate("window.opened[0][0]") == "ws://toolkit.test/ws/tables/K7QWM?patches=1"
    page.evaluate("window.sock.send({ type: 'device', op: 'take' })")
    page.wait_for_function("() => window.got.length === 2")

    servers[0].close(code=1011)  # the connection breaks
    page.wait_for_function("() => window.statuses.length === 2")
    assert page.evaluate("window.statuses") == [True, False]
    page.evaluate("window.sock.send({ type: 'device', op: 'done' }); window.sock.send({ type: 'device', op: 'next' })")
    page.clock.run_for(500)
    page.wait_for_function("() => window.got.length === 5")
    echoes = [(m["connection"], m["message"]) for m in page.evaluate("window.got")]
    assert echoes == [
        (0, {"type": "hello", "token": "geheim"}),
        (0, {"type": "device", "op": "take", "ref": 1}),
        (1, {"type": "hello", "token": "geheim"}),  # the hello comes first on the new connection …
        (1, {"type": "device", "op": "done", "ref": 2}),  # … then what was sent meanwhile, in order
        (1, {"type": "device", "op": "next", "ref": 3}),
    ]
    assert page.evaluate("window.statuses") == [True, False, True]
    assert page.evaluate("window.stops") == []


def test_the_socket_pings_while_idle_and_reopens_a_silent_line(page: Page) -> None:
    pings: list[int] = []
    servers: list[WebSocketRoute] = []

    def server(ws: WebSocketRoute) -> None:
        number = len(servers)
        servers.append(ws)

        def heard(text: str | bytes) -> None:
            message = json.loads(text)
            if message["type"] == "ping" and number == 0:
                pings.append(number)
                ws.send(json.dumps({"type": "pong"}))  # the first line answers its pings; the second stays silent

        ws.on_message(heard)

    page.route_web_socket("**/ws/**", server)
    page.evaluate("connect({ url: '/ws/rooms/K7QWM', pingSeconds: 25, silentSeconds: 60 })")
    page.wait_for_function("() => window.statuses.length === 1")
    for minute_half in range(1, 5):  # two minutes: the line is idle, so it is pinged, and the pongs keep it open
        page.clock.run_for(30_000)
        until(page, lambda: len(pings), minute_half, "a ping every half minute while idle")
    assert page.evaluate("window.opened.length") == 1
    assert page.evaluate("window.got") == [], "a pong is the socket's own business"
    servers[0].close(code=1011)
    page.wait_for_function("() => window.statuses.length === 2")
    page.clock.run_for(500)
    page.wait_for_function("() => window.statuses.length === 3")  # the second line never answers …
    page.clock.run_for(61_000)
    page.wait_for_function("() => window.statuses.length === 4")  # … and is given up after a minute of silence
    page.clock.run_for(1000)  # (no answer on the line between: the second wait of the backoff)
    page.wait_for_function("() => window.opened.length === 3")


def test_a_request_waits_for_its_ack_or_the_german_refusal(page: Page) -> None:
    def server(ws: WebSocketRoute) -> None:
        def answer(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("op") == "ok":
                ws.send(json.dumps({"type": "ack", "ref": message["ref"]}))
            else:
                ws.send(json.dumps({"type": "error", "code": "not_now", "ref": message["ref"], "message": NOT_NOW}))

        ws.on_message(answer)

    page.route_web_socket("**/ws/**", server)
    page.evaluate("connect({ url: '/ws/tables/K7QWM' })")
    answers = page.evaluate("""async () => {
      const ok = await sock.request({ type: "device", op: "ok" });
      const refused = await sock.request({ type: "device", op: "take" }).catch((error) => [error.code, error.message]);
      return { ok, refused };
    }""")
    assert answers["ok"] == {"type": "ack", "ref": 1}
    assert answers["refused"] == ["not_now", NOT_NOW]


def test_the_toast_shows_each_level_in_its_own_colour_and_goes_again(page: Page) -> None:
    box = page.locator("#toast")
    colours = {}
    for level, text in (("info", "Gleich geht es weiter."), ("success", "Link kopiert."), ("error", "Das geht nicht.")):
        page.evaluate("([text, level]) => toolkit.toast.toast(text, level)", [text, level])
        expect(box).to_be_visible()
        expect(box).to_have_text(text)
        expect(box).to_have_attribute("data-level", level)
        expect(box).to_have_attribute("role", "status")
        colours[level] = page.evaluate("getComputedStyle(document.getElementById('toast')).backgroundColor")
    assert len(set(colours.values())) == 3, colours
    red, green, blue = (int(part) for part in colours["error"].removeprefix("rgb(").rstrip(")").split(","))
    assert red > green and red > blue, "an error is red"
    red, green, blue = (int(part) for part in colours["success"].removeprefix("rgb(").rstrip(")").split(","))
    assert green > red and green > blue, "a success is green"
    page.evaluate("toolkit.toast.toast('Unbekannt', 'shout')")
    expect(box).to_have_attribute("data-level", "info")
    assert page.locator("#toast").count() == 1, "one toast at a time"
    page.clock.run_for(4001)
    expect(box).to_be_hidden()
