"""What the operators' use cases share: who acts (``Operator``) and the append-only
record of what they did (``AuditLog``, a port the stores implement)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

MAX_REASON_CHARS = 500  # a reason is a sentence or two, not a document


@dataclass(frozen=True, slots=True)
class Operator:
    """Someone the service lets act as an operator, as the audit log names them."""

    operator_id: str  # "local:<name>" (this service's credential) or "<issuer>#<subject>"
    display_name: str
    expires_at: float  # when the token that proved it expires


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """One operator action, or one read of private data, as it is appended."""

    operator_id: str
    action: str  # the AdminService method's name
    target_kind: str  # "player", "match", "report", "signal", "sanction", "" (none)
    target_id: str
    reason: str
    details: dict[str, object] = field(default_factory=dict)  # JSON-serialisable


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """An appended record, with its place and time."""

    entry_id: int
    at: float
    record: AuditRecord


@dataclass(frozen=True, slots=True)
class AuditQuery:
    operator_id: str = ""
    target_id: str = ""
    action: str = ""
    before_id: int = 0  # 0: from the newest
    limit: int = 50


class AuditLog(Protocol):
    """Append-only: nothing here edits or deletes (the stores refuse it too)."""

    async def append(self, record: AuditRecord, now: float) -> AuditEntry: ...

    async def entries(self, query: AuditQuery) -> list[AuditEntry]:
        """Newest first, ids below ``query.before_id`` when it is set."""
        ...


class AuditStore(AuditLog, Protocol):
    """The audit log's adapter (``fiveup.store.sqlite.audit``, ``fiveup.store.postgres.audit``):
    table ``admin_audit`` in the event store's database, schema version
    ``audit_schema_version``; its own triggers refuse UPDATE and DELETE."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...
