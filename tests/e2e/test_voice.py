"""Push-to-talk voice in real browsers (Debian's Chromium with a fake microphone): six pages connect to
each other at the start; what each page receives, read through getStats(), follows the voice plan.

Every wait is for something a page shows or reports (its plan, its WebRTC figures, its screen), never
a fixed time. The game starts only once every page is in the room: an offer is relayed to the devices
a seat has at that moment, so a page that joined after the start waited for offers that had gone to
its seat's protocol connection alone (the cause of this test's old failures)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS, screenshot
from tests.e2e.voice_harness import WAIT, VoiceRound, launch, wait_for_stats
from tests.server.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Anna", "Bruno", "Clara", "David", "Erika", "Fritz"]
ROLES = ["werewolf", "werewolf", "seer", "villager", "villager", "villager"]
# the night's longest: the wolves' step ends when the test lets them choose, not by its timer while a busy
# machine connects the pages (up to a minute each) and the wolves talk
TIMERS = {"night": 600, "day": 300, "vote": 120, "lovers": 30}
PACKETS = 50  # about a second of speech (20 ms per packet)


@pytest.fixture(scope="module")
def voice_browser(playwright: Playwright) -> Iterator[Browser]:
    browser = launch(playwright, CHROMIUM, CHROMIUM_FLAGS)
    yield browser
    browser.close()


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def hold(page: Page) -> None:
    """Presses the Sprechtaste with the mouse, where the key is now (the panel above it may just have
    changed, for example once the microphone was granted)."""
    key = page.locator(".voice-key")
    for _ in range(50):
        key.hover()
        box = key.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.voice-key')", [x, y]):
            page.mouse.down()
            return
    raise AssertionError("the Sprechtaste never stood still under the pointer")


def let_go(page: Page) -> None:
    page.mouse.up()


def space_down(page: Page) -> None:
    page.locator(".voice-key").focus()  # the space bar talks unless the player is typing somewhere
    page.keyboard.down("Space")


def received(game: VoiceRound, listener: int, speaker: int) -> tuple[int, float]:
    entry = game.stats(listener).get(speaker)  # no stats yet (a connection being replaced): nothing came
    return (0, 0.0) if entry is None else (int(entry["inPackets"]), float(entry["inEnergy"]))


# the page's own figures (window.wolfrundeVoice), asked by the page itself until they hold
HEARD = """(stats, [speaker, packets, energy]) => {
  const entry = stats[speaker];
  return Boolean(entry) && entry.inPackets >= packets && entry.inEnergy > energy;
}"""
SENDS_NOTHING = """(stats) => Object.values(stats).every((entry) => !entry.sending)"""
PLAN_SENDS = """(seats) => JSON.stringify(window.wolfrundeVoice.plan?.send) === JSON.stringify(seats)"""
PLAN_SENDS_TO = """(seat) => Boolean(window.wolfrundeVoice.plan?.send.includes(seat))"""
IN_THE_ROOM = """() => document.querySelector("ul.seats li") !== null"""
A_DAY_WITH_A_DEATH = """() => document.querySelector(".phasebar.phase-day") !== null
  && document.querySelector("ul.table li.place.gone") !== null"""
POLL_MS = 100


def wait_page(page: Page, script: str, arg: Any = None) -> None:
    page.wait_for_function(script, arg=arg, polling=POLL_MS, timeout=WAIT * 1000)


def wait_until_received(game: VoiceRound, listener: int, speaker: int, packets: int, energy: float = -1.0) -> None:
    """The listener's page has `packets` packets from the speaker and more than `energy` of sound (the
    energy counts what was played out, which follows the packets through the jitter buffer, and the fake
    microphone beeps rather than hums); the figures of both sides when it never comes."""
    try:
        wait_for_stats(game.page(listener), HEARD, [speaker, packets, energy])
    except PlaywrightTimeout as error:
        raise AssertionError(
            f"{listener} did not get {packets} packets and sound above {energy} from {speaker}: the speaker sends "
            f"{game.stats(speaker).get(listener)}, plan {game.plan(speaker)}; the listener has "
            f"{game.stats(listener).get(speaker)}"
        ) from error


def wait_until_heard(game: VoiceRound, listener: int, speaker: int, since: tuple[int, float]) -> None:
    """About a second more of speech than `since` (packets, energy), and sound in it, not silence."""
    wait_until_received(game, listener, speaker, since[0] + PACKETS, since[1])


def wait_in_the_room(game: VoiceRound) -> None:
    """Every page has been shown the room (its socket is attached): only then may the game start."""
    for player in game.players:
        assert player.page is not None
        wait_page(player.page, IN_THE_ROOM)


def everyone_received(game: VoiceRound, seats: list[int]) -> dict[int, dict[int, tuple[int, float]]]:
    return {listener: {s: received(game, listener, s) for s in seats if s != listener} for listener in seats}


def test_six_pages_talk_along_the_voice_plan(tmp_path: Path, voice_browser: Browser, contexts: list[Any]) -> None:
    server = LiveServer(tmp_path / "data").start()
    game = VoiceRound(server.url, NAMES, ROLES, TIMERS)
    try:
        game.seat_everyone()
        game.open_pages(voice_browser, contexts)
        wait_in_the_room(game)
        seats = sorted(player.seat for player in game.players if player.seat is not None)
        game.let_play(lambda view: view["phase"] == "night" and view["you"]["side"] != "werewolves")
        game.start()
        game.wait_connected()  # the connections need no microphone
        screenshot(game.page(seats[0]), "voice-microphone-explained")
        game.allow_microphones()

        # night 1: the wolves are awake together, everyone else sleeps
        wolves = [seat for seat, view in sorted(game.views().items()) if view["you"]["side"] == "werewolves"]
        sleepers = [seat for seat in seats if seat not in wolves]
        assert len(wolves) == 2
        wait_page(game.page(wolves[0]), PLAN_SENDS, [wolves[1]])
        for seat in sleepers:
            assert game.plan(seat)["send"] == game.plan(seat)["hear"] == [], "a sleeper reaches and hears nobody"
        first, second = wolves
        before = everyone_received(game, seats)
        hold(game.page(first))
        wait_until_heard(game, second, first, before[second][first])
        screenshot(game.page(first), "voice-live")
        after = everyone_received(game, seats)
        assert after[second][first][1] > before[second][first][1], "the other wolf hears sound, not silence"
        for seat in sleepers:
            assert after[seat][first] == before[seat][first], f"the sleeping seat {seat} received the wolf"
        sending = {peer: entry["sending"] for peer, entry in game.stats(first).items()}
        assert sending == {peer: peer == second for peer in seats if peer != first}
        let_go(game.page(first))
        wait_for_stats(game.page(first), SENDS_NOTHING)

        # the key released: the first wolf sends nothing more while the second speaks (space bar)
        space_down(game.page(second))
        mark = received(game, first, second)
        wait_until_received(game, first, second, mark[0] + 10)
        silent = game.stats(first)[second]["outPackets"]
        wait_until_heard(game, first, second, received(game, first, second))
        assert game.stats(first)[second]["outPackets"] == silent, "outbound packets stop when the key is released"
        game.page(second).keyboard.up("Space")
        for seat in sleepers:
            assert received(game, seat, second) == before[seat][second], "a villager receives nothing from the wolves"

        # the wolves choose; the day comes with one dead
        game.let_play(lambda view: view["phase"] == "night")
        for seat in seats:
            wait_page(game.page(seat), A_DAY_WITH_A_DEATH)
        gone = game.page(seats[0]).locator("ul.table li.place.gone")
        dead = [int(gone.nth(i).get_attribute("data-seat") or "-1") for i in range(gone.count())]
        living = [seat for seat in seats if seat not in dead]
        (ghost,) = dead
        speaker = living[0]
        wait_page(game.page(speaker), PLAN_SENDS, [seat for seat in seats if seat != speaker])
        assert game.plan(ghost)["hear"] == living and game.plan(ghost)["send"] == [], "the dead listen to the day"
        before = everyone_received(game, seats)
        hold(game.page(speaker))
        for listener in seats:
            if listener != speaker:
                wait_until_heard(game, listener, speaker, before[listener][speaker])
                assert received(game, listener, speaker)[1] > before[listener][speaker][1]
        let_go(game.page(speaker))

        # the dead is not heard by the living: an honest page sends nothing, a modified one is muted
        before = everyone_received(game, seats)
        hold(game.page(ghost))
        mark = received(game, ghost, speaker)
        space_down(game.page(speaker))  # a window of time: the ghost hears the speaker meanwhile
        wait_until_heard(game, ghost, speaker, mark)
        game.page(speaker).keyboard.up("Space")
        for listener in living:
            assert received(game, listener, ghost) == before[listener][ghost], "the living hear no ghost"
        let_go(game.page(ghost))
        game.page(ghost).evaluate(CHEAT)
        # the ghost's packets arrive; muted, they play no sound, so there is no energy to wait for
        wait_until_received(game, living[0], ghost, before[living[0]][ghost][0] + PACKETS)
        for listener in living:
            assert game.stats(listener)[ghost]["muted"] is True, "an honest page mutes the dead"
    finally:
        game.close()
        server.stop()


# A modified client: the microphone on every connection, whatever the plan says.
CHEAT = """async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const track = stream.getAudioTracks()[0];
  for (const pc of window.__connections) {
    if (pc.connectionState === "connected") await pc.getSenders()[0].replaceTrack(track);
  }
}"""


@pytest.fixture
def coturn() -> Iterator[dict[str, str]]:
    started = subprocess.run(
        ["bash", str(ROOT / "scripts/coturn.sh"), "start"], check=True, capture_output=True, text=True
    ).stdout
    values = dict(line.removeprefix("export ").split("=", 1) for line in started.splitlines())
    yield values
    subprocess.run(["bash", str(ROOT / "scripts/coturn.sh"), "stop", values["WOLFRUNDE_TURN_DIR"]], check=False)


def test_voice_goes_through_turn_only(
    tmp_path: Path, voice_browser: Browser, contexts: list[Any], coturn: dict[str, str]
) -> None:
    turn = ("--turn-url", coturn["WOLFRUNDE_TURN_URL"], "--turn-secret", coturn["WOLFRUNDE_TURN_SECRET"])
    server = LiveServer(tmp_path / "data", args=turn).start()
    game = VoiceRound(server.url, NAMES[:2], ["werewolf", "seer", "villager", "villager", "villager"], TIMERS, bots=3)
    try:
        game.seat_everyone()
        game.open_pages(voice_browser, contexts)
        wait_in_the_room(game)
        first, second = (player.seat for player in game.players)
        assert first is not None and second is not None
        game.let_play(lambda view: view["phase"] == "night")
        game.start()
        game.allow_microphones()
        game.wait_connected()
        plan = game.plan(first)
        assert plan["relay_only"] is True and plan["ice_servers"][0]["urls"] == [coturn["WOLFRUNDE_TURN_URL"]]
        for seat in (first, second):
            entry = game.stats(seat)[second if seat == first else first]
            assert entry["localType"] == "relay", "with TURN every packet goes through the relay"
        for seat in (first, second):
            wait_page(game.page(seat), "() => document.querySelector('.phasebar.phase-day') !== null")
        speaker = first if game.page(first).locator("ul.table li.me.gone").count() == 0 else second
        listener = second if speaker == first else first
        wait_page(game.page(speaker), PLAN_SENDS_TO, listener)
        mark = received(game, listener, speaker)
        hold(game.page(speaker))
        wait_until_heard(game, listener, speaker, mark)
        assert received(game, listener, speaker)[1] > mark[1]
        let_go(game.page(speaker))
    finally:
        game.close()
        server.stop()


VOICE_JS = ROOT / "src/wolfrunde/server/static/online/voice.js"
TEXTS_JS = ROOT / "src/wolfrunde/server/static/lib/texts.js"


def test_the_voice_panel_takes_its_german_from_the_client_catalogue() -> None:
    """Every text the voice panel writes is in lib/texts.js (TEXT.voice); voice.js holds none of its own."""
    code = VOICE_JS.read_text(encoding="utf-8")
    code = re.sub(r"^\s*//.*$", "", code, flags=re.MULTILINE)  # comments may speak of the Sprechtaste
    literals = re.findall(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`', code)
    german = [text for text in literals if re.search(r"[äöüßÄÖÜ]|\b[A-ZÄÖÜ][a-zäöüß]+ [a-zäöüß]+", text)]
    assert german == [], german
    assert "const T = TEXT.voice;" in code
    catalogue = TEXTS_JS.read_text(encoding="utf-8")
    for key in re.findall(r"\bT\.(\w+)", code):
        assert re.search(rf"^\s+{key}: ", catalogue, flags=re.MULTILINE), f"TEXT.voice.{key} is missing"
