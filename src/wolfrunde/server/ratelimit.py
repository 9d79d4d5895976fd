"""Rate limiters: a sliding window (sign-ups, lookups), a token bucket (WebSocket messages) and a
backoff for failed logins.

The window and the backoff exist twice. In memory (`SlidingWindow`, `Backoff`) they count for one
process. Behind the awaitable `Window` and `LoginBackoff` they count either in this process
(`LocalWindow`, `LocalBackoff`) or, with several processes, in Redis (`RedisWindow`, `RedisBackoff`),
so that N processes allow no more than one. Redis counts with its own clock, in one script per call, so
processes on several machines agree. When Redis cannot be reached, the limit falls back to this
process's own count (never to no limit) and the problem is logged.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
REDIS_PREFIX = "wolfrunde:"


class SlidingWindow:
    """At most `limit` hits per key within `seconds`."""

    def __init__(self, limit: int, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}

    def would_allow(self, key: str) -> bool:
        """Whether `allow(key)` would pass now (nothing new is recorded)."""
        hits = self._hits.get(key)
        return hits is None or len(self._recent(hits, self.clock())) < self.limit

    def allow(self, key: str) -> bool:
        now = self.clock()
        hits = self._recent(self._hits.setdefault(key, deque()), now)
        if len(hits) >= self.limit:
            return False
        hits.append(now)
        if len(self._hits) > 10_000:  # forget idle keys so the table stays small
            for stale in [k for k, v in self._hits.items() if not v or v[-1] <= now - self.seconds]:
                del self._hits[stale]
        return True

    def _recent(self, hits: deque[float], now: float) -> deque[float]:
        """`hits` without those that left the window (the oldest come first): a check costs what left,
        not every hit still in the window."""
        while hits and hits[0] <= now - self.seconds:
            hits.popleft()
        return hits


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


class Window(Protocol):
    """At most a number of hits per key within a time (awaitable: it may count in Redis)."""

    async def would_allow(self, key: str) -> bool: ...

    async def allow(self, key: str) -> bool: ...


class LoginBackoff(Protocol):
    async def wait(self, key: str) -> float: ...

    async def failed(self, key: str) -> None: ...

    async def succeeded(self, key: str) -> None: ...


class LocalWindow:
    """A `SlidingWindow` of this process alone."""

    def __init__(self, window: SlidingWindow) -> None:
        self.window = window

    async def would_allow(self, key: str) -> bool:
        return self.window.would_allow(key)

    async def allow(self, key: str) -> bool:
        return self.window.allow(key)


class LocalBackoff:
    """A `Backoff` of this process alone."""

    def __init__(self, backoff: Backoff) -> None:
        self.backoff = backoff

    async def wait(self, key: str) -> float:
        return self.backoff.wait(key)

    async def failed(self, key: str) -> None:
        self.backoff.failed(key)

    async def succeeded(self, key: str) -> None:
        self.backoff.succeeded(key)


# KEYS[1]: the key's sorted set of hits; ARGV: limit, seconds, a unique member, 1 to record the hit
_WINDOW_SCRIPT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
end
return 1
"""

# KEYS[1]: the key's hash {failures, last}; ARGV: free, base, cap. Returns the wait in milliseconds.
_BACKOFF_WAIT_SCRIPT = """
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
if failures < tonumber(ARGV[1]) then return 0 end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local delay = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ (failures - tonumber(ARGV[1])))
return math.max(0, math.ceil((last + delay - now) * 1000))
"""

# KEYS[1]: the key's hash; ARGV: seconds the record is kept after the last failure
_BACKOFF_FAILED_SCRIPT = """
local clock = redis.call('TIME')
redis.call('HINCRBY', KEYS[1], 'failures', 1)
redis.call('HSET', KEYS[1], 'last', tonumber(clock[1]) + tonumber(clock[2]) / 1000000)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
"""

BACKOFF_KEEP_SECONDS = 86_400  # a name and address that stopped failing are forgotten after a day


def _redis_failed(what: str) -> None:
    log.warning("Redis ist nicht erreichbar (%s): es gilt das Limit dieses Prozesses", what, exc_info=True)


class RedisWindow:
    """A sliding window every process shares, in Redis; this process's own count when Redis fails."""

    def __init__(self, client: aioredis.Redis, name: str, limit: int, seconds: float) -> None:
        self.client = client
        self.name = name
        self.limit = limit
        self.seconds = seconds
        self.fallback = SlidingWindow(limit, seconds)
        self._script: Any = client.register_script(_WINDOW_SCRIPT)

    def _key(self, key: str) -> str:
        return f"{REDIS_PREFIX}limit:{self.name}:{key}"

    async def _run(self, key: str, record: bool) -> bool:
        member = f"{time.time():.6f}:{secrets.token_hex(4)}"
        result = await self._script(keys=[self._key(key)], args=[self.limit, self.seconds, member, int(record)])
        return bool(int(result))

    async def would_allow(self, key: str) -> bool:
        try:
            return await self._run(key, record=False)
        except (RedisError, OSError):
            _redis_failed(self.name)
            return self.fallback.would_allow(key)

    async def allow(self, key: str) -> bool:
        try:
            return await self._run(key, record=True)
        except (RedisError, OSError):
            _redis_failed(self.name)
            return self.fallback.allow(key)


class RedisBackoff:
    """The failed-login backoff every process shares, in Redis; this process's own when Redis fails."""

    def __init__(self, client: aioredis.Redis, name: str, free: int = 5, base: float = 2.0, cap: float = 900.0) -> None:
        self.client = client
        self.name = name
        self.free = free
        self.base = base
        self.cap = cap
        self.fallback = Backoff(free=free, base=base, cap=cap)
        self._wait: Any = client.register_script(_BACKOFF_WAIT_SCRIPT)
        self._failed: Any = client.register_script(_BACKOFF_FAILED_SCRIPT)

    def _key(self, key: str) -> str:
        return f"{REDIS_PREFIX}backoff:{self.name}:{key}"

    async def wait(self, key: str) -> float:
        try:
            millis = await self._wait(keys=[self._key(key)], args=[self.free, self.base, self.cap])
        except (RedisError, OSError):
            _redis_failed(self.name)
            return self.fallback.wait(key)
        return int(millis) / 1000.0

    async def failed(self, key: str) -> None:
        self.fallback.failed(key)
        try:
            await self._failed(keys=[self._key(key)], args=[BACKOFF_KEEP_SECONDS])
        except (RedisError, OSError):
            _redis_failed(self.name)

    async def succeeded(self, key: str) -> None:
        self.fallback.succeeded(key)
        try:
            await self.client.delete(self._key(key))
        except (RedisError, OSError):
            _redis_failed(self.name)


class Limits:
    """Makes the limits of one server: shared through Redis when a client is given, local otherwise."""

    def __init__(self, client: aioredis.Redis | None = None) -> None:
        self.client = client

    def window(self, name: str, limit: int, seconds: float) -> Window:
        if self.client is None:
            return LocalWindow(SlidingWindow(limit, seconds))
        return RedisWindow(self.client, name, limit, seconds)

    def backoff(self, name: str, free: int) -> LoginBackoff:
        if self.client is None:
            return LocalBackoff(Backoff(free=free))
        return RedisBackoff(self.client, name, free=free)
