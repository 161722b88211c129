"""How busy a store's connections are, read at scrape time (``fiveup.telemetry.runtime``).

Every store adapter that holds connections answers ``pool_use()``: one ``PoolUse`` per
pool (PostgreSQL: a psycopg pool) or worker thread (SQLite: the thread its long or
fsyncing calls run on).  Calls waiting for a connection or queued for the worker are
the first sign of a replica at its knee: a store that looks fast per call while calls
queue in front of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class PoolUse:
    pool: str  # the pool's (or worker thread's) name: "fiveup", "fiveup-lobby", "sqlite-players"
    size: int  # connections open now
    max_size: int  # connections it may open
    in_use: int  # connections lent out (a worker thread: 1 while it runs a call)
    waiting: int  # calls waiting for a connection (a worker thread: queued behind it)


@runtime_checkable
class ReportsPools(Protocol):
    def pool_use(self) -> list[PoolUse]:
        """The store's pools, now (no I/O)."""
        ...


def worker_use(name: str, calls: int) -> PoolUse:
    """A one-thread worker with ``calls`` submitted and not yet finished."""
    return PoolUse(name, 1, 1, min(calls, 1), max(calls - 1, 0))
