"""The audit log's use: every operator action, and every read of private data, is
appended with who, what, when and the reason the operator gave.

The order is the rule every area follows: a read of private data is recorded *before*
it reads (a read that fails after its record is still a look someone asked for), an
action *after* it succeeded and before it answers (a refused action changed nothing, so
there is nothing to record; an action whose record fails answers with the error, and
the operator sees it did not go through cleanly).  The log is append-only all the way
down: the port has no method that edits or deletes, and the stores' tables refuse
UPDATE and DELETE themselves (``store/sqlite/audit.py``, ``store/postgres/audit.py``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping

from ..shared.errors import InvalidRequest
from .errors import ReasonRequired
from .ports import MAX_REASON_CHARS, AuditEntry, AuditLog, AuditQuery, AuditRecord, Operator

MAX_DETAILS_BYTES = 16 * 1024  # what an action adds: ids, counts, ratings changed
MAX_FILTER_CHARS = 200


def require_reason(reason: str) -> str:
    """The reason an operator gave, stripped; ``ReasonRequired`` (field ``reason``) when
    there is none or it is longer than ``MAX_REASON_CHARS``."""
    text = reason.strip()
    if not text:
        raise ReasonRequired("say why: a reason is required (it is kept in the audit log)",
                             field="reason")  # fmt: skip
    if len(text) > MAX_REASON_CHARS:
        raise ReasonRequired(
            f"the reason is longer than {MAX_REASON_CHARS} characters", field="reason",
            max_length=str(MAX_REASON_CHARS),
        )  # fmt: skip
    return text


def details_json(details: Mapping[str, object]) -> str:
    """The details as the store keeps them: JSON, keys sorted, bounded."""
    text = json.dumps(dict(details), sort_keys=True, separators=(",", ":"), default=str)
    if len(text.encode()) > MAX_DETAILS_BYTES:
        raise ValueError(f"audit details over {MAX_DETAILS_BYTES} bytes")
    return text


class Audit:
    """The audit log as the areas use it (over the ``AuditLog`` port)."""

    def __init__(self, log: AuditLog, *, clock: Callable[[], float] = time.time) -> None:
        self.log = log
        self._clock = clock

    async def record(
        self,
        operator: Operator,
        action: str,
        target_kind: str,
        target_id: str,
        reason: str,
        details: Mapping[str, object] | None = None,
    ) -> AuditEntry:
        """Append one entry (``reason`` as the operator gave it; actions that need one
        checked it with ``require_reason`` before acting)."""
        extra = dict(details or {})
        details_json(extra)  # refused here, before the store, if it cannot be kept
        record = AuditRecord(
            operator.operator_id, action, target_kind, target_id, reason.strip(), extra
        )
        return await self.log.append(record, self._clock())

    async def entries(self, query: AuditQuery) -> list[AuditEntry]:
        """Newest first (``query.before_id``: a page's cursor)."""
        for name in ("operator_id", "target_id", "action"):
            if len(getattr(query, name)) > MAX_FILTER_CHARS:
                raise InvalidRequest(f"{name} is too long", field=name)
        if query.before_id < 0 or not 1 <= query.limit <= 1000:
            raise InvalidRequest("page out of range", field="page_token")
        return await self.log.entries(query)
