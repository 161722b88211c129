"""Where a delivery goes, and what this replica knows of each place: how many sends it
has in flight, how fast it answers, and its circuit breaker.

A **destination** is the origin a send connects to (scheme, host and port, RFC 6454):
the webhook's configured URL for every webhook delivery, a Web Push endpoint's push
service for each subscription.  Everything that isolates deliveries is kept per
destination, so a push service or receiver that is slow, hung or failing holds only its
own sends:

* **concurrency**: a destination that answers, and fast, may have ``per_destination``
  sends in flight; one that is unknown yet, failed its last attempt, is slow (its
  attempts take longer than ``slow_seconds`` on average: Web Push only -- the webhook is
  the operator's own backend) or is being probed gets one.  A stranger's endpoint has to
  earn its parallelism, and a hung one never holds more than a single slot;
* **circuit breaker**: ``failures`` consecutive failed attempts (no answer within the
  time limit, a refused connection, a 5xx or 429) open the circuit: nothing is sent there
  until ``open_seconds`` (with jitter) have passed; then one probe goes.  Its success
  closes the circuit; its failure opens it again for twice as long, up to
  ``max_open_seconds``.  An answer that is not a failure (2xx, 404/410, another 4xx)
  counts as the destination working.

The registry is a bounded LRU (``max_destinations``): whoever registers endpoints on many
origins cannot grow this replica's memory; a destination with nothing in flight or
queued is forgotten first (a forgotten one starts again as unknown: one slot).
"""

from __future__ import annotations

import enum
import re
import secrets
from collections import OrderedDict, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar
from urllib.parse import urlsplit

_JITTER = secrets.SystemRandom()  # the project draws no randomness from `random`
_DEFAULT_PORTS = {"http": 80, "https": 443}

T = TypeVar("T")


def origin(url: str) -> str:
    """``scheme://host:port`` of ``url``, lower-cased, the port always written (so
    ``https://push.example`` and ``https://push.example:443`` are one destination);
    ``""`` for what is not an absolute http(s) URL."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    if scheme not in _DEFAULT_PORTS or not host:
        return ""
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or _DEFAULT_PORTS[scheme]}"


_URL = re.compile(r"https?://[^\s'\"<>]+", re.IGNORECASE)


def without_paths(text: str) -> str:
    """``text`` with every URL cut to its origin: an error an operator reads never shows
    a Web Push endpoint's path (the capability a push service issued the browser)."""
    return _URL.sub(lambda m: origin(m.group(0)) or "<url>", text)


