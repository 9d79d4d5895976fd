"""Stores the accepted commands of every room of a process, gathered into shared transactions.

A room waits for its command to be stored before anything about it is sent, so a write is on the path of
every acknowledgement. Written one by one, each command costs a worker thread's hop and a transaction of
its own. Here a command that arrives while a batch is being written waits for the next batch, which takes
everything that came meanwhile: with one room nothing waits longer than before, with many rooms the
writes share the hops and the commits. Each command still gets its own outcome (its time, or the
`SequenceTaken` that tells its room it lost ownership)."""

from __future__ import annotations

import asyncio
from typing import Any

from wolfrunde.store import Database
from wolfrunde.store import rooms as store


class CommandWriter:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[tuple[store.Append, asyncio.Future[float]]] = []
        self._draining: asyncio.Task[None] | None = None
        self.batches = 0  # how many transactions were written (the benchmark reports it)

    async def append(
        self, code: str, seq: int, command: store.Command, at: float | None, fields: dict[str, Any]
    ) -> float:
        """Stores one command under `seq` with the given room columns; returns its stored time."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waiting.append((store.Append(code, seq, command, at, fields), future))
        if self._draining is None or self._draining.done():
            self._draining = asyncio.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                outcomes = await asyncio.to_thread(store.append_commands, self.db, [append for append, _ in batch])
            except Exception as failure:  # the database failed: every command of the batch failed with it
                outcomes = [failure] * len(batch)
            self.batches += 1
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, Exception):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
