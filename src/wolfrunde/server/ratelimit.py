"""Small in-memory rate limiters: a sliding window (sign-ups, lookups), a token bucket (WebSocket
messages) and a backoff for failed logins."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class SlidingWindow:
    """At most `limit` hits per key within `seconds`."""

    def __init__(self, limit: int, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}

    def would_allow(self, key: str) -> bool:
        """Whether `allow(key)` would pass now (nothing is recorded)."""
        now = self.clock()
        hits = self._hits.get(key)
        return hits is None or sum(1 for hit in hits if hit > now - self.seconds) < self.limit

    def allow(self, key: str) -> bool:
        now = self.clock()
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.seconds:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        if len(self._hits) > 10_000:  # forget idle keys so the table stays small
            for stale in [k for k, v in self._hits.items() if not v or v[-1] <= now - self.seconds]:
                del self._hits[stale]
        return True


class TokenBucket:
    """`rate` tokens per second, holding at most `burst`."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Backoff:
    """Failed attempts per key (a name together with an address): the first `free` failures cost
    nothing, each further one doubles the wait before the next attempt, from `base` seconds up to `cap`.
    A success forgets the key. So a guesser slows down fast, and the real owner, from his own address,
    is never locked out by someone else's guessing."""

    def __init__(
        self, free: int = 5, base: float = 2.0, cap: float = 900.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.free = free
        self.base = base
        self.cap = cap
        self.clock = clock
        self._failures: dict[str, tuple[int, float]] = {}  # key -> (failures, time of the last)

    def wait(self, key: str) -> float:
        """Seconds until the next attempt for `key` is allowed (0: now)."""
        failures, last = self._failures.get(key, (0, 0.0))
        if failures < self.free:
            return 0.0
        delay = min(self.cap, self.base * 2.0 ** (failures - self.free))
        return max(0.0, last + delay - self.clock())

    def failed(self, key: str) -> None:
        failures, _ = self._failures.get(key, (0, 0.0))
        self._failures[key] = (failures + 1, self.clock())
        if len(self._failures) > 50_000:  # forget the oldest half so the table stays small
            for stale in sorted(self._failures, key=lambda k: self._failures[k][1])[:25_000]:
                del self._failures[stale]

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)
