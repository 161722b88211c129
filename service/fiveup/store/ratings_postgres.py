"""The rating store's reads on PostgreSQL: the event store's database, its own small
pool (leaderboards and profiles must not queue behind moves).  The writes happen in the
event store's append (``ratings_sql.write_outcome_postgres``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from psycopg_pool import AsyncConnectionPool

from ..logs import redact_url
from .base import StoreError
from .pg_common import Conn, fetch_all, open_migrated_pool
from .ratings_reads import RatingReads, Row
from .ratings_sql import PG_SCHEMA, pg

log = logging.getLogger(__name__)


class PostgresRatingStore(RatingReads):
    def __init__(self, url: str, min_size: int = 1, max_size: int = 4) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self._pool: AsyncConnectionPool[Conn] | None = None

    def __repr__(self) -> str:
        return f"PostgresRatingStore({redact_url(self.url)!r})"

    @property
    def pool(self) -> AsyncConnectionPool[Conn]:
        if self._pool is None:
            raise StoreError("rating store is not open")
        return self._pool

    async def open(self) -> None:
        self._pool = await open_migrated_pool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            name="fiveup-ratings",
            schema=PG_SCHEMA,
            log=log,
        )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        return await fetch_all(self.pool, pg(query), params)
