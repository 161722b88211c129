"""The game's metrics (``MatchObserver``, an implementation of the typed protocol
``fiveup.match.observer.Observer``: one method per happening), fed by
``Matches(observer=...)``, ``Limits(observer=...)`` and ``RulesServicer(observer=...)``:
matches created and finished, matches active/finished in the store (read at scrape
time), moves by kind and outcome, rejections by reason, rounds ended, points scored, bot
thinking time, store append latency and conflicts, rules validations and core
evaluation time.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import Iterator, Sequence

from prometheus_client import REGISTRY, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ..api.limits import LIMITED
from ..bots import BOT_KINDS
from ..engine import (
    FORFEIT_REASONS,
    Action,
    Draw,
    Event,
    Match,
    MatchEnded,
    Pass,
    RoundEnded,
    TilePlaced,
)
from ..engine.errors import MOVE_ERRORS
from ..match.ports import EventStore
from ..shared.errors import InvalidRequest

PLAYER_COUNTS = ("2", "3", "4")
MOVE_KINDS = ("placed", "drawn", "passed")
MOVE_OUTCOMES = ("accepted", "rejected")
ROUND_OUTCOMES = ("won", "blocked")
RULES_RPCS = ("EvaluateLayout", "ValidateMove", "ValidateMoves", "ValidateMoveBatch")
BOT_NAMES: tuple[str, ...] = tuple(BOT_KINDS)
# Why a submitted move was refused: the engine's reasons (fiveup.engine.errors) and the
# application's (fiveup.shared.errors) that Matches.submit can meet; anything else is "OTHER".
REJECTION_REASONS: tuple[str, ...] = (
    *(error.reason for error in MOVE_ERRORS), InvalidRequest.reason, "OTHER",
)  # fmt: skip
FAST_BUCKETS = (
    0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
    0.05, 0.1, 0.25, 1.0,
)  # fmt: skip
SLOW_BUCKETS = (
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)  # fmt: skip

MATCHES_CREATED = Counter(
    "fiveup_matches_created", "Matches created by this process.", ("players",)
)
MATCHES_FINISHED = Counter(
    "fiveup_matches_finished", "Matches that ended (61 reached) in this process.", ("players",)
)
MOVES = Counter(
    "fiveup_moves",
    "Moves submitted by players and bots: kind placed/drawn/passed, outcome accepted/rejected.",
    ("kind", "outcome"),
)
MOVES_REJECTED = Counter(
    "fiveup_moves_rejected", "Moves the rules or the match's state refused, by reason.", ("reason",)
)
ROUNDS_ENDED = Counter(
    "fiveup_rounds_ended", "Rounds ended: won (a seat went out) or blocked.", ("outcome",)
)
POINTS_SCORED = Counter("fiveup_points_scored", "Raw points (multiples of 5) scored by placements.")
BOT_THINKING = Histogram(
    "fiveup_bot_thinking_seconds", "Time a bot took to choose its move.", ("bot",),
    buckets=(*FAST_BUCKETS[3:], 2.5, 5.0),
)  # fmt: skip
STORE_APPEND = Histogram(
    "fiveup_store_append_seconds", "Latency of appending a move's events to the event store.",
    buckets=SLOW_BUCKETS,
)  # fmt: skip
STORE_READS = Histogram(
    "fiveup_store_read_seconds",
    "Latency of the match repository's reads of the event store, by operation.",
    ("operation",), buckets=SLOW_BUCKETS,
)  # fmt: skip
STORE_READ_OPERATIONS = ("load_match", "read_events", "latest_version", "seat_tokens", "other")
STORE_READ_SERIES = {_op: STORE_READS.labels(_op) for _op in STORE_READ_OPERATIONS}
STORE_CONFLICTS = Counter(
    "fiveup_store_conflicts",
    "Appends refused because another writer recorded that version first.",
)
RULES_REQUESTS = Counter(
    "fiveup_rules_requests",
    "RulesService requests (each message of a ValidateMoves stream is one batch request).",
    ("rpc",),
)
RULES_ITEMS = Counter(
    "fiveup_rules_items", "Layouts evaluated or placements validated by the RulesService.", ("rpc",)
)
CORE_EVALUATION = Histogram(
    "fiveup_core_evaluation_seconds",
    "Time spent in the rules core per RulesService request (a whole batch for ValidateMoves).",
    ("rpc",),
    buckets=FAST_BUCKETS,
)
RATE_LIMITED = Counter(
    "fiveup_rate_limited",
    "Calls refused by an abuse limit (fiveup.api.limits), by method and scope: peer (a client "
    "address), seat, streams (open WatchMatch streams of one match), client_streams (open "
    "streams of one client address) or server_streams (open streams on the server).",
    ("method", "scope"),
)
HINTS = Histogram(
    "fiveup_hint_seconds",
    "SuggestMoves answers: time from the call to the ranked moves (store read, waiting "
    "for a hint worker and the expert's sampling).",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
HINT_SAMPLES = Counter(
    "fiveup_hint_samples", "Deals of the hidden tiles sampled to answer SuggestMoves."
)
MOVES_UNDONE = Counter(
    "fiveup_moves_undone", "Practice-match undos (the human took its last action back)."
)
SEATS_AUTO_PLAYED = Counter(
    "fiveup_seats_auto_played",
    "Human seats a stand-in bot took over because their turn timer ran out.",
)
FORFEITS = Counter(
    "fiveup_forfeits",
    "Matches a side conceded: resigned (Resign), abandoned (a rated match's stand-in past"
    " its limit) or deadline (a rated correspondence turn's clock ran out).",
    ("reason",),
)
for _count in PLAYER_COUNTS:
    MATCHES_CREATED.labels(_count)
for _forfeit in FORFEIT_REASONS:
    FORFEITS.labels(_forfeit)
    MATCHES_FINISHED.labels(_count)
for _kind in MOVE_KINDS:
    for _outcome in MOVE_OUTCOMES:
        MOVES.labels(_kind, _outcome)
for _reason in REJECTION_REASONS:
    MOVES_REJECTED.labels(_reason)
for _outcome in ROUND_OUTCOMES:
    ROUNDS_ENDED.labels(_outcome)
for _bot in (*BOT_NAMES, "other"):
    BOT_THINKING.labels(_bot)
for _method, _scope in LIMITED:
    RATE_LIMITED.labels(_method, _scope)
# The RulesService's per-call series, looked up once: ``labels()`` costs a lock and a
# dict lookup per call on the path that validates moves at high throughput.
RULES_SERIES = {
    _rpc: (RULES_REQUESTS.labels(_rpc), RULES_ITEMS.labels(_rpc), CORE_EVALUATION.labels(_rpc))
    for _rpc in RULES_RPCS
}


def _bounded(value: object, allowed: tuple[str, ...], other: str = "other") -> str:
    text = str(value)
    return text if text in allowed else other


class MatchObserver:
    """Turns the service's happenings into metrics: implements ``fiveup.match.observer.Observer``
    (told by ``Matches``, ``fiveup.api.limits.Limits`` and the ``RulesServicer``).

    Given the store, it also reports ``fiveup_matches{state="active"|"finished"}`` from
    ``store.count_matches()`` at scrape time (the whole store, so every replica reports
    the same figure: aggregate with ``max``, not ``sum``).
    """

    def __init__(
        self, store: EventStore | None = None, *, cache_seconds: float = 5.0,
        count_timeout: float = 2.0,
    ) -> None:  # fmt: skip
        self.store = store
        self.cache_seconds = cache_seconds
        # How long a scrape waits for the store's counts before it reports the last ones
        # (a scrape must not hang on a slow store).
        self.count_timeout = count_timeout
        self._loop: asyncio.AbstractEventLoop | None = None
        if store is not None:
            with contextlib.suppress(RuntimeError):
                self._loop = asyncio.get_running_loop()
        self._counts: tuple[int, int] | None = None
        self._counted_at = float("-inf")
        if self._loop is not None:
            _STORE_COLLECTOR.add(self)

    # ------------------------------------------------------------------ notifications

    def match_created(self, match: Match) -> None:
        MATCHES_CREATED.labels(_players(match)).inc()

    def move(self, match: Match, seat: int, action: Action, events: Sequence[Event]) -> None:
        MOVES.labels(move_kind(action), "accepted").inc()
        for event in events:
            if isinstance(event, TilePlaced):
                if event.points:
                    POINTS_SCORED.inc(event.points)
            elif isinstance(event, RoundEnded):
                ROUNDS_ENDED.labels("blocked" if event.blocked else "won").inc()
            elif isinstance(event, MatchEnded):
                MATCHES_FINISHED.labels(_players(match)).inc()

    def move_rejected(self, match: Match, reason: str, action: Action) -> None:
        MOVES.labels(move_kind(action), "rejected").inc()
        MOVES_REJECTED.labels(_bounded(reason, REJECTION_REASONS, "OTHER")).inc()

    def bot_thought(self, kind: str, seconds: float) -> None:
        BOT_THINKING.labels(_bounded(kind, BOT_NAMES)).observe(seconds)

    def store_append(self, seconds: float) -> None:
        STORE_APPEND.observe(seconds)

    def store_read(self, operation: str, seconds: float) -> None:
        series = STORE_READ_SERIES.get(operation) or STORE_READ_SERIES["other"]
        series.observe(seconds)

    def store_conflict(self) -> None:
        STORE_CONFLICTS.inc()

    def rate_limited(self, method: str, scope: str) -> None:
        if (method, scope) in LIMITED:
            RATE_LIMITED.labels(method, scope).inc()

    def hint_given(self, seconds: float, samples: int) -> None:
        HINTS.observe(seconds)
        HINT_SAMPLES.inc(samples)

    def move_undone(self, match: Match, seat: int, events: Sequence[Event]) -> None:
        MOVES_UNDONE.inc()

    def forfeited(self, match: Match, seat: int, reason: str) -> None:
        FORFEITS.labels(reason).inc()
        MATCHES_FINISHED.labels(_players(match)).inc()

    def seat_auto_played(self, seat: int, active: bool) -> None:
        if active:
            SEATS_AUTO_PLAYED.inc()

    def rules_checked(self, rpc: str, items: int, seconds: float) -> None:
        series = RULES_SERIES.get(rpc)
        if series is None:
            return
        requests, checked, evaluation = series
        requests.inc()
        if items:
            checked.inc(items)
        evaluation.observe(seconds)

    # ------------------------------------------------------------------ store gauges

    def match_counts(self) -> tuple[int, int] | None:
        """(active, finished) from the store, at most every ``cache_seconds``; called from
        the metrics HTTP thread.  On the event loop's own thread (an in-process
        ``generate_latest``) it cannot wait for the loop, so it answers from the cache."""
        loop = self._loop
        if self.store is None or loop is None or loop.is_closed() or not loop.is_running():
            return self._counts
        if time.monotonic() - self._counted_at < self.cache_seconds:
            return self._counts
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            return self._counts
        future = asyncio.run_coroutine_threadsafe(self.store.count_matches(), loop)
        try:
            active, finished = future.result(timeout=self.count_timeout)
        except Exception:  # store closed or slow: report the last figures
            future.cancel()
            return self._counts
        self._counts = (int(active), int(finished))
        self._counted_at = time.monotonic()
        return self._counts


def move_kind(action: Action) -> str:
    if isinstance(action, Draw):
        return "drawn"
    if isinstance(action, Pass):
        return "passed"
    return "placed"


def _players(match: Match) -> str:
    return _bounded(len(match.config.seats), PLAYER_COUNTS)


class _StoreCollector(Collector):
    """``fiveup_matches{state}`` from every live observer's store (one per process in
    production; tests may run several servers in turn)."""

    def __init__(self) -> None:
        self._observers: weakref.WeakSet[MatchObserver] = weakref.WeakSet()

    def add(self, observer: MatchObserver) -> None:
        self._observers.add(observer)

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield GaugeMetricFamily(
            "fiveup_matches", "Matches in the event store by state.", labels=["state"]
        )

    def collect(self) -> Iterator[GaugeMetricFamily]:
        active = finished = 0
        for observer in list(self._observers):
            counts = observer.match_counts()
            if counts is not None:
                active += counts[0]
                finished += counts[1]
        family = GaugeMetricFamily(
            "fiveup_matches",
            "Matches in the event store by state (store-wide: aggregate replicas with max).",
            labels=["state"],
        )
        family.add_metric(["active"], active)
        family.add_metric(["finished"], finished)
        yield family


_STORE_COLLECTOR = _StoreCollector()
REGISTRY.register(_STORE_COLLECTOR)
