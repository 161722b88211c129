"""The rating store on PostgreSQL: the event store's database, its own small pool
(leaderboards and profiles must not queue behind moves).  The ratings tables are its
own: it migrates them, and it writes a finished match's outcome as a participant in the
event store's append (``OutcomeParticipant``: the same transaction as the match's end);
an operator's void it writes itself (``ratings_voids``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...ratings.outcome import MatchOutcome
from ...ratings.ports import VoidWrite
from ..ratings_evidence import EvidenceReads
from ..ratings_reads import RatingReads, Row
from ..ratings_sql import (
    PG_RATING_LOCK,
    PG_SCHEMA,
    RESOLVE_LEGACY_MODES_PG,
    pg,
    write_outcome_postgres,
)
from ..ratings_voids import VoidReads, write_void_postgres
from .common import Conn, PooledStore, fetch_all


class PostgresRatingStore(PooledStore, RatingReads, VoidReads, EvidenceReads):
    what = "rating store"
    pool_name = "fiveup-ratings"
    schema = PG_SCHEMA

    async def open(self) -> None:
        await super().open()
        # Results from before modes, resolved from their logs (a no-op once done, and
        # before the event log exists: ratings_sql.RESOLVE_LEGACY_MODES_PG).
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT to_regclass('events') IS NOT NULL")
            row = await cur.fetchone()
            if row is not None and row[0]:
                await conn.execute(RESOLVE_LEGACY_MODES_PG)

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        return await fetch_all(self.pool, pg(query), params)

    async def write_void(self, write: VoidWrite) -> bool:
        async with self.pool.connection() as conn, conn.transaction():
            return await write_void_postgres(conn, write)

    # ------------------------------------------------------------------ in the append

    async def before_append(self, conn: Conn, outcome: MatchOutcome) -> None:
        """A rated end takes the rating lock first, held to the commit: rating updates
        are applied one at a time, in the ledger's order, on whatever replica ends the
        match (and the notices' counter rows are locked after it, by every writer)."""
        if outcome.rated:
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (PG_RATING_LOCK,))

    async def write_outcome(self, conn: Conn, outcome: MatchOutcome) -> None:
        await write_outcome_postgres(conn, outcome)
