"""The rating store's reads on PostgreSQL: the event store's database, its own small
pool (leaderboards and profiles must not queue behind moves).  The writes happen in the
event store's append (``ratings_sql.write_outcome_postgres``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ratings_reads import RatingReads, Row
from ..ratings_sql import PG_SCHEMA, pg
from .common import PooledStore, fetch_all


class PostgresRatingStore(PooledStore, RatingReads):
    what = "rating store"
    pool_name = "fiveup-ratings"
    schema = PG_SCHEMA

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        return await fetch_all(self.pool, pg(query), params)
