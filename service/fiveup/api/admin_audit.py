"""AdminService, who the operator is, and the audit log: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class AuditAdmin:
    """The audit methods of ``AdminServicer``."""

    async def GetOperator(
        self, request: admin_pb2.GetOperatorRequest, context: Any
    ) -> admin_pb2.GetOperatorResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def ListAuditLog(
        self, request: admin_pb2.ListAuditLogRequest, context: Any
    ) -> admin_pb2.ListAuditLogResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
