"""What metrics hear of the outbox (labels bounded: channel kind, outcome)."""

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


class DeliveryObserver(Protocol):
    def attempted(self, channel: str, outcome: str, seconds_since_created: float) -> None: ...

    def backlog(self, pending: int, dead: int) -> None: ...


class PrometheusDeliveryObserver:
    def attempted(self, channel: str, outcome: str, seconds_since_created: float) -> None:
        DELIVERIES.labels(channel, outcome).inc()
        if outcome == "delivered":
            LATENCY.labels(channel).observe(max(0.0, seconds_since_created))

    def backlog(self, pending: int, dead: int) -> None:
        BACKLOG.labels("pending").set(pending)
        BACKLOG.labels("dead").set(dead)
