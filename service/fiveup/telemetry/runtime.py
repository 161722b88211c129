"""The metrics that show a replica's knee coming, before p99 latency does:

    fiveup_event_loop_lag_seconds                       (histogram)
        how late the event loop ran a timer due every ``LAG_INTERVAL``: every call and
        every stream event waits that long for the loop, whatever it is;
    fiveup_store_pool_connections{pool,state}           (gauge; state in_use | idle)
    fiveup_store_pool_max{pool}                         (gauge)
    fiveup_store_pool_waiting{pool}                     (gauge)
        each store's connection pool (PostgreSQL: psycopg's pools by name) or worker
        thread (SQLite): calls waiting for a connection are queued work the store's
        own latency (fiveup_store_append_seconds, fiveup_store_read_seconds) hides;
    fiveup_stream_slots{pool,state}                     (gauge; state open | limit)
        the stream caps (docs/security.md): ``server`` (every stream of the replica
        against --max-server-streams), ``busiest_client`` and ``busiest_match`` (the
        client address and the match holding the most, against their caps; limit 0 is
        no cap).

All are read at scrape time from the live servers of the process (``watch``; tests run
several in turn), summed over them, and gone with them (``Runtime.stop``).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from prometheus_client import REGISTRY, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ..api.limits import Limits
from ..shared.pools import PoolUse, ReportsPools

LAG_INTERVAL = 0.25  # seconds between two looks at the loop: 4 samples a second
EVENT_LOOP_LAG = Histogram(
    "fiveup_event_loop_lag_seconds",
    f"How late the event loop ran a timer due every {LAG_INTERVAL} s (every call waits as long).",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)


@dataclass(eq=False)
class Runtime:
    """One server's runtime metrics: its loop-lag probe and what the collector reads."""

    limits: Limits | None
    stores: tuple[object, ...]
    interval: float = LAG_INTERVAL
    _probe: asyncio.Task[None] | None = field(default=None, repr=False)

    def start(self) -> None:
        _COLLECTOR.add(self)
        if self._probe is None:
            self._probe = asyncio.ensure_future(self._measure_lag())

    async def stop(self) -> None:
        _COLLECTOR.discard(self)
        probe, self._probe = self._probe, None
        if probe is not None:
            probe.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await probe

    async def _measure_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            EVENT_LOOP_LAG.observe(max(0.0, loop.time() - due))

    def pools(self) -> list[PoolUse]:
        return [use for s in self.stores if isinstance(s, ReportsPools) for use in s.pool_use()]

    def stream_slots(self) -> list[tuple[str, int, int]]:
        """(pool, open, limit) of each stream cap."""
        limits = self.limits
        if limits is None:
            return []
        return [
            ("server", limits.server_streams.open(None), limits.server_streams.limit),
            ("busiest_client", limits.client_streams.busiest(), limits.client_streams.limit),
            ("busiest_match", limits.streams.busiest(), limits.streams.limit),
        ]


def watch(limits: Limits | None, stores: Iterable[object]) -> Runtime:
    """Start a server's runtime metrics (on the running loop); ``Runtime.stop`` ends them."""
    runtime = Runtime(limits, tuple(stores))
    runtime.start()
    return runtime


class _RuntimeCollector(Collector):
    def __init__(self) -> None:
        self._runtimes: weakref.WeakSet[Runtime] = weakref.WeakSet()

    def add(self, runtime: Runtime) -> None:
        self._runtimes.add(runtime)

    def discard(self, runtime: Runtime) -> None:
        self._runtimes.discard(runtime)

    def describe(self) -> Iterator[GaugeMetricFamily]:
        return iter(self._families())

    def collect(self) -> Iterator[GaugeMetricFamily]:
        in_use: defaultdict[str, int] = defaultdict(int)
        idle: defaultdict[str, int] = defaultdict(int)
        most: defaultdict[str, int] = defaultdict(int)
        waiting: defaultdict[str, int] = defaultdict(int)
        slots_open: defaultdict[str, int] = defaultdict(int)
        slots_limit: defaultdict[str, int] = defaultdict(int)
        for runtime in list(self._runtimes):
            for use in runtime.pools():
                in_use[use.pool] += use.in_use
                idle[use.pool] += max(use.size - use.in_use, 0)
                most[use.pool] += use.max_size
                waiting[use.pool] += use.waiting
            for pool, used, limit in runtime.stream_slots():
                slots_open[pool] += used
                slots_limit[pool] += limit
        connections, maximum, queued, slots = self._families()
        for pool in sorted(most):
            connections.add_metric([pool, "in_use"], in_use[pool])
            connections.add_metric([pool, "idle"], idle[pool])
            maximum.add_metric([pool], most[pool])
            queued.add_metric([pool], waiting[pool])
        for pool in sorted(slots_limit):
            slots.add_metric([pool, "open"], slots_open[pool])
            slots.add_metric([pool, "limit"], slots_limit[pool])
        return iter((connections, maximum, queued, slots))

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, ...]:
        return (
            GaugeMetricFamily(
                "fiveup_store_pool_connections",
                "Store connections by pool (PostgreSQL pools, SQLite worker threads), in use or idle.",
                labels=["pool", "state"],
            ),
            GaugeMetricFamily(
                "fiveup_store_pool_max", "Connections each store pool may open.", labels=["pool"]
            ),
            GaugeMetricFamily(
                "fiveup_store_pool_waiting",
                "Store calls waiting for a pool connection (or queued for a SQLite worker).",
                labels=["pool"],
            ),
            GaugeMetricFamily(
                "fiveup_stream_slots",
                "Stream caps: slots open and the cap (server; the busiest client; the busiest match).",
                labels=["pool", "state"],
            ),
        )


_COLLECTOR = _RuntimeCollector()
REGISTRY.register(_COLLECTOR)
