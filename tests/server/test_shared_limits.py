"""Limits every process shares through Redis, and what happens when Redis is gone."""

from __future__ import annotations

import asyncio
from pathlib import Path

import redis.asyncio as aioredis

from wolfrunde.server.ratelimit import Limits, RedisBackoff, RedisWindow

ROOT = Path(__file__).resolve().parents[2]


def test_a_window_counts_the_hits_of_every_process(redis_url: str) -> None:
    async def scene() -> None:
        one, two = aioredis.from_url(redis_url), aioredis.from_url(redis_url)
        try:
            first = RedisWindow(one, "t-window", 3, 60.0)
            second = RedisWindow(two, "t-window", 3, 60.0)
            assert [await first.allow("1.2.3.4"), await second.allow("1.2.3.4")] == [True, True]
            assert await first.would_allow("1.2.3.4")
            assert await second.allow("1.2.3.4")
            assert not await first.would_allow("1.2.3.4")
            assert not await first.allow("1.2.3.4") and not await second.allow("1.2.3.4")
            assert await second.allow("5.6.7.8"), "another address has its own count"
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(scene())


def test_the_login_backoff_is_shared_and_a_success_forgets_it(redis_url: str) -> None:
    async def scene() -> None:
        one, two = aioredis.from_url(redis_url), aioredis.from_url(redis_url)
        try:
            first = RedisBackoff(one, "t-login", free=2, base=30.0)
            second = RedisBackoff(two, "t-login", free=2, base=30.0)
            await first.failed("anna|1.2.3.4")
            assert await second.wait("anna|1.2.3.4") == 0.0
            await second.failed("anna|1.2.3.4")
            assert 29.0 < await first.wait("anna|1.2.3.4") <= 30.0
            assert await first.wait("anna|5.6.7.8") == 0.0
            await first.succeeded("anna|1.2.3.4")
            assert await second.wait("anna|1.2.3.4") == 0.0
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(scene())


def test_without_redis_the_process_keeps_its_own_count() -> None:
    async def scene() -> None:
        gone = aioredis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.5)
        try:
            window = Limits(gone).window("t-gone", 2, 60.0)
            assert [await window.allow("a"), await window.allow("a"), await window.allow("a")] == [True, True, False]
            backoff = Limits(gone).backoff("t-gone", free=1)
            await backoff.failed("k")
            assert await backoff.wait("k") > 0
        finally:
            await gone.aclose()

    asyncio.run(scene())


def test_without_a_redis_client_limits_are_local() -> None:
    async def scene() -> None:
        window = Limits().window("local", 1, 60.0)
        assert await window.allow("a") and not await window.allow("a")

    asyncio.run(scene())
