"""How full each server-wide stream pool is (``fiveup.api.stream_pools``), read at
scrape time from every live server's limits: ``fiveup_stream_pool_open{pool}`` and
``fiveup_stream_pool_limit{pool}``."""

from __future__ import annotations

import weakref
from collections.abc import Iterator

from prometheus_client import REGISTRY
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ..api.limits import Limits
from ..api.stream_pools import SERVER_POOLS


class _StreamPoolCollector(Collector):
    """``fiveup_stream_pool_open{pool}`` and ``fiveup_stream_pool_limit{pool}``: how full
    each server-wide stream pool is (fiveup.api.stream_pools), from every live server's
    limits (one per process in production)."""

    def __init__(self) -> None:
        self._limits: weakref.WeakSet[Limits] = weakref.WeakSet()

    def add(self, limits: Limits) -> None:
        self._limits.add(limits)

    def discard(self, limits: Limits) -> None:
        self._limits.discard(limits)

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield from self._families()

    def _families(self) -> Iterator[GaugeMetricFamily]:
        open_ = GaugeMetricFamily(
            "fiveup_stream_pool_open",
            "Streams open in each server-wide pool: all, shared (everything outside the "
            "players' reserve) and anonymous.",
            labels=["pool"],
        )
        limit = GaugeMetricFamily(
            "fiveup_stream_pool_limit", "Each stream pool's cap (0: none).", labels=["pool"]
        )
        totals = {pool: [0, 0] for pool in SERVER_POOLS}
        for limits in list(self._limits):
            for fill in limits.pools.pool_fill():
                totals[fill.pool][0] += fill.open
                totals[fill.pool][1] += fill.limit
        for pool, (opened, cap) in totals.items():
            open_.add_metric([pool], opened)
            limit.add_metric([pool], cap)
        yield open_
        yield limit

    def collect(self) -> Iterator[GaugeMetricFamily]:
        yield from self._families()


_POOL_COLLECTOR = _StreamPoolCollector()
REGISTRY.register(_POOL_COLLECTOR)


def report_stream_pools(limits: Limits, *, stop: bool = False) -> None:
    """Report ``limits``' stream pools in the metrics (until ``stop``, or it is gone)."""
    if stop:
        _POOL_COLLECTOR.discard(limits)
    else:
        _POOL_COLLECTOR.add(limits)
