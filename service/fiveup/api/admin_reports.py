"""AdminService, the chat report queue: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class ReportsAdmin:
    """The reports methods of ``AdminServicer``."""

    async def ListReports(
        self, request: admin_pb2.ListReportsRequest, context: Any
    ) -> admin_pb2.ListReportsResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def GetReport(
        self, request: admin_pb2.GetReportRequest, context: Any
    ) -> admin_pb2.GetReportResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def ResolveReport(
        self, request: admin_pb2.ResolveReportRequest, context: Any
    ) -> admin_pb2.ResolveReportResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
