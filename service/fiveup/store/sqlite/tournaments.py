"""Tournaments on SQLite (``fiveup.tournaments.ports.TournamentStore``): the event
store's file, its own table ``tournaments`` and schema version.  A record is one row
(its JSON ``doc``) written only at the version it was read at."""

from __future__ import annotations

import sqlite3
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
from .events import _transaction
from .outbox import write_notices
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: tournaments
    """
    CREATE TABLE IF NOT EXISTS tournaments (
        tournament_id TEXT PRIMARY KEY,
        created_by    TEXT NOT NULL,
        request_id    TEXT NOT NULL,
        created_at    REAL NOT NULL,
        starts_at     REAL NOT NULL,
        state         TEXT NOT NULL,
        version       INTEGER NOT NULL,
        doc           TEXT NOT NULL,
        UNIQUE (created_by, request_id)
    );
    CREATE INDEX IF NOT EXISTS tournaments_by_state ON tournaments (state, starts_at);
    CREATE INDEX IF NOT EXISTS tournaments_by_creator ON tournaments (created_by, created_at);
    """,
]


class SqliteTournamentStore(WorkerStore):
    what = "tournament store"
    thread_name = "sqlite-tournaments"
    version_table = "tournaments_schema_version"
    migrations = MIGRATIONS

    async def insert(
        self, record: TournamentRecord, limit: CreationLimit | None = None
    ) -> TournamentRecord:
        def insert(conn: sqlite3.Connection) -> TournamentRecord:
            with _transaction(conn):  # BEGIN IMMEDIATE: the one writer counts and inserts
                row = conn.execute(
                    f"SELECT {COLUMNS} FROM tournaments WHERE created_by = ? AND request_id = ?",
                    (record.created_by, record.request_id),
                ).fetchone()
                if row is not None:
                    return record_of(row)
                if limit is not None:
                    (made,) = conn.execute(
                        "SELECT COUNT(*) FROM tournaments WHERE created_by = ? AND created_at >= ?",
                        (record.created_by, limit.since),
                    ).fetchone()
                    if made >= limit.most:
                        raise CreationLimitReached(record.created_by)
                conn.execute(
                    "INSERT INTO tournaments (tournament_id, created_by, request_id, created_at,"
                    " starts_at, state, version, doc) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
                    (record.tournament_id, record.created_by, record.request_id,
                     record.created_at, record.settings.starts_at, record.state,
                     doc_of(record)),
                )  # fmt: skip
                record.version = 1
                return record

        return await self._run(insert)

    async def get(self, tournament_id: str) -> TournamentRecord | None:
        def get(conn: sqlite3.Connection) -> TournamentRecord | None:
            row = conn.execute(
                f"SELECT {COLUMNS} FROM tournaments WHERE tournament_id = ?", (tournament_id,)
            ).fetchone()
            return None if row is None else record_of(row)

        return await self._read(get)

    async def save(
        self, record: TournamentRecord, expected_version: int, notices: Sequence[Notice] = ()
    ) -> bool:
        def save(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                cur = conn.execute(
                    "UPDATE tournaments SET doc = ?, state = ?, starts_at = ?, version = ?"
                    " WHERE tournament_id = ? AND version = ?",
                    (doc_of(record), record.state, record.settings.starts_at,
                     expected_version + 1, record.tournament_id, expected_version),
                )  # fmt: skip
                if cur.rowcount != 1:
                    return False
                write_notices(conn, notices)  # with the change that caused them
                return True

        saved = await self._run(save)
        if saved:
            record.version = expected_version + 1
        return saved

    async def listed(
        self, state: str, limit: int, after: tuple[float, str] | None = None
    ) -> list[TournamentRecord]:
        where = ""
        params: tuple[object, ...] = ()
        if after is not None:
            where, params = after_clause(state, "?"), (after[0], after[0], after[1])

        def listed(conn: sqlite3.Connection) -> list[TournamentRecord]:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM tournaments WHERE state = ?{where}"
                f" ORDER BY {list_order(state)}, tournament_id LIMIT ?",
                (state, *params, limit),
            ).fetchall()
            return [record_of(row) for row in rows]

        return await self._run(listed)

    async def due_ids(self, now: float) -> list[str]:
        def due(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT tournament_id FROM tournaments WHERE state = ?"
                " OR (state = ? AND starts_at <= ?) ORDER BY starts_at",
                (RUNNING, UPCOMING, now),
            ).fetchall()
            return [str(r[0]) for r in rows]

        return await self._run(due)

    async def created_since(self, player_id: str, since: float) -> int:
        def count(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT COUNT(*) FROM tournaments WHERE created_by = ? AND created_at >= ?",
                (player_id, since),
            ).fetchone()
            return int(row[0])

        return await self._run(count)