class CircuitState(enum.Enum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"  # the backoff has passed: one probe may go


@dataclass(frozen=True, slots=True)
class IsolationConfig:
    per_destination: int = 16  # sends in flight to one destination that answers well
    slow_seconds: float = 1.0  # attempts slower than this on average: 1 slot (Web Push)
    failures: int = 5  # consecutive failed attempts that open a destination's circuit
    open_seconds: float = 5.0  # the first opening's length; doubles per failed probe
    max_open_seconds: float = 300.0
    max_destinations: int = 10_000  # destinations remembered (LRU)


@dataclass(frozen=True, slots=True)
class DestinationState:
    """What this replica knows of a failing destination (``Destinations.troubled``)."""

    origin: str
    kind: str  # "webhook" or "web_push"
    circuit: str  # a CircuitState's value
    failures: int  # in a row
    retry_at: float | None  # an open circuit: when the next probe may go
    last_error: str


@dataclass
class Destination(Generic[T]):
    """One destination's state on this replica; ``T`` is what waits in its queue."""

    key: str
    kind: str  # the channel kind ("webhook", "web_push"): the metrics' label
    in_flight: int = 0
    queue: deque[T] = field(default_factory=deque)  # claimed, waiting for a slot here
    pace_limited: bool = True  # a slow pace costs it its parallelism (not the webhook)
    healthy: bool = False  # the last attempt was answered (and the pace is fast enough)
    pace: float = 0.0  # an exponential average of attempts' durations (0: none yet)
    failures: int = 0  # consecutive
    state: CircuitState = CircuitState.CLOSED
    open_until: float = 0.0
    openings: int = 0  # consecutive openings (the backoff doubles with each)
    last_error: str = ""  # the last failed attempt's one line (the operators' view)

    def limit(self, config: IsolationConfig) -> int:
        if self.healthy and self.state is CircuitState.CLOSED:
            return max(1, config.per_destination)
        return 1

    def queue_room(self, config: IsolationConfig) -> int:
        """How many claimed deliveries may wait here for a slot: as many as it may have
        in flight when it answers well, none otherwise (they wait in the store)."""
        return self.limit(config) if self.limit(config) > 1 else 0

    @property
    def idle(self) -> bool:
        return self.in_flight == 0 and not self.queue

    def blocked_until(self, now: float) -> float | None:
        """While the circuit is open: when it may be probed (else None).  The first call
        after the backoff turns it half-open."""
        if self.state is CircuitState.OPEN:
            if now < self.open_until:
                return self.open_until
            self.state = CircuitState.HALF_OPEN
        return None

    def expected_seconds(self, timeout: float) -> float:
        """How long an attempt here is expected to take: its pace, or (never tried)
        the time limit."""
        return self.pace if self.pace > 0 else timeout

    def began(self) -> None:
        self.in_flight += 1

    def ended(
        self, ok: bool, seconds: float, now: float, config: IsolationConfig, error: str = ""
    ) -> CircuitState | None:
        """An attempt's result (``ok``: the destination answered, whatever it said;
        ``error``: why not); answers the circuit's new state when it changed."""
        self.in_flight = max(0, self.in_flight - 1)
        if not ok:
            self.last_error = without_paths(error)[:200]
        before = self.state
        # Every attempt counts toward the pace, a timed-out one too (a hung destination
        # comes to look as slow as it is).
        self.pace = seconds if self.pace == 0 else 0.8 * self.pace + 0.2 * seconds
        if ok:
            self.healthy = not self.pace_limited or self.pace <= config.slow_seconds
            self.failures = 0
            if before is not CircuitState.CLOSED:
                self.state, self.openings = CircuitState.CLOSED, 0
        else:
            self.healthy = False
            self.failures += 1
            if before is CircuitState.HALF_OPEN or (
                before is CircuitState.CLOSED and self.failures >= config.failures
            ):
                self._open(now, config)
        return self.state if self.state is not before else None

    def _open(self, now: float, config: IsolationConfig) -> None:
        self.openings += 1
        ceiling = min(config.max_open_seconds, config.open_seconds * 2.0 ** (self.openings - 1))
        self.state = CircuitState.OPEN
        self.open_until = now + ceiling * (1.0 + 0.25 * _JITTER.random())


class Destinations(Generic[T]):
    """The LRU registry of destinations (at most ``config.max_destinations``)."""

    def __init__(self, config: IsolationConfig) -> None:
        self.config = config
        self._known: OrderedDict[str, Destination[T]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._known)

    def __iter__(self) -> Iterator[Destination[T]]:
        return iter(self._known.values())

    def get(self, key: str) -> Destination[T] | None:
        return self._known.get(key)

    def find(self, key: str, kind: str, *, pace_limited: bool = True) -> Destination[T] | None:
        """The destination ``key`` (made if new), most recently used now; None when the
        registry is full of destinations with sends in flight or queued (the caller
        defers the delivery)."""
        found = self._known.get(key)
        if found is not None:
            self._known.move_to_end(key)
            return found
        if len(self._known) >= self.config.max_destinations and not self._evict_one():
            return None
        found = self._known[key] = Destination(key, kind, pace_limited=pace_limited)
        return found

    def _evict_one(self) -> bool:
        for key, dest in self._known.items():  # least recently used first
            if dest.idle:
                del self._known[key]
                return True
        return False

    def troubled(self) -> list[DestinationState]:
        """The destinations whose last attempts failed or whose circuit is not closed,
        worst first (open, half open, then by failures in a row): the operators' view."""
        rank = {CircuitState.OPEN: 0, CircuitState.HALF_OPEN: 1, CircuitState.CLOSED: 2}
        found = [
            DestinationState(
                d.key,
                d.kind,
                d.state.value,
                d.failures,
                d.open_until if d.state is CircuitState.OPEN else None,
                d.last_error,
            )
            for d in self._known.values()
            if d.failures or d.state is not CircuitState.CLOSED
        ]
        return sorted(found, key=lambda s: (rank[CircuitState(s.circuit)], -s.failures, s.origin))

    def states(self) -> dict[tuple[str, str], int]:
        """How many destinations of each channel kind are in each circuit state."""
        counts: dict[tuple[str, str], int] = {}
        for dest in self._known.values():
            counts[(dest.kind, dest.state.value)] = counts.get((dest.kind, dest.state.value), 0) + 1
        return counts


__all__ = [
    "CircuitState", "Destination", "DestinationState", "Destinations", "IsolationConfig",
    "origin",
]  # fmt: skip
