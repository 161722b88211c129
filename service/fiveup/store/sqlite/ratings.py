"""The rating store on SQLite: the event store's file, one worker thread's connection
(reads are rare next to moves, and some scan).  The ratings tables are its own: it
migrates them, and it writes a finished match's outcome as a participant in the event
store's append (``OutcomeParticipant``: the same transaction as the match's end); an
operator's void it writes itself (``ratings_voids``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from ...ratings.outcome import MatchOutcome
from ...ratings.ports import VoidWrite
from ..ratings_evidence import EvidenceReads
from ..ratings_reads import RatingReads, Row
from ..ratings_sql import (
    RESOLVE_LEGACY_MODES_SQLITE,
    SQLITE_MIGRATIONS,
    SQLITE_VERSION_TABLE,
    write_outcome_sqlite,
)
from ..ratings_voids import VoidReads, write_void_sqlite
from .events import _transaction
from .worker import WorkerStore


class SqliteRatingStore(WorkerStore, RatingReads, VoidReads, EvidenceReads):
    what = "rating store"
    thread_name = "sqlite-ratings"
    version_table = SQLITE_VERSION_TABLE
    migrations = SQLITE_MIGRATIONS

    def _migrated(self, conn: sqlite3.Connection) -> None:
        # Results from before modes, resolved from their logs (a no-op once done, and
        # before the event log exists: ratings_sql.RESOLVE_LEGACY_MODES_SQLITE).
        if conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'"
        ).fetchone():
            conn.execute(RESOLVE_LEGACY_MODES_SQLITE)

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        def run(conn: sqlite3.Connection) -> list[Row]:
            return conn.execute(query, tuple(params)).fetchall()

        return await self._run(run)

    async def write_void(self, write: VoidWrite) -> bool:
        def void(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):  # BEGIN IMMEDIATE: the file's one writer, appends too
                return write_void_sqlite(conn, write)

        return await self._run(void)

    # ------------------------------------------------------------------ in the append

    def before_append(self, conn: sqlite3.Connection, outcome: MatchOutcome) -> None:
        """Nothing: the append's BEGIN IMMEDIATE already serialises every writer."""

    def write_outcome(self, conn: sqlite3.Connection, outcome: MatchOutcome) -> None:
        write_outcome_sqlite(conn, outcome)
