"""How often one reader may read a match's chat: ``ListChatMessages`` and the opening of
a ``WatchChat`` stream each take a token of the reader's bucket (a signed-in player's
across all matches; an anonymous seat's; an anonymous spectator's by client address).

Each read re-reads a room's whole view from the store, so an unlimited reader costs the
database as much as they like, and a tight polling loop is how a reader would time
other people's writes.  A client that streams reads once when it opens and once when
it reconnects; a client that polls (a REST gateway) reads every second or two: the
default (2 a second, bursts of 30) is far above both.

Buckets live in memory, per process, for at most ``max_keys`` readers (least recently
used first out; a forgotten bucket comes back full, erring on the lenient side): with N
replicas a reader may reach N times the rate.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .errors import ChatReadsLimited


@dataclass(frozen=True, slots=True)
class ReadLimits:
    rate: float = 2.0  # reads a second per reader, on average; 0: no limit
    burst: float = 30.0  # reads a reader may make at once
    max_keys: int = 100_000


class ReadLimiter:
    def __init__(self, limits: ReadLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, stamp

    def take(self, reader: str) -> None:
        """Take one of ``reader``'s tokens, or raise ChatReadsLimited (taking none) with
        the delay until one is back."""
        rate, burst = self.limits.rate, max(1.0, self.limits.burst)
        if rate <= 0:
            return
        now = self.clock()
        tokens, stamp = self._buckets.pop(reader, (burst, now))
        tokens = min(burst, tokens + max(0.0, now - stamp) * rate)
        if tokens < 1.0:
            self._buckets[reader] = (tokens, now)
            wait = max(0.001, math.ceil((1.0 - tokens) / rate * 1000) / 1000)
            raise ChatReadsLimited(
                "too many chat reads: watch the chat (WatchChat) instead of asking again",
                retry_after=wait,
                scope="reader",
            )
        self._buckets[reader] = (tokens - 1.0, now)
        while len(self._buckets) > self.limits.max_keys:
            self._buckets.popitem(last=False)
