"""What the bus reports, and its Prometheus implementation::

fiveup_bus_connected                       1 while this replica holds its bus connection
fiveup_bus_wakeups_total{kind, outcome}    outcome: sent, received, failed (the
                                           connection broke while handing it over: kept,
                                           sent when the bus is back), missed (a wake-all
                                           after a disconnect or dropped messages: once
                                           per kind)
fiveup_bus_reconnects_total

Labels take values from fixed lists (``ports.KINDS``, ``OUTCOMES``): never a key.
"""

from __future__ import annotations

from typing import Protocol

from prometheus_client import Counter, Gauge

from .ports import KINDS

OUTCOMES = ("sent", "received", "failed", "missed")


class _Metrics:
    """The bus's series, registered when a process first opens a bus: a server without
    one shows none (a ``fiveup_bus_connected`` of 0 would read as a lost bus)."""

    def __init__(self) -> None:
        self.connected = Gauge(
            "fiveup_bus_connected", "1 while this replica is connected to the bus."
        )
        self.wakeups = Counter(
            "fiveup_bus_wakeups",
            "Wake-ups through the bus by kind and outcome.",
            ("kind", "outcome"),
        )
        self.reconnects = Counter("fiveup_bus_reconnects", "Times the bus connection came back.")
        for kind in KINDS:  # every series exists from the start (rate() needs a zero)
            for outcome in OUTCOMES:
                self.wakeups.labels(kind, outcome)


_metrics: _Metrics | None = None


def _registered() -> _Metrics:
    global _metrics
    if _metrics is None:
        _metrics = _Metrics()
    return _metrics


class BusObserver(Protocol):
    def connected(self, up: bool) -> None: ...

    def wakeup(self, kind: str, outcome: str) -> None: ...

    def reconnected(self) -> None: ...


class PrometheusBusObserver:
    def __init__(self) -> None:
        self._metrics = _registered()
        # Each series looked up once: a wake-up is counted on every send and receipt.
        self._wakeups = {
            (kind, outcome): self._metrics.wakeups.labels(kind, outcome)
            for kind in KINDS
            for outcome in OUTCOMES
        }

    def connected(self, up: bool) -> None:
        self._metrics.connected.set(1 if up else 0)

    def wakeup(self, kind: str, outcome: str) -> None:
        series = self._wakeups.get((kind, outcome))
        if series is not None:
            series.inc()

    def reconnected(self) -> None:
        self._metrics.reconnects.inc()


class NullBusObserver:
    def connected(self, up: bool) -> None:
        pass

    def wakeup(self, kind: str, outcome: str) -> None:
        pass

    def reconnected(self) -> None:
        pass
