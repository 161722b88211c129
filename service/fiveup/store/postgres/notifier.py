"""``AfterCommitNotifier``: the event store's ``notify="after_commit"`` mode.  An append
commits (durably, without NOTIFY, so commits of concurrent appends share fsyncs) and
hands its match id here; a background task sends the pending ids in batches, each batch
one transaction committed without waiting for its WAL flush (a notification need not be
durable; the events it announces already are).  A batch that fails is kept and sent
again after a backoff."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

log = logging.getLogger(__name__)

_NOTIFY = "SELECT pg_notify(%s, m) FROM unnest(%s::TEXT[]) AS m"
FLUSH_ON_CLOSE_SECONDS = 2.0  # how long close() waits for what is pending


class AfterCommitNotifier:
    def __init__(
        self,
        connect: Callable[[], Awaitable[psycopg.AsyncConnection[Any]]],
        channel: str,
        *,
        max_delay: float = 5.0,
    ) -> None:
        """``connect``: a new autocommit connection of the store's (its notifications
        are the store's own: its listener does not echo them)."""
        self._connect = connect
        self.channel = channel
        self.max_delay = max_delay
        self._pending: set[str] = set()
        self._wanted = asyncio.Event()
        self._sending = False  # a batch is being sent
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="fiveup-pg-notifier")

    def add(self, *match_ids: str) -> None:
        """Announce these matches (soon, in a batch)."""
        if match_ids:
            self._pending.update(match_ids)
            self._wanted.set()

    async def close(self) -> None:
        """Send what is pending (bounded), then stop."""
        if self._pending:
            self._wanted.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._flushed(), FLUSH_ON_CLOSE_SECONDS)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _loop(self) -> None:
        conn: psycopg.AsyncConnection[Any] | None = None
        delay = 0.05
        try:
            while True:
                await self._wanted.wait()
                self._wanted.clear()
                if not self._pending:
                    continue
                batch = sorted(self._pending)
                self._pending.clear()
                self._sending = True
                try:
                    if conn is None:
                        conn = await self._connect()
                    await conn.execute(_NOTIFY, (self.channel, batch))
                    delay = 0.05
                except (psycopg.Error, OSError) as exc:
                    log.warning("could not send notifications (%s); retrying", exc)
                    self._pending.update(batch)
                    if conn is not None:
                        with contextlib.suppress(psycopg.Error, OSError):
                            await conn.close()
                        conn = None
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, self.max_delay)
                    self._wanted.set()
                finally:
                    self._sending = False
        finally:
            if conn is not None:
                with contextlib.suppress(psycopg.Error, OSError):
                    await conn.close()

    async def _flushed(self) -> None:
        while self._pending or self._sending:
            await asyncio.sleep(0.005)
