"""AdminService, ratings integrity signals: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class IntegrityAdmin:
    """The integrity methods of ``AdminServicer``."""

    async def ListIntegritySignals(
        self, request: admin_pb2.ListIntegritySignalsRequest, context: Any
    ) -> admin_pb2.ListIntegritySignalsResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def ResolveIntegritySignal(
        self, request: admin_pb2.ResolveIntegritySignalRequest, context: Any
    ) -> admin_pb2.ResolveIntegritySignalResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
