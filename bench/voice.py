"""Voice benchmark: six Chromium pages (fake microphones) in one online round on a local server.

    PYTHONPATH=src:. .venv/bin/python bench/voice.py [--talk-seconds 10] [--no-turn]

Prints
- the connection set-up time: per page, from its first `voice` plan to all five connections
  `connected` (the slowest peer), and the time from `start` to the whole mesh connected;
- the server's CPU while six seats hold the Sprechtaste at once (by day: the five living speak to
  everyone, the dead's key sends nothing), against the same span with everyone silent;
- through a real coturn (scripts/coturn.sh, `iceTransportPolicy: relay`): the ICE round trip of the
  selected candidate pair, the audio stream's RTCP round trip, and the receiver's mean jitter-buffer
  delay, which with half the round trip estimates the one-way audio delay (mouth to ear minus capture
  and playout).
127.0.0.1 only; the figures depend on this machine's load.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright
from tests.e2e.conftest import CHROMIUM, CHROMIUM_FLAGS
from tests.e2e.voice_harness import VoiceRound, launch
from tests.server.live import LiveServer

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Anna", "Bruno", "Clara", "David", "Erika", "Fritz"]
ROLES = ["werewolf", "werewolf", "seer", "villager", "villager", "villager"]
TIMERS = {"night": 120, "day": 600, "vote": 120, "lovers": 30}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    return ticks / 100.0


def server_cpu(server: LiveServer, seconds: float) -> float:
    """Share of one core the server process used over `seconds`."""
    assert server.process is not None
    before, start = cpu_seconds(server.process.pid), time.monotonic()
    time.sleep(seconds)  # a measurement window, not a wait for an event
    return (cpu_seconds(server.process.pid) - before) / (time.monotonic() - start)


def mesh(talk_seconds: float) -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as driver:
        browser = launch(driver, CHROMIUM, CHROMIUM_FLAGS)
        server = LiveServer(Path(tmp) / "data").start()
        game = VoiceRound(server.url, NAMES, ROLES, TIMERS)
        contexts: list[BrowserContext] = []
        try:
            game.seat_everyone()
            game.open_pages(browser, contexts)
            seats = sorted(p.seat for p in game.players if p.seat is not None)
            game.let_play(lambda view: view["phase"] == "night")
            started = time.monotonic()
            game.start()
            game.wait_connected()
            whole = time.monotonic() - started
            per_page = [max(e["connectedAfter"] for e in game.stats(seat).values()) for seat in seats]
            print(f"set-up, 6 pages: start → every page connected to all 5 others: {whole:.2f} s")
            print(
                "set-up per page, first plan → last of 5 connections: "
                f"median {statistics.median(per_page):.0f} ms, slowest {max(per_page):.0f} ms"
            )
            game.allow_microphones()
            game.wait_for(
                lambda: all(v["phase"] == "day" for v in game.views().values()),
                tick=lambda: game.page(seats[0]).wait_for_timeout(100),
            )
            idle = server_cpu(server, talk_seconds)
            for seat in seats:
                page = game.page(seat)
                page.locator(".voice-key").focus()
                page.keyboard.down("Space")
            talking = server_cpu(server, talk_seconds)
            packets = sum(e["inPackets"] for seat in seats for e in game.stats(seat).values())
            for seat in seats:
                game.page(seat).keyboard.up("Space")
            print(
                f"server CPU, {talk_seconds:.0f} s each: silent {idle * 100:.1f} % of a core, "
                f"six seats holding the key {talking * 100:.1f} % (pages received {packets} audio packets in all)"
            )
        finally:
            game.close()
            server.stop()
            for context in contexts:
                context.close()
            browser.close()


def through_turn(talk_seconds: float) -> None:
    started = subprocess.run(
        ["bash", str(ROOT / "scripts/coturn.sh"), "start"], check=True, capture_output=True, text=True
    ).stdout
    turn = dict(line.removeprefix("export ").split("=", 1) for line in started.splitlines())
    try:
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as driver:
            browser = launch(driver, CHROMIUM, CHROMIUM_FLAGS)
            args = ("--turn-url", turn["WOLFRUNDE_TURN_URL"], "--turn-secret", turn["WOLFRUNDE_TURN_SECRET"])
            server = LiveServer(Path(tmp) / "data", args=args).start()
            roles = ["werewolf", "seer", "villager", "villager", "villager"]
            game = VoiceRound(server.url, NAMES[:2], roles, TIMERS, bots=3)
            contexts: list[BrowserContext] = []
            try:
                game.seat_everyone()
                game.open_pages(browser, contexts)
                first, second = (p.seat for p in game.players)
                assert first is not None and second is not None
                game.let_play(lambda view: view["phase"] == "night")
                game.start()
                game.allow_microphones()
                game.wait_connected()
                game.wait_for(
                    lambda: all(v["phase"] == "day" for v in game.views().values()),
                    tick=lambda: game.page(first).wait_for_timeout(100),
                )
                speaker = first if game.views()[first]["you"]["alive"] else second
                listener = second if speaker == first else first
                game.wait_for(
                    lambda: listener in game.plan(speaker)["send"],
                    tick=lambda: game.page(speaker).wait_for_timeout(100),
                )
                for seat in (speaker, listener):
                    page = game.page(seat)
                    page.locator(".voice-key").focus()
                    page.keyboard.down("Space")
                game.page(speaker).wait_for_timeout(talk_seconds * 1000)  # let RTCP reports accumulate
                out = game.stats(speaker)[listener]
                back = game.stats(listener)[speaker]
                print(
                    f"through TURN ({out['localType']} candidates): ICE round trip {out['rtt'] * 1000:.1f} ms, "
                    f"audio RTCP round trip {(out['audioRtt'] or 0) * 1000:.1f} ms, receiver jitter buffer "
                    f"{(back['jitterDelay'] or 0) * 1000:.0f} ms → one-way audio ≈ "
                    f"{((out['audioRtt'] or 0) / 2 + (back['jitterDelay'] or 0)) * 1000:.0f} ms"
                )
            finally:
                game.close()
                server.stop()
                for context in contexts:
                    context.close()
                browser.close()
    finally:
        subprocess.run(["bash", str(ROOT / "scripts/coturn.sh"), "stop", turn["WOLFRUNDE_TURN_DIR"]], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--talk-seconds", type=float, default=10.0)
    parser.add_argument("--no-turn", action="store_true")
    args = parser.parse_args()
    mesh(args.talk_seconds)
    if not args.no_turn:
        through_turn(args.talk_seconds)


if __name__ == "__main__":
    main()
