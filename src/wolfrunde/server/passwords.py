"""Password hashing with argon2id."""

from __future__ import annotations

import asyncio
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _HASHER.check_needs_rehash(password_hash)


class HashSlots:
    """At most `slots` argon2 computations at once (each takes 64 MiB); the rest wait their turn, off the
    event loop. A login for a name that does not exist is checked against a dummy hash, so it takes as
    long as a real one and tells nobody which names exist."""

    def __init__(self, slots: int) -> None:
        self._slots = asyncio.Semaphore(slots)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(hash_password, password)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        async with self._slots:
            if password_hash is None:
                if self._dummy is None:
                    self._dummy = await asyncio.to_thread(hash_password, secrets.token_urlsafe(16))
                await asyncio.to_thread(verify_password, self._dummy, password)
                return False
            return await asyncio.to_thread(verify_password, password_hash, password)
