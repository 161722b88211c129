"""What both audit stores share: the row mapping and the WHERE clause of a query."""

from __future__ import annotations

import json
from typing import Any

from ..admin.ports import AuditEntry, AuditQuery, AuditRecord

COLUMNS = "entry_id, at, operator_id, action, target_kind, target_id, reason, details"
# Each filter of a query, by the AuditQuery field that sets it (fixed text: no value
# ever reaches the SQL but as a parameter).
_FILTERS = {
    "operator_id": "operator_id = ?",
    "target_id": "target_id = ?",
    "action": "action = ?",
}


def entry_of(row: Any) -> AuditEntry:
    entry_id, at, operator_id, action, target_kind, target_id, reason, details = row
    loaded = json.loads(details) if details else {}
    record = AuditRecord(
        str(operator_id), str(action), str(target_kind), str(target_id), str(reason),
        loaded if isinstance(loaded, dict) else {},
    )  # fmt: skip
    return AuditEntry(int(entry_id), float(at), record)


def where_of(query: AuditQuery, mark: str = "?") -> tuple[str, list[Any]]:
    """The WHERE clause of ``query`` and its parameters (``mark``: the driver's)."""
    clauses, params = [], []
    for name, clause in _FILTERS.items():
        value = getattr(query, name)
        if value:
            clauses.append(clause.replace("?", mark))
            params.append(value)
    if query.before_id > 0:
        clauses.append(f"entry_id < {mark}")
        params.append(query.before_id)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params
