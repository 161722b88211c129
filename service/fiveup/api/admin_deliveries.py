"""AdminService, deliveries and edges: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..admin.deliveries import DeliveriesView
from ..v1 import admin_pb2
from .handlers import Context, unary
from .player_servicer import timestamp


def deliveries_pb(view: DeliveriesView) -> admin_pb2.GetDeliveriesResponse:
    response = admin_pb2.GetDeliveriesResponse(replica=view.replica)
    for box in view.outbox:
        response.outbox.add(
            channel=box.channel, pending=box.pending,
            oldest_age_seconds=box.oldest_age_seconds, failed=box.dead,
        )  # fmt: skip
    for dest in view.destinations:
        state = response.destinations.add(
            origin=dest.origin, circuit=dest.circuit, consecutive_failures=dest.failures,
            last_error=dest.last_error,
        )  # fmt: skip
        if dest.retry_at is not None:
            state.retry_at.CopyFrom(timestamp(dest.retry_at))
    for count in view.refusals:
        response.refusals.add(edge=count.edge, reason=count.reason, count=count.count)
    for pool in view.stream_pools:
        response.stream_pools.add(pool=pool.pool, open=pool.open, limit=pool.limit)
    return response


class DeliveriesAdmin:
    """The deliveries methods of ``AdminServicer``."""

    admin: AdminContext

    @unary
    async def GetDeliveries(
        self, request: admin_pb2.GetDeliveriesRequest, context: Context
    ) -> admin_pb2.GetDeliveriesResponse:
        return deliveries_pb(await self.admin.deliveries.view())
