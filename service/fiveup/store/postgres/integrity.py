"""The operators' ratings integrity signals on PostgreSQL (``fiveup.admin.signals.
SignalStore``; the queries: ``fiveup.store.integrity_sql``): the event store's database,
its own table, schema version and small pool."""

from __future__ import annotations

from ...admin.signals import Signal, SignalKind, SignalRecord, SignalStatus
from .. import integrity_sql as q
from .common import PooledStore, VersionedSchema, fetch_all

MIGRATION_LOCK = 0x66697665_75706967  # "fiveupig"
SCHEMA = VersionedSchema(
    q.VERSION_TABLE, q.PG_MIGRATIONS, MIGRATION_LOCK, "integrity", "integrity schema"
)
P = q.pg


class PostgresSignalStore(PooledStore):
    what = "integrity signal store"
    pool_name = "fiveup-integrity"
    schema = SCHEMA
    default_max_size = 2

    async def refresh(self, found: list[Signal], now: float) -> None:
        keep = {s.signal_id for s in found}
        # rows in one order whoever writes them: two replicas scanning at once lock them
        # in the same order, so neither waits on the other's second row (no deadlock)
        found = sorted(found, key=lambda s: s.signal_id)
        async with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            if found:
                await cur.executemany(P(q.KEEP), [q.found_params(s, now) for s in found])
            await cur.execute(P(q.OPEN_IDS))
            stale = sorted((r[0],) for r in await cur.fetchall() if r[0] not in keep)
            if stale:
                await cur.executemany(P(q.FORGET), stale)

    async def signals(
        self, *, status: SignalStatus | None, kind: SignalKind | None, limit: int
    ) -> list[SignalRecord]:
        rows = await fetch_all(self.pool, P(q.LIST), q.list_params(status, kind, limit))
        return [q.record_of(r) for r in rows]

    async def signal(self, signal_id: str) -> SignalRecord | None:
        rows = await fetch_all(self.pool, P(q.ONE), (signal_id,))
        return q.record_of(rows[0]) if rows else None

    async def judged(self, *, resolved_since: float) -> list[SignalRecord]:
        return [q.record_of(r) for r in await fetch_all(self.pool, P(q.JUDGED), (resolved_since,))]

    async def resolve(self, record: SignalRecord) -> bool:
        async with self.pool.connection() as conn:
            cur = await conn.execute(P(q.RESOLVE), q.record_params(record))
            return cur.rowcount > 0
