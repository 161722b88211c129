"""Tournaments on PostgreSQL (``fiveup.tournaments.ports.TournamentStore``): the event
store's database, its own table ``tournaments``, schema version and small pool.  A
record is one row (its JSON ``doc``) written only at the version it was read at, so two
replicas' directors (or two players taking the last place) never both win."""

from __future__ import annotations

from collections.abc import Sequence

from ...notifications.notices import Notice
from ...tournaments.ports import RUNNING, UPCOMING, TournamentRecord
from ..tournaments_sql import COLUMNS, doc_of, list_order, record_of
from .common import PooledStore, VersionedSchema, fetch_all
from .outbox import write_notices

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

    async def insert(self, record: TournamentRecord) -> TournamentRecord:
        rows = await fetch_all(
            self.pool,
            "INSERT INTO tournaments (tournament_id, created_by, request_id, created_at,"
            " starts_at, state, version, doc) VALUES (%s, %s, %s, %s, %s, %s, 1, %s)"
            " ON CONFLICT (created_by, request_id) DO NOTHING RETURNING version",
            (record.tournament_id, record.created_by, record.request_id, record.created_at,
             record.settings.starts_at, record.state, doc_of(record)),
        )  # fmt: skip
        if rows:
            record.version = 1
            return record
        found = await fetch_all(
            self.pool,
            f"SELECT {COLUMNS} FROM tournaments WHERE created_by = %s AND request_id = %s",
            (record.created_by, record.request_id),
        )
        return record_of(found[0])

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

    async def listed(self, state: str, limit: int) -> list[TournamentRecord]:
        rows = await fetch_all(
            self.pool,
            f"SELECT {COLUMNS} FROM tournaments WHERE state = %s"
            f" ORDER BY {list_order(state)}, tournament_id LIMIT %s",
            (state, limit),
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
