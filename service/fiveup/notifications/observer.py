"""What metrics hear of the outbox (labels bounded: channel kind, outcome, reason,
circuit state -- never a destination, player or notice: a destination is an origin a
stranger may choose, so the circuits are counted per channel kind and state)."""

from __future__ import annotations

from typing import Protocol

from prometheus_client import Counter, Gauge, Histogram

DELIVERIES = Counter(
    "fiveup_notification_deliveries_total",
    "Delivery attempts of notifications, by channel (webhook, web_push) and outcome "
    "(delivered, retry, dead, gone)",
    ["channel", "outcome"],
)
LATENCY = Histogram(
    "fiveup_notification_delivery_seconds",
    "From a notification's commit to its delivery, by channel",
    ["channel"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600),
)
BACKLOG = Gauge(
    "fiveup_notification_backlog", "Deliveries in the outbox, by state (pending, dead)",
    ["state"],
)  # fmt: skip

ATTEMPT_SECONDS = Histogram(
    "fiveup_notification_attempt_seconds",
    "How long one delivery attempt took, by channel and whether the destination answered "
    "(answered, failed: no answer in time, refused, 5xx/429)",
    ["channel", "result"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
DEFERRED = Counter(
    "fiveup_notification_deferred_total",
    "Claimed deliveries put back in the outbox unsent, by channel and reason (circuit_open, "
    "busy: their destination or the replica had no free slot, lease, shutdown)",
    ["channel", "reason"],
)
IN_FLIGHT = Gauge(
    "fiveup_notification_in_flight", "Delivery attempts in flight on this replica, by channel",
    ["channel"],
)  # fmt: skip
CIRCUITS = Gauge(
    "fiveup_notification_circuits",
    "Destinations this replica remembers, by channel and circuit state (closed, open, half_open)",
    ["channel", "state"],
)
CIRCUIT_CHANGES = Counter(
    "fiveup_notification_circuit_changes_total",
    "Circuit breaker transitions of destinations, by channel and the state entered",
    ["channel", "state"],
)
CHANNEL_KINDS = ("webhook", "web_push")
CIRCUIT_STATES = ("closed", "open", "half_open")


class DeliveryObserver(Protocol):
    def attempted(self, channel: str, outcome: str, seconds_since_created: float) -> None: ...

    def backlog(self, pending: int, dead: int) -> None: ...

    def attempt_took(self, channel: str, answered: bool, seconds: float) -> None: ...

    def deferred(self, channel: str, reason: str) -> None: ...

    def in_flight(self, channel: str, count: int) -> None: ...

    def circuit_changed(self, channel: str, state: str) -> None: ...

    def circuits(self, counts: dict[tuple[str, str], int]) -> None:
        """Destinations by (channel, state), every pair this replica knows of."""


class PrometheusDeliveryObserver:
    def attempted(self, channel: str, outcome: str, seconds_since_created: float) -> None:
        DELIVERIES.labels(channel, outcome).inc()
        if outcome == "delivered":
            LATENCY.labels(channel).observe(max(0.0, seconds_since_created))

    def backlog(self, pending: int, dead: int) -> None:
        BACKLOG.labels("pending").set(pending)
        BACKLOG.labels("dead").set(dead)

    def attempt_took(self, channel: str, answered: bool, seconds: float) -> None:
        ATTEMPT_SECONDS.labels(channel, "answered" if answered else "failed").observe(seconds)

    def deferred(self, channel: str, reason: str) -> None:
        DEFERRED.labels(channel, reason).inc()

    def in_flight(self, channel: str, count: int) -> None:
        IN_FLIGHT.labels(channel).set(count)

    def circuit_changed(self, channel: str, state: str) -> None:
        CIRCUIT_CHANGES.labels(channel, state).inc()

    def circuits(self, counts: dict[tuple[str, str], int]) -> None:
        for channel in CHANNEL_KINDS:
            for state in CIRCUIT_STATES:
                CIRCUITS.labels(channel, state).set(counts.get((channel, state), 0))
