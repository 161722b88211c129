"""What the PostgreSQL stores share: a pool of their own, opened and migrated in one
step, and numbered migrations applied under an advisory lock; ``PooledStore``, the
opening and closing of the stores that live beside the event store (players, lobby,
ratings).

Each store (events, players, lobby) keeps its own schema-version table and lock key, so
the three can evolve (and be migrated by replicas starting together) independently.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import psycopg
from psycopg_pool import AsyncConnectionPool

from ...match.ports import SchemaTooNew, StoreError, StoreUnavailable
from ...shared.pools import PoolUse
from ...shared.redact import redact_url

Conn = psycopg.AsyncConnection[tuple[Any, ...]]


@dataclass(frozen=True)
class VersionedSchema:
    """One store's numbered migrations (each a list of statements) and where they are
    recorded."""

    version_table: str  # one row per applied migration
    migrations: Sequence[Sequence[str]]
    lock: int  # pg_advisory_xact_lock key serialising these migrations
    name: str  # in the error: "the {name} schema is at version ..."
    log_label: str  # in the log line: "applied {log_label} migration N"


async def migrate(
    pool: AsyncConnectionPool[Any], schema: VersionedSchema, log: logging.Logger
) -> None:
    """Apply the missing migrations in one transaction holding the schema's advisory
    lock: replicas starting together apply each exactly once and never see a half-built
    schema.  A database newer than this code is refused.  ``log`` is the store's own
    logger, so the line still names the store that migrated."""
    table, migrations = schema.version_table, schema.migrations
    async with pool.connection() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (schema.lock,))
        await conn.execute(
            f"CREATE TABLE IF NOT EXISTS {table} ("
            " version INTEGER PRIMARY KEY,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        cur = await conn.execute(f"SELECT COALESCE(MAX(version), 0) FROM {table}")
        row = await cur.fetchone()
        current = int(row[0]) if row else 0
        if current > len(migrations):
            raise SchemaTooNew(
                f"the {schema.name} schema is at version {current}, newer than this code knows"
                f" ({len(migrations)}): upgrade the server"
            )
        for number, statements in enumerate(migrations, start=1):
            if number <= current:
                continue
            for statement in statements:
                await conn.execute(statement)
            await conn.execute(f"INSERT INTO {table} (version) VALUES (%s)", (number,))
            log.info("applied %s migration %d", schema.log_label, number)


async def open_migrated_pool(
    url: str,
    *,
    min_size: int,
    max_size: int,
    name: str,
    schema: VersionedSchema,
    log: logging.Logger,
) -> AsyncConnectionPool[Conn]:
    """A store's own autocommit pool, opened and migrated; closed again if the migration
    fails."""
    pool: AsyncConnectionPool[Conn] = AsyncConnectionPool(
        url,
        min_size=min_size,
        max_size=max_size,
        kwargs={"autocommit": True},
        open=False,
        name=name,
    )
    await pool.open(wait=True, timeout=30.0)
    try:
        await migrate(pool, schema, log)
    except BaseException:
        await pool.close()
        raise
    return pool


async def fetch_all(
    pool: AsyncConnectionPool[Conn], query: str, params: Sequence[Any] = ()
) -> list[tuple[Any, ...]]:
    """One statement on a pooled connection (autocommit: its own transaction)."""
    async with pool.connection() as conn:
        cur = await conn.execute(query, params)
        return await cur.fetchall()


class PooledStore:
    """A store on the event store's database with a small pool of its own (its calls are
    rare next to moves and must not queue behind them), its schema migrated as it opens.
    Each subclass names itself and its schema."""

    what: ClassVar[str]  # "lobby store": in "lobby store is not open"
    pool_name: ClassVar[str]  # the pool's name in psycopg's logs: "fiveup-lobby"
    schema: ClassVar[VersionedSchema]
    default_max_size: ClassVar[int] = 4

    def __init__(self, url: str, min_size: int = 1, max_size: int | None = None) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = self.default_max_size if max_size is None else max_size
        self._pool: AsyncConnectionPool[Conn] | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({redact_url(self.url)!r})"

    @property
    def pool(self) -> AsyncConnectionPool[Conn]:
        if self._pool is None:
            raise StoreError(f"{self.what} is not open")
        return self._pool

    async def open(self) -> None:
        self._pool = await open_migrated_pool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            name=self.pool_name,
            schema=self.schema,
            log=logging.getLogger(type(self).__module__),  # the line names the store
        )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    def pool_use(self) -> list[PoolUse]:
        return pool_use(self._pool)


def pool_use(pool: AsyncConnectionPool[Any] | None) -> list[PoolUse]:
    """A psycopg pool's use now (none when closed)."""
    if pool is None:
        return []
    stats = pool.get_stats()
    size = stats.get("pool_size", 0)
    return [
        PoolUse(
            pool=pool.name,
            size=size,
            max_size=stats.get("pool_max", pool.max_size),
            in_use=max(size - stats.get("pool_available", 0), 0),
            waiting=stats.get("requests_waiting", 0),
        )
    ]


# Connection failures no retry will fix: (what libpq says, what to do about it).
_PERMANENT_CONNECT_ERRORS = (
    (r'database "[^"]*" does not exist', "create it (createdb NAME) or fix the URL's database"),
    (r'role "[^"]*" does not exist', "create the role or fix the URL's user"),
    (r'password authentication failed for user "[^"]*"', "fix the URL's password"),
    (r"no pg_hba\.conf entry[^\n]*", "allow this client in pg_hba.conf or fix the URL"),
)


async def probe_connection(url: str) -> None:
    """One connection before a pool: what no retry can fix (a database or role that does
    not exist, refused credentials) fails now, in one sentence, instead of after the
    pool's 30 s of retries.  A server still starting is left to the pool."""
    try:
        conn = await psycopg.AsyncConnection.connect(url, connect_timeout=10)
    except psycopg.OperationalError as exc:
        text = str(exc)
        for needle, advice in _PERMANENT_CONNECT_ERRORS:
            found = re.search(needle, text)
            if found:
                raise StoreUnavailable(
                    f"PostgreSQL at {redact_url(url)}: {found[0]}: {advice}"
                ) from None
        return
    await conn.close()
