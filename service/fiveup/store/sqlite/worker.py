"""``WorkerStore``: the opening, closing and calling of the SQLite stores that live in
the event store's file beside it (players, lobby, ratings).

Every write of such a store runs on one worker thread's own connection, and so do reads
that may scan: their calls are rare next to moves.  The exception is ``_read``: a short
indexed read a store makes on every call of a signed-in player (is this session still
alive?) runs inline on the event loop's own read-only connection, as the event store's
calls do (``events.py``): handing a read of a few microseconds to a thread and back cost
more than the read, GIL hand-over included: at the capacity benchmark's knee those
hand-overs were the largest cost of ours in the profile (docs/performance.md,
"Capacity").  A read that finds the file busy (another process's checkpoint) goes to the
worker thread instead.  Each subclass names itself and its migrations.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import ClassVar, TypeVar

from ...shared.pools import PoolUse, worker_use
from .events import _is_busy, connect_worker, migrate

T = TypeVar("T")


class WorkerStore:
    what: ClassVar[str]  # "lobby store": in "lobby store is not open"
    thread_name: ClassVar[str]  # the worker thread's name: "sqlite-lobby"
    version_table: ClassVar[str]  # one row per applied migration
    migrations: ClassVar[Sequence[str]]
    foreign_keys: ClassVar[bool] = False  # enforce REFERENCES on this connection

    def __init__(self, url: str) -> None:
        self.url = url
        self.path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.thread_name)
        self._conn: sqlite3.Connection | None = None
        self._reader: sqlite3.Connection | None = None  # the event loop's, read-only
        self._calls = 0  # submitted to the worker thread, not yet finished

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """A short read by primary key, inline on the loop's read-only connection (it
        never waits: ``busy_timeout`` 0), else on the worker thread."""
        reader = self._reader
        if reader is not None:
            try:
                return fn(reader)
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise
        return await self._run(fn)

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the worker thread."""

        def call() -> T:
            assert self._conn is not None, f"{self.what} is not open"
            return fn(self._conn)

        self._calls += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, call)
        finally:
            self._calls -= 1

    def pool_use(self) -> list[PoolUse]:
        return [worker_use(self.thread_name, self._calls)]

    async def open(self) -> None:
        def connect() -> None:
            conn = connect_worker(self.path, foreign_keys=self.foreign_keys)
            try:
                migrate(conn, self.version_table, self.migrations)
                self._migrated(conn)
            except BaseException:
                conn.close()
                raise
            self._conn = conn

        await asyncio.get_running_loop().run_in_executor(self._executor, connect)
        if self.path not in ("", ":memory:"):  # (a second connection would be another database)
            self._reader = connect_reader(self.path)

    def _migrated(self, conn: sqlite3.Connection) -> None:
        """Just after the migrations, on the worker thread (a store's data fix-ups)."""

    async def close(self) -> None:
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.close()

        def close() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        await asyncio.get_running_loop().run_in_executor(self._executor, close)
        self._executor.shutdown(wait=True)


def connect_reader(path: str) -> sqlite3.Connection:
    """A read-only connection for the event loop's inline reads: autocommit (each
    statement reads the newest committed state), never waiting for a lock."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA query_only=ON")
    conn.execute("PRAGMA busy_timeout=0")
    return conn
