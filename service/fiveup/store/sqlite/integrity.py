"""The operators' ratings integrity signals on SQLite (``fiveup.admin.signals.
SignalStore``; the queries: ``fiveup.store.integrity_sql``): the event store's file, its
own table and schema version, one worker thread's connection."""

from __future__ import annotations

import sqlite3

from ...admin.signals import Signal, SignalKind, SignalRecord, SignalStatus
from .. import integrity_sql as q
from .events import _transaction
from .worker import WorkerStore


class SqliteSignalStore(WorkerStore):
    what = "integrity signal store"
    thread_name = "sqlite-integrity"
    version_table = q.VERSION_TABLE
    migrations = q.SQLITE_MIGRATIONS

    async def refresh(self, found: list[Signal], now: float) -> None:
        keep = {s.signal_id for s in found}

        def refresh(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.executemany(q.KEEP, [q.found_params(s, now) for s in found])
                stale = [(r[0],) for r in conn.execute(q.OPEN_IDS) if r[0] not in keep]
                conn.executemany(q.FORGET, stale)

        await self._run(refresh)

    async def signals(
        self, *, status: SignalStatus | None, kind: SignalKind | None, limit: int
    ) -> list[SignalRecord]:
        def listed(conn: sqlite3.Connection) -> list[SignalRecord]:
            rows = conn.execute(q.LIST, q.list_params(status, kind, limit)).fetchall()
            return [q.record_of(r) for r in rows]

        return await self._run(listed)

    async def signal(self, signal_id: str) -> SignalRecord | None:
        def one(conn: sqlite3.Connection) -> SignalRecord | None:
            row = conn.execute(q.ONE, (signal_id,)).fetchone()
            return None if row is None else q.record_of(row)

        return await self._run(one)

    async def judged(self, *, resolved_since: float) -> list[SignalRecord]:
        def judged(conn: sqlite3.Connection) -> list[SignalRecord]:
            return [q.record_of(r) for r in conn.execute(q.JUDGED, (resolved_since,))]

        return await self._run(judged)

    async def resolve(self, record: SignalRecord) -> bool:
        def resolve(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                return conn.execute(q.RESOLVE, q.record_params(record)).rowcount > 0

        return await self._run(resolve)
