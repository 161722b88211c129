"""What the matchmaker reports, and its Prometheus implementation::

fiveup_matchmaking_queue_length            (gauge: waiting searches at the last round)
fiveup_matchmaking_wait_seconds{players}   (histogram: queued to seated)
fiveup_matchmaking_tables_formed_total{players, bots="yes|no"}
fiveup_matchmaking_searches_total{outcome="queued|matched|cancelled"}
"""

from __future__ import annotations

from typing import Protocol

from prometheus_client import Counter, Gauge, Histogram

QUEUE_LENGTH = Gauge(
    "fiveup_matchmaking_queue_length", "Searches waiting in the queue at the last formation round."
)
WAIT = Histogram(
    "fiveup_matchmaking_wait_seconds",
    "Time from queueing to being seated, by table size.",
    ("players",),
    buckets=(0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300),
)
TABLES = Counter(
    "fiveup_matchmaking_tables_formed",
    "Tables the matchmaker formed, by size and whether bots filled seats.",
    ("players", "bots"),
)
SEARCHES = Counter(
    "fiveup_matchmaking_searches", "FindMatch searches by how they ended.", ("outcome",)
)
SIZES = ("2", "3", "4")
OUTCOMES = ("queued", "matched", "cancelled")


class MatchmakerObserver(Protocol):
    def queue_length(self, waiting: int) -> None: ...

    def seated(self, players: int, waited: float) -> None: ...

    def table_formed(self, players: int, bots: int) -> None: ...

    def search(self, outcome: str) -> None: ...


class PrometheusMatchmakerObserver:
    def __init__(self) -> None:
        for size in SIZES:
            WAIT.labels(size)
            for bots in ("yes", "no"):
                TABLES.labels(size, bots)
        for outcome in OUTCOMES:
            SEARCHES.labels(outcome)

    def queue_length(self, waiting: int) -> None:
        QUEUE_LENGTH.set(waiting)

    def seated(self, players: int, waited: float) -> None:
        WAIT.labels(str(players) if str(players) in SIZES else "other").observe(max(0.0, waited))

    def table_formed(self, players: int, bots: int) -> None:
        size = str(players) if str(players) in SIZES else "other"
        TABLES.labels(size, "yes" if bots else "no").inc()

    def search(self, outcome: str) -> None:
        SEARCHES.labels(outcome if outcome in OUTCOMES else "other").inc()
