"""``Listener``: one connection on ``LISTEN <channel>`` that hands every notification's
payload to callbacks on the event loop, and comes back after losing its connection.

Notifications are wake-ups, never data: whatever was announced while the connection was
down is lost, so after a reconnect every callback is called with ``EVERYTHING`` (look
again at everything you follow).  A store may have its own connections' notifications
skipped (``ignore_pids``: the event store's, whose caller already knows).  The stores'
one listener: the event store's, the notification store's and the chat's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Container
from typing import Any

import psycopg

from ...bus.ports import EVERYTHING  # the bus's word for "look again at everything"

log = logging.getLogger(__name__)

__all__ = ["EVERYTHING", "Listener"]


class Listener:
    def __init__(
        self,
        url: str,
        channel: str,
        *,
        probe_seconds: float = 30.0,
        max_delay: float = 5.0,
        ignore_pids: Container[int] = (),
    ) -> None:
        """``ignore_pids``: backend pids whose notifications are not handed on (read at
        each notification: a live set of the caller's own connections)."""
        self.url = url
        self.ignore_pids = ignore_pids
        self.channel = channel
        self.probe_seconds = probe_seconds  # a quiet connection is checked this often
        self.max_delay = max_delay
        self.reconnects = 0
        self._callbacks: list[Callable[[str], None]] = []
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._task: asyncio.Task[None] | None = None

    async def add(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(payload)`` from now on (LISTEN is active when this returns)."""
        self._callbacks.append(callback)
        if self._task is None:
            self._conn = await self._connect()
            self._task = asyncio.get_running_loop().create_task(
                self._loop(), name=f"fiveup-listen-{self.channel}"
            )

    @property
    def connection(self) -> psycopg.AsyncConnection[Any] | None:
        """The LISTEN connection (None while reconnecting): tests end it."""
        return self._conn

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(psycopg.Error, OSError):
                await conn.close()

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        try:
            await conn.execute(f"LISTEN {self.channel}")
        except BaseException:
            await conn.close()
            raise
        return conn

    async def _loop(self) -> None:
        while True:
            conn = self._conn
            assert conn is not None
            try:
                while True:
                    async for notify in conn.notifies(timeout=self.probe_seconds):
                        if notify.pid not in self.ignore_pids:
                            self._dispatch(notify.payload)
                    # Quiet for a while: make sure the connection is still alive (a dead
                    # peer without a FIN would otherwise keep us waiting forever).
                    await asyncio.wait_for(conn.execute("SELECT 1"), self.probe_seconds)
            except (psycopg.Error, OSError, TimeoutError) as exc:
                log.warning("lost the LISTEN %s connection (%s); reconnecting", self.channel, exc)
            with contextlib.suppress(psycopg.Error, OSError):
                await conn.close()
            self._conn = None
            delay = 0.05
            while self._conn is None:
                await asyncio.sleep(delay)
                try:
                    self._conn = await self._connect()
                except (psycopg.Error, OSError) as exc:
                    log.warning("LISTEN %s reconnect failed (%s)", self.channel, exc)
                    delay = min(delay * 2, self.max_delay)
            self.reconnects += 1
            self._dispatch(EVERYTHING)

    def _dispatch(self, payload: str) -> None:
        for callback in self._callbacks:
            try:
                callback(payload)
            except Exception:
                log.exception("LISTEN %s callback failed", self.channel)
