"""The deliveries and edges area: what an operator sees of the notification outbox and
of the refusals at the service's edges, from the service's own state (the Prometheus
metrics stay for dashboards; this is the one replica's answer, named by its host).

* the outbox (shared by every replica: the store's ``depth``): deliveries waiting per
  push channel, the age of the oldest, the dead letters still kept;
* failing destinations (this replica's dispatcher: its circuit breakers);
* refusals at the edges since this process started (egress, rate limits, stream pools,
  chat reads): the counters the metrics export, read in process (``EdgeRefusals``);
* the stream pools' occupancy on this replica (``StreamPoolsView``).

The last two come from the transport (its limits) and from the telemetry, which this
package may not import: they are ports here, and the composition root hands the
adapters in.  Nothing here is private to a player (no endpoint URL's path, no player),
so a read is not audited."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..notifications.destinations import DestinationState
from ..notifications.ports import ChannelDepth, NotificationStore


@dataclass(frozen=True, slots=True)
class EdgeCount:
    """Refusals at one edge for one reason, since this process started."""

    edge: str  # "egress", "chat_reads", "streams", "rpc_rate"
    reason: str
    count: int


@dataclass(frozen=True, slots=True)
class PoolOccupancy:
    pool: str
    open: int
    limit: int  # 0: no limit


class EdgeRefusals(Protocol):
    """The refusals counted at the edges (an adapter over the metrics' counters)."""

    def counts(self) -> list[EdgeCount]: ...


class StreamPoolsView(Protocol):
    """The server-wide stream pools of this replica (an adapter over the transport's
    limits)."""

    def occupancy(self) -> list[PoolOccupancy]: ...


@dataclass(frozen=True, slots=True)
class OutboxState:
    channel: str
    pending: int
    oldest_age_seconds: float  # 0 when nothing waits
    dead: int


@dataclass(frozen=True, slots=True)
class DeliveriesView:
    outbox: tuple[OutboxState, ...]
    destinations: tuple[DestinationState, ...]
    refusals: tuple[EdgeCount, ...]
    stream_pools: tuple[PoolOccupancy, ...]
    replica: str


@dataclass(frozen=True, slots=True)
class EdgeViews:
    """What the composition root hands the area from outside the contexts."""

    refusals: EdgeRefusals
    pools: StreamPoolsView
    replica: str = ""  # this replica's name ("": the host name)


class NoEdges:
    """Edge views of a process without a transport (nothing refused, no pools)."""

    def counts(self) -> list[EdgeCount]:
        return []

    def occupancy(self) -> list[PoolOccupancy]:
        return []


PUSH_CHANNELS = ("web_push", "webhook")  # always listed, empty or not


class DeliveriesAdmin:
    """The operators' deliveries view (``AdminService.GetDeliveries``)."""

    def __init__(
        self,
        store: NotificationStore,
        destinations: Callable[[], list[DestinationState]],
        edges: EdgeViews,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.destinations = destinations
        self.edges = edges
        self.clock = clock
        self.replica = edges.replica or socket.gethostname()

    async def view(self) -> DeliveriesView:
        depth = {d.channel: d for d in await self.store.depth()}
        now = self.clock()
        outbox = tuple(
            _outbox_state(depth.get(channel) or ChannelDepth(channel, 0, None, 0), now)
            for channel in sorted({*PUSH_CHANNELS, *depth})
        )
        refusals = sorted(
            (c for c in self.edges.refusals.counts() if c.count > 0),
            key=lambda c: (c.edge, -c.count, c.reason),
        )
        return DeliveriesView(
            outbox=outbox,
            destinations=tuple(self.destinations()),
            refusals=tuple(refusals),
            stream_pools=tuple(self.edges.pools.occupancy()),
            replica=self.replica,
        )


def _outbox_state(depth: ChannelDepth, now: float) -> OutboxState:
    age = 0.0 if depth.oldest_created_at is None else max(0.0, now - depth.oldest_created_at)
    return OutboxState(depth.channel, depth.pending, age, depth.dead)
