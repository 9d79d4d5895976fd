"""Python's cyclic garbage collector set for a long-running server process.

A room keeps each seat's last message and recent changes, so most objects a decision creates live on
and the default thresholds (a young collection every 700 allocations) scan them again and again: in
`bench/load.py --rooms 50` a fifth of the server's CPU. `tune_for_serving` first freezes what start-up
made (modules, the app, the store's metadata: never garbage, never scanned again). From then on the
collector runs in one of two settings, chosen by how busy the event loop is (`CollectorGovernor`):

- `SHORT_PAUSES` while the loop has time to spare: a young collection every 10,000 allocations (CPython
  counts allocations minus deallocations) and the middle generation on every 4th collection. A pause
  holds every room of the process, so below saturation its length is what a player waits for: with 300
  rooms the longest pause fell from about 0.5 s to about 0.15 s and the `ack`'s 99th percentile to half.
- `FEWER_COLLECTIONS` while the loop is busy nearly all the time: a young collection every 50,000
  allocations, the middle generation on every 22nd. A busy loop's decisions wait for each other, not for a
  pause, and the short pauses' collections cost more in all (they scan objects that would have died
  before a later collection: about twice the collector's time with 1,000 rooms).

Both consider a full collection only after 2,801 middle ones (CPython then runs it only if the old
generation grew by a quarter since the last one): at least 112 million allocations apart, as far apart
as before these settings, and further while the loop is busy. docs/performance.md has the figures.
Reference counting frees everything else at once, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import gc
import time
from collections.abc import AsyncIterator, Callable

BUSY_FROM = 0.9  # share of a window the event loop's thread computed, from which collections get fewer
SPARE_BELOW = 0.75  # ... and below which they get short again
WINDOW_SECONDS = 5.0  # a burst of a second or two hardly moves a window's share; an overload lasts longer


class Setting(enum.Enum):
    """The collector's thresholds: allocations before a young collection; young, middle ones before the next."""

    SHORT_PAUSES = (10_000, 2, 2_800)
    FEWER_COLLECTIONS = (50_000, 20, 2_800)


def tune_for_serving() -> None:
    """Called once, right before the server starts serving."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*Setting.SHORT_PAUSES.value)


class CollectorGovernor:
    """Chooses the collector's setting from the share of each window the calling thread computed."""

    def __init__(
        self, cpu: Callable[[], float] = time.thread_time, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._cpu, self._clock = cpu, clock
        self._since = (cpu(), clock())
        self.setting = Setting.SHORT_PAUSES

    def observe(self) -> Setting:
        """Ends a window: switches the setting if the share crossed its bound, and returns it."""
        cpu, now = self._cpu(), self._clock()
        spent, elapsed = cpu - self._since[0], now - self._since[1]
        self._since = (cpu, now)
        if elapsed <= 0:
            return self.setting
        busy = spent / elapsed
        if self.setting is Setting.SHORT_PAUSES and busy >= BUSY_FROM:
            self._switch(Setting.FEWER_COLLECTIONS)
        elif self.setting is Setting.FEWER_COLLECTIONS and busy < SPARE_BELOW:
            self._switch(Setting.SHORT_PAUSES)
        return self.setting

    def _switch(self, setting: Setting) -> None:
        self.setting = setting
        gc.set_threshold(*setting.value)


@contextlib.asynccontextmanager
async def governed(
    window: float = WINDOW_SECONDS, governor: CollectorGovernor | None = None
) -> AsyncIterator[CollectorGovernor]:
    """Runs a governor (a new one unless given) on the event loop for as long as the block lasts: the
    server's, where its config asks for it (`wolfrunde serve` does, an app a test starts does not)."""
    if governor is None:
        governor = CollectorGovernor()

    async def govern() -> None:
        while True:
            await asyncio.sleep(window)
            governor.observe()

    task = asyncio.get_running_loop().create_task(govern(), name="collector-governor")
    try:
        yield governor
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
