"""Tournaments on PostgreSQL (``fiveup.tournaments.ports.TournamentStore``): the event
store's database, its own table ``tournaments``, schema version and small pool.  A
record is one row (its JSON ``doc``) written only at the version it was read at, so two
replicas' directors (or two players taking the last place) never both win."""

from __future__ import annotations

from collections.abc import Sequence

from ...notifications.notices import Notice
from ...tournaments.ports import (
    RUNNING,
    UPCOMING,
    CreationLimit,
    CreationLimitReached,
    TournamentRecord,
)
from ..tournaments_sql import COLUMNS, after_clause, doc_of, list_order, record_of
from .common import PooledStore, VersionedSchema, fetch_all
from .outbox import write_notices

# pg_advisory_xact_lock(int, int) namespace of one creator's creates: "TRNM" in ASCII.
CREATE_LOCK = 0x54524E4D

# pg_advisory_xact_lock key serialising these migrations: "fiveuptn" in ASCII.
MIGRATION_LOCK = 0x66697665_7570746E

MIGRATIONS: list[list[str]] = [
    # 1: tournaments
    [
        """
        CREATE TABLE tournaments (
            tournament_id TEXT PRIMARY KEY,
            created_by    TEXT NOT NULL,
            request_id    TEXT NOT NULL,
            created_at    DOUBLE PRECISION NOT NULL,
            starts_at     DOUBLE PRECISION NOT NULL,
            state         TEXT NOT NULL,
            version       BIGINT NOT NULL,
            doc           TEXT NOT NULL,
            UNIQUE (created_by, request_id)
        )
        """,
        "CREATE INDEX tournaments_by_state ON tournaments (state, starts_at)",
        "CREATE INDEX tournaments_by_creator ON tournaments (created_by, created_at)",
    ],
]

SCHEMA = VersionedSchema(
    "tournaments_schema_version", MIGRATIONS, MIGRATION_LOCK, "tournaments", "tournaments schema"
)


class PostgresTournamentStore(PooledStore):
    what = "tournament store"
    pool_name = "fiveup-tournaments"
    schema = SCHEMA
    default_max_size = 2

    async def insert(
        self, record: TournamentRecord, limit: CreationLimit | None = None
    ) -> TournamentRecord:
        async with self.pool.connection() as conn, conn.transaction():
            if limit is not None:  # one creator's creates take turns: count, then insert
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                    (CREATE_LOCK, record.created_by),
                )
            cur = await conn.execute(
                f"SELECT {COLUMNS} FROM tournaments WHERE created_by = %s AND request_id = %s",
                (record.created_by, record.request_id),
            )
            row = await cur.fetchone()
            if row is not None:
                return record_of(row)
            if limit is not None:
                cur = await conn.execute(
                    "SELECT COUNT(*) FROM tournaments WHERE created_by = %s AND created_at >= %s",
                    (record.created_by, limit.since),
                )
                counted = await cur.fetchone()
                if counted is not None and counted[0] >= limit.most:
                    raise CreationLimitReached(record.created_by)
            cur = await conn.execute(
                "INSERT INTO tournaments (tournament_id, created_by, request_id, created_at,"
                " starts_at, state, version, doc) VALUES (%s, %s, %s, %s, %s, %s, 1, %s)"
                " ON CONFLICT (created_by, request_id) DO NOTHING RETURNING version",
                (record.tournament_id, record.created_by, record.request_id, record.created_at,
                 record.settings.starts_at, record.state, doc_of(record)),
            )  # fmt: skip
            if await cur.fetchone() is not None:
                record.version = 1
                return record
            cur = await conn.execute(
                f"SELECT {COLUMNS} FROM tournaments WHERE created_by = %s AND request_id = %s",
                (record.created_by, record.request_id),
            )
            found = await cur.fetchone()
            assert found is not None  # the conflicting row
            return record_of(found)

    async def get(self, tournament_id: str) -> TournamentRecord | None:
        rows = await fetch_all(
            self.pool,
            f"SELECT {COLUMNS} FROM tournaments WHERE tournament_id = %s",
            (tournament_id,),
        )
        return record_of(rows[0]) if rows else None

    async def save(
        self, record: TournamentRecord, expected_version: int, notices: Sequence[Notice] = ()
    ) -> bool:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "UPDATE tournaments SET doc = %s, state = %s, starts_at = %s, version = %s"
                " WHERE tournament_id = %s AND version = %s RETURNING version",
                (doc_of(record), record.state, record.settings.starts_at, expected_version + 1,
                 record.tournament_id, expected_version),
            )  # fmt: skip
            rows = await cur.fetchall()
            if rows:
                await write_notices(conn, notices)  # with the change that caused them
        if rows:
            record.version = expected_version + 1
        return bool(rows)

    async def listed(
        self, state: str, limit: int, after: tuple[float, str] | None = None
    ) -> list[TournamentRecord]:
        where = ""
        params: tuple[object, ...] = ()
        if after is not None:
            where, params = after_clause(state, "%s"), (after[0], after[0], after[1])
        rows = await fetch_all(
            self.pool,
            f"SELECT {COLUMNS} FROM tournaments WHERE state = %s{where}"
            f" ORDER BY {list_order(state)}, tournament_id LIMIT %s",
            (state, *params, limit),
        )
        return [record_of(row) for row in rows]

    async def due_ids(self, now: float) -> list[str]:
        rows = await fetch_all(
            self.pool,
            "SELECT tournament_id FROM tournaments WHERE state = %s"
            " OR (state = %s AND starts_at <= %s) ORDER BY starts_at",
            (RUNNING, UPCOMING, now),
        )
        return [str(r[0]) for r in rows]

    async def created_since(self, player_id: str, since: float) -> int:
        rows = await fetch_all(
            self.pool,
            "SELECT COUNT(*) FROM tournaments WHERE created_by = %s AND created_at >= %s",
            (player_id, since),
        )
        return int(rows[0][0])
