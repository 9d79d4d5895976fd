"""Stores the accepted commands of every room of a process, gathered into shared transactions.

A room waits for its command to be stored before anything about it is sent, so a write is on the path of
every acknowledgement. Written one by one, each command costs a transaction of its own. Here a command
that arrives while a batch is being written waits for the next batch, which takes everything that came
meanwhile: with one room nothing waits longer than before, with many rooms the writes share the commits.
Each command still gets its own outcome (its time, or the `SequenceTaken` that tells its room it lost
ownership).

Where a batch is written:
- PostgreSQL: in a worker thread (a commit is a round trip to the database server).
- SQLite: on the event loop, when no other writer holds the database. Such a commit only appends to the
  write-ahead log in the operating system's cache (synchronous=NORMAL): under load about 50 µs per
  command, 1 ms for a batch of 20. Handed to a worker thread, the same write cost the process more than
  the write itself, since the thread and the loop take turns holding the interpreter, and every
  acknowledgement waited for it. In `bench/load.py --rooms 50` (medians of 5 runs) the thread took
  1.03 ms of CPU per decision against 0.94 ms, and an ack p99 of 403 ms against 277 ms.
  The loop still never waits on the disk or on a lock. If another writer holds the database (a lobby's
  save, the retention job), the batch goes to a worker thread as before. The log is copied into the
  database file, which syncs the disk, by a worker thread at most every `CHECKPOINT_SECONDS`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from wolfrunde.store import Database
from wolfrunde.store import rooms as store

log = logging.getLogger(__name__)
CHECKPOINT_SECONDS = 1.0  # SQLite: the longest a write-ahead log grows before a worker thread copies it


class CommandWriter:
    def __init__(self, db: Database, checkpoint_seconds: float = CHECKPOINT_SECONDS) -> None:
        self.db = db
        self.checkpoint_seconds = checkpoint_seconds
        self._waiting: list[tuple[store.Append, asyncio.Future[float]]] = []
        self._draining: asyncio.Task[None] | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        self._checkpointed_at = time.monotonic()
        self.batches = 0  # how many transactions were written (the benchmark reports it)
        self.batches_on_loop = 0  # of them, how many on the event loop (SQLite)
        self.checkpoints = 0

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
            appends = [append for append, _ in batch]
            outcomes: list[float | Exception] | None = self._write_on_loop(appends)
            if outcomes is None:
                try:
                    outcomes = await asyncio.to_thread(store.append_commands, self.db, appends)
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

    async def close(self) -> None:
        """Waits for a checkpoint under way (call it once the rooms have stopped)."""
        if self._checkpointing is not None:
            await self._checkpointing

    def _write_on_loop(self, appends: list[store.Append]) -> list[float | Exception] | None:
        """SQLite: the batch written here and now; None when it is for a worker thread."""
        if not self.db.writes_without_waiting:
            return None
        stored = store.append_commands_without_waiting(self.db, appends)
        if stored is None:
            return None
        self.batches_on_loop += 1
        self._checkpoint_soon()
        return list(stored)

    def _checkpoint_soon(self) -> None:
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        now = time.monotonic()
        if now - self._checkpointed_at < self.checkpoint_seconds:
            return
        self._checkpointed_at = now
        self._checkpointing = asyncio.create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        try:
            await asyncio.to_thread(self.db.checkpoint)
        except Exception:  # the log keeps everything; the next checkpoint copies it
            log.exception("copying SQLite's write-ahead log into the database file failed")
        else:
            self.checkpoints += 1
