"""``WorkerStore``: the opening, closing and calling of the SQLite stores that live in
the event store's file beside it (players, lobby, ratings).

Every call of such a store runs on one worker thread's own connection: their calls are
rare next to moves, so they need no inline fast path as the event store has
(``sqlite.py``); each subclass names itself and its migrations.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import ClassVar, TypeVar

from .events import connect_worker, migrate

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

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(connection)`` on the worker thread."""

        def call() -> T:
            assert self._conn is not None, f"{self.what} is not open"
            return fn(self._conn)

        return await asyncio.get_running_loop().run_in_executor(self._executor, call)

    async def open(self) -> None:
        def connect() -> None:
            conn = connect_worker(self.path, foreign_keys=self.foreign_keys)
            try:
                migrate(conn, self.version_table, self.migrations)
            except BaseException:
                conn.close()
                raise
            self._conn = conn

        await asyncio.get_running_loop().run_in_executor(self._executor, connect)

    async def close(self) -> None:
        def close() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        await asyncio.get_running_loop().run_in_executor(self._executor, close)
        self._executor.shutdown(wait=True)
