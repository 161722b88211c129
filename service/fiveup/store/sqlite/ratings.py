"""The rating store's reads on SQLite: the event store's file, one worker thread's
connection (reads are rare next to moves, and some scan).  The writes happen in the
event store's append (``ratings_sql.write_outcome_sqlite``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from ..ratings_reads import RatingReads, Row
from ..ratings_sql import SQLITE_MIGRATIONS, SQLITE_VERSION_TABLE
from .worker import WorkerStore


class SqliteRatingStore(WorkerStore, RatingReads):
    what = "rating store"
    thread_name = "sqlite-ratings"
    version_table = SQLITE_VERSION_TABLE
    migrations = SQLITE_MIGRATIONS

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        def run(conn: sqlite3.Connection) -> list[Row]:
            return conn.execute(query, tuple(params)).fetchall()

        return await self._run(run)
