"""The operators' deliveries view's edge ports (``fiveup.admin.deliveries``), over what
the metrics already keep: the refusals are read from the same Prometheus counters
``/metrics`` exports (in process: never a scrape), so the console and the dashboards
never disagree; the stream pools from the transport's limits.

The counters are the process's: one replica is one process (its workers' processes
count their own), counted since it started."""

from __future__ import annotations

from prometheus_client import Counter

from ..admin.deliveries import EdgeCount, PoolOccupancy
from ..api.limits import Limits
from ..chat.observer import READS_REFUSED
from ..egress.metrics import EGRESS_REFUSED
from .game_metrics import RATE_LIMITED


def _totals(counter: Counter) -> list[tuple[dict[str, str], int]]:
    """Each labelled series of ``counter`` with its count (its ``_total`` samples)."""
    return [
        (sample.labels, int(sample.value))
        for metric in counter.collect()
        for sample in metric.samples
        if sample.name.endswith("_total")
    ]


class CounterEdgeRefusals:
    """``fiveup.admin.deliveries.EdgeRefusals`` over the metrics' counters:

    * ``egress`` (``fiveup_egress_refused_total``): reason ``<channel>/<reason>``;
    * ``streams`` and ``rpc_rate`` (``fiveup_rate_limited_total``, split by whether the
      scope is a stream pool's): reason ``<method>/<scope>``;
    * ``chat_reads`` (``fiveup_chat_reads_refused_total``): reason ``history`` or ``watch``.
    """

    def counts(self) -> list[EdgeCount]:
        counts: list[EdgeCount] = []
        for labels, n in _totals(EGRESS_REFUSED):
            counts.append(EdgeCount("egress", f"{labels['channel']}/{labels['reason']}", n))
        for labels, n in _totals(RATE_LIMITED):
            method, scope = labels["method"], labels["scope"]
            edge = "streams" if "stream" in scope else "rpc_rate"
            counts.append(EdgeCount(edge, f"{method}/{scope}", n))
        for labels, n in _totals(READS_REFUSED):
            counts.append(EdgeCount("chat_reads", labels["read"], n))
        return counts


class LimitsPoolsView:
    """``fiveup.admin.deliveries.StreamPoolsView`` over one server's limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    def occupancy(self) -> list[PoolOccupancy]:
        return [PoolOccupancy(f.pool, f.open, f.limit) for f in self.limits.pools.pool_fill()]
