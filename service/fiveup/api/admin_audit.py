"""AdminService, who the operator is, and the audit log: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

import json

from ..admin.builder import AdminContext
from ..admin.ports import AuditEntry, AuditQuery
from ..shared import paging
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2
from .admin_auth import current_operator
from .handlers import Context, unary
from .player_servicer import timestamp

DEFAULT_AUDIT_PAGE = 50
MAX_AUDIT_PAGE = 200


def audit_entry_pb(entry: AuditEntry) -> admin_pb2.AuditEntry:
    record = entry.record
    return admin_pb2.AuditEntry(
        entry_id=entry.entry_id,
        at=timestamp(entry.at),
        operator_id=record.operator_id,
        action=record.action,
        target_kind=record.target_kind,
        target_id=record.target_id,
        reason=record.reason,
        details_json=json.dumps(record.details, sort_keys=True, separators=(",", ":")),
    )


class AuditAdmin:
    """The audit methods of ``AdminServicer``."""

    admin: AdminContext

    @unary
    async def GetOperator(
        self, request: admin_pb2.GetOperatorRequest, context: Context
    ) -> admin_pb2.GetOperatorResponse:
        operator = current_operator()
        return admin_pb2.GetOperatorResponse(
            operator_id=operator.operator_id,
            display_name=operator.display_name,
            expires_at=timestamp(operator.expires_at),
        )

    @unary
    async def ListAuditLog(
        self, request: admin_pb2.ListAuditLogRequest, context: Context
    ) -> admin_pb2.ListAuditLogResponse:
        if request.limit > MAX_AUDIT_PAGE:
            raise InvalidRequest(f"limit must be 0-{MAX_AUDIT_PAGE}", field="limit")
        limit = request.limit or DEFAULT_AUDIT_PAGE
        cursor = paging.decode(request.page_token, (int,))
        query = AuditQuery(
            operator_id=request.operator_id,
            target_id=request.target_id,
            action=request.action,
            before_id=cursor[0] if cursor else 0,
            limit=limit + 1,  # one more: is there a next page?
        )
        if query.before_id < 0:
            raise InvalidRequest("page_token is not one this server handed out", field="page_token")
        entries = await self.admin.audit.entries(query)
        page = entries[:limit]
        more = len(entries) > limit
        return admin_pb2.ListAuditLogResponse(
            entries=[audit_entry_pb(entry) for entry in page],
            next_page_token=paging.encode((page[-1].entry_id,)) if more and page else "",
        )
