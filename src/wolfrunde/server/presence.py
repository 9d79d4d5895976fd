"""Who is online: the account holders with an open connection to a room, on any process.

Each process counts its own connections per user. With Redis every process also keeps that count in a
hash of its own (`wolfrunde:presence:<address>`) that expires unless the process renews it, so a
process that dies drops out of the count by itself within `TTL_SECONDS`; the number online is the union
over every live process's hash. Without Redis the count is this process's alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
PREFIX = "wolfrunde:presence:"
TTL_SECONDS = 15
RENEW_SECONDS = 5.0


class Presence:
    def __init__(self, client: aioredis.Redis | None = None, process: str = "local") -> None:
        self.client = client
        self.key = f"{PREFIX}{process}"
        self.local: Counter[int] = Counter()
        self._renewer: asyncio.Task[None] | None = None

    async def joined(self, user_id: int) -> None:
        self.local[user_id] += 1
        if self.client is not None:
            await self._write(user_id)

    async def left(self, user_id: int) -> None:
        self.local[user_id] -= 1
        if self.local[user_id] <= 0:
            del self.local[user_id]
        if self.client is not None:
            await self._write(user_id)

    async def _write(self, user_id: int) -> None:
        assert self.client is not None
        try:
            async with self.client.pipeline(transaction=True) as pipe:
                if user_id in self.local:
                    pipe.hset(self.key, str(user_id), self.local[user_id])
                else:
                    pipe.hdel(self.key, str(user_id))
                pipe.expire(self.key, TTL_SECONDS)
                await pipe.execute()
        except (RedisError, OSError):
            log.warning("Redis ist nicht erreichbar: die Anwesenheit zählt nur diesen Prozess", exc_info=True)

    async def online(self) -> int:
        """How many account holders are connected to a room now, on every process."""
        if self.client is None:
            return len(self.local)
        try:
            users: set[bytes | str] = set()
            async for key in self.client.scan_iter(match=f"{PREFIX}*"):
                users.update(await self.client.hkeys(key))
        except (RedisError, OSError):
            return len(self.local)
        return len(users)

    def start(self) -> None:
        if self.client is not None:
            self._renewer = asyncio.get_running_loop().create_task(self._renew_forever(), name="presence")

    async def _renew_forever(self) -> None:
        """Writes this process's whole count again now and then: it outlives a Redis restart, and the hash
        expires only when the process is gone."""
        assert self.client is not None
        while True:
            try:
                async with self.client.pipeline(transaction=True) as pipe:
                    pipe.delete(self.key)
                    if self.local:
                        pipe.hset(self.key, mapping={str(user): count for user, count in self.local.items()})
                        pipe.expire(self.key, TTL_SECONDS)
                    await pipe.execute()
            except (RedisError, OSError):
                log.warning("Redis ist nicht erreichbar: die Anwesenheit zählt nur diesen Prozess", exc_info=True)
            await asyncio.sleep(RENEW_SECONDS)

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        if self.client is not None:
            with contextlib.suppress(RedisError, OSError):
                await self.client.delete(self.key)
