"""AdminService, deliveries and edges: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class DeliveriesAdmin:
    """The deliveries methods of ``AdminServicer``."""

    async def GetDeliveries(
        self, request: admin_pb2.GetDeliveriesRequest, context: Any
    ) -> admin_pb2.GetDeliveriesResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
