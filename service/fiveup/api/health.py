"""The standard health service, with Watch streams that end when the server drains, and
``List`` (which grpcio-health-checking's servicer leaves UNIMPLEMENTED).

gRPC's reference ``HealthServicer.Watch`` never returns: an open Watch stream would hold
a draining server for its whole grace period and then be cut with CANCELLED.  Here
``end_watches()`` (called once NOT_SERVING has been sent) ends every Watch stream with
UNAVAILABLE and ErrorInfo reason SHUTTING_DOWN, the same "reconnect elsewhere" answer as
the MatchService's WatchMatch streams.
"""

from __future__ import annotations

import asyncio
from typing import Any

from grpc_health.v1 import health_pb2
from grpc_health.v1._async import HealthServicer

from ..shared.errors import ShuttingDown
from .errors import status_for


class DrainingHealthServicer(HealthServicer):
    def __init__(self) -> None:
        super().__init__()
        self._draining = asyncio.Event()

    async def Watch(self, request: Any, context: Any) -> None:
        if not self._draining.is_set():
            watching = asyncio.ensure_future(super().Watch(request, context))
            draining = asyncio.ensure_future(self._draining.wait())
            try:
                await asyncio.wait({watching, draining}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                draining.cancel()
                if not watching.done():
                    watching.cancel()
                await asyncio.gather(watching, draining, return_exceptions=True)
        code, message, trailers = status_for(
            ShuttingDown("the server is shutting down; watch another replica")
        )
        await context.abort(code, message, trailing_metadata=trailers)

    # grpcio-health-checking's stubs predate List (HealthListResponse) and do not declare
    # the servicer's status table, hence the two ignores.
    async def List(self, request: Any, context: Any) -> Any:
        """Every service name this server reports, with its status (the overall one is
        the empty name)."""
        statuses = dict(self._server_status)  # type: ignore[attr-defined]  # a snapshot
        return health_pb2.HealthListResponse(  # type: ignore[attr-defined]
            statuses={
                name: health_pb2.HealthCheckResponse(status=status)
                for name, status in statuses.items()
            }
        )

    async def end_watches(self) -> None:
        """End every Watch stream (and refuse new ones): the server is going away."""
        self._draining.set()
        await asyncio.sleep(0)
