"""The rating store's reads on SQLite: the event store's file, one worker thread's
connection (reads are rare next to moves, and some scan).  The writes happen in the
event store's append (``ratings_sql.write_outcome_sqlite``)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .ratings_reads import RatingReads, Row
from .ratings_sql import SQLITE_MIGRATIONS, SQLITE_VERSION_TABLE
from .sqlite import connect_worker, migrate


class SqliteRatingStore(RatingReads):
    def __init__(self, url: str) -> None:
        self.url = url
        self.path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-ratings")
        self._conn: sqlite3.Connection | None = None

    async def open(self) -> None:
        def connect() -> None:
            conn = connect_worker(self.path)
            migrate(conn, SQLITE_VERSION_TABLE, SQLITE_MIGRATIONS)
            self._conn = conn

        await asyncio.get_running_loop().run_in_executor(self._executor, connect)

    async def close(self) -> None:
        def close() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        await asyncio.get_running_loop().run_in_executor(self._executor, close)
        self._executor.shutdown(wait=True)

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        def run() -> list[Row]:
            assert self._conn is not None, "rating store is not open"
            return self._conn.execute(query, tuple(params)).fetchall()

        return await asyncio.get_running_loop().run_in_executor(self._executor, run)
