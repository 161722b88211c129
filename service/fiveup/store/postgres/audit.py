"""The operators' audit log on PostgreSQL (``fiveup.admin.ports.AuditStore``): the event
store's database, its own table ``admin_audit``, schema version and small pool.

Append-only in the database too: a trigger refuses every UPDATE and DELETE of a row and
another every TRUNCATE of the table, whoever connects as the service's role (a role
that owns the table could drop the triggers: give operators' tooling a role that does
not, and back the table up elsewhere).  Entry ids come from an identity column, so they
only grow (a rolled-back append leaves a gap, never a reused id)."""

from __future__ import annotations

from ...admin.audit import details_json
from ...admin.ports import AuditEntry, AuditQuery, AuditRecord
from ..audit_sql import COLUMNS, entry_of, where_of
from .common import PooledStore, VersionedSchema, fetch_all

# pg_advisory_xact_lock key serialising these migrations: "fiveupau" in ASCII.
MIGRATION_LOCK = 0x66697665_75706175

MIGRATIONS: list[list[str]] = [
    # 1: the audit log, append-only
    [
        """
        CREATE TABLE admin_audit (
            entry_id    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at          DOUBLE PRECISION NOT NULL,
            operator_id TEXT NOT NULL,
            action      TEXT NOT NULL,
            target_kind TEXT NOT NULL,
            target_id   TEXT NOT NULL,
            reason      TEXT NOT NULL,
            details     TEXT NOT NULL
        )
        """,
        "CREATE INDEX admin_audit_by_operator ON admin_audit (operator_id, entry_id)",
        "CREATE INDEX admin_audit_by_target ON admin_audit (target_id, entry_id)",
        "CREATE INDEX admin_audit_by_action ON admin_audit (action, entry_id)",
        """
        CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
        END
        $$
        """,
        """
        CREATE TRIGGER admin_audit_no_change BEFORE UPDATE OR DELETE ON admin_audit
            FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()
        """,
        """
        CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit
            FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_append_only()
        """,
    ],
]

SCHEMA = VersionedSchema(
    "audit_schema_version", MIGRATIONS, MIGRATION_LOCK, "audit", "audit schema"
)


class PostgresAuditStore(PooledStore):
    what = "audit store"
    pool_name = "fiveup-audit"
    schema = SCHEMA
    default_max_size = 2

    async def append(self, record: AuditRecord, now: float) -> AuditEntry:
        details = details_json(record.details)
        rows = await fetch_all(
            self.pool,
            "INSERT INTO admin_audit (at, operator_id, action, target_kind, target_id, reason,"
            " details) VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING entry_id",
            (now, record.operator_id, record.action, record.target_kind, record.target_id,
             record.reason, details),
        )  # fmt: skip
        return AuditEntry(int(rows[0][0]), now, record)

    async def entries(self, query: AuditQuery) -> list[AuditEntry]:
        where, params = where_of(query, "%s")
        rows = await fetch_all(
            self.pool,
            f"SELECT {COLUMNS} FROM admin_audit{where} ORDER BY entry_id DESC LIMIT %s",
            [*params, query.limit],
        )
        return [entry_of(row) for row in rows]
