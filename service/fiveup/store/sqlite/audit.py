"""The operators' audit log on SQLite (``fiveup.admin.ports.AuditStore``): the event
store's file, its own table ``admin_audit`` and schema version.

Append-only in the database too: triggers abort every UPDATE and DELETE of the table,
so no code path of this service -- a bug, a future tool, an injected statement -- can
edit or erase an entry through SQLite (someone with the file itself can, of course:
back it up where operators cannot write).  The triggers are made as the store opens
(``CREATE TRIGGER IF NOT EXISTS``) rather than in a numbered migration, because a
trigger's body holds ``;`` and the migration scripts are split on it."""

from __future__ import annotations

import sqlite3

from ...admin.audit import details_json
from ...admin.ports import AuditEntry, AuditQuery, AuditRecord
from ..audit_sql import COLUMNS, entry_of, where_of
from .events import _transaction
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: the audit log
    """
    CREATE TABLE IF NOT EXISTS admin_audit (
        entry_id    INTEGER PRIMARY KEY AUTOINCREMENT,
        at          REAL NOT NULL,
        operator_id TEXT NOT NULL,
        action      TEXT NOT NULL,
        target_kind TEXT NOT NULL,
        target_id   TEXT NOT NULL,
        reason      TEXT NOT NULL,
        details     TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS admin_audit_by_operator ON admin_audit (operator_id, entry_id);
    CREATE INDEX IF NOT EXISTS admin_audit_by_target ON admin_audit (target_id, entry_id);
    CREATE INDEX IF NOT EXISTS admin_audit_by_action ON admin_audit (action, entry_id);
    """,
]

APPEND_ONLY = (
    "CREATE TRIGGER IF NOT EXISTS admin_audit_no_update BEFORE UPDATE ON admin_audit"
    " BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS admin_audit_no_delete BEFORE DELETE ON admin_audit"
    " BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
)


class SqliteAuditStore(WorkerStore):
    what = "audit store"
    thread_name = "sqlite-audit"
    version_table = "audit_schema_version"
    migrations = MIGRATIONS

    def _migrated(self, conn: sqlite3.Connection) -> None:
        with _transaction(conn):
            for statement in APPEND_ONLY:
                conn.execute(statement)

    async def append(self, record: AuditRecord, now: float) -> AuditEntry:
        details = details_json(record.details)

        def append(conn: sqlite3.Connection) -> AuditEntry:
            with _transaction(conn):
                cur = conn.execute(
                    "INSERT INTO admin_audit (at, operator_id, action, target_kind, target_id,"
                    " reason, details) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (now, record.operator_id, record.action, record.target_kind,
                     record.target_id, record.reason, details),
                )  # fmt: skip
                assert cur.lastrowid is not None
                return AuditEntry(int(cur.lastrowid), now, record)

        return await self._run(append)

    async def entries(self, query: AuditQuery) -> list[AuditEntry]:
        where, params = where_of(query)

        def entries(conn: sqlite3.Connection) -> list[AuditEntry]:
            rows = conn.execute(
                f"SELECT {COLUMNS} FROM admin_audit{where} ORDER BY entry_id DESC LIMIT ?",
                [*params, query.limit],
            ).fetchall()
            return [entry_of(row) for row in rows]

        return await self._run(entries)
