"""Flood rules: how fast one author may write, and how busy a room may get (lichess's
chat keeps the same two rules: no message equal to one of the author's last two, and
no more than a handful in a few seconds).

The store answers what the rules need to know (``Recent``) inside the transaction that
writes the message, so replicas share one count and a burst sent to two of them at once
is counted as one burst; the decision is this pure function.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import ChatDuplicate, ChatRateLimited


@dataclass(frozen=True, slots=True)
class FloodLimits:
    burst: int = 5  # messages an author may send in one match within burst_seconds
    burst_seconds: float = 10.0
    per_minute: int = 20  # messages an author may send in all matches within a minute
    room_burst: int = 30  # messages a room carries within burst_seconds, all authors
    duplicate_seconds: float = 60.0  # the same words again within this long is refused

    @property
    def window(self) -> float:
        """How far back the store must look."""
        return max(60.0, self.burst_seconds, self.duplicate_seconds)


@dataclass(frozen=True, slots=True)
class Said:
    """One earlier message of the author in this match."""

    sent_at: float
    fingerprint: str  # "phrase:<key>" or "text:<folded words>"


@dataclass(frozen=True, slots=True)
class Recent:
    """What the store saw of the recent past, newest first."""

    author_here: Sequence[Said]  # the author's messages in this match, newest first
    author_everywhere: Sequence[float]  # send times of the author's messages, all matches
    room: Sequence[float]  # send times of the room's messages, all authors


def check_flood(recent: Recent, fingerprint: str, now: float, limits: FloodLimits) -> None:
    """ChatDuplicate or ChatRateLimited (with the delay until a retry may pass)."""
    for said in list(recent.author_here)[:2]:
        if said.fingerprint == fingerprint and now - said.sent_at < limits.duplicate_seconds:
            raise ChatDuplicate(
                "you just said that",
                retry_after=_after(said.sent_at, limits.duplicate_seconds, now),
            )
    _window(
        [s.sent_at for s in recent.author_here], limits.burst, limits.burst_seconds, now, "author"
    )
    _window(recent.author_everywhere, limits.per_minute, 60.0, now, "author_minute")
    _window(recent.room, limits.room_burst, limits.burst_seconds, now, "room")


def _window(times: Sequence[float], limit: int, seconds: float, now: float, scope: str) -> None:
    inside = sorted((t for t in times if now - t < seconds), reverse=True)
    if limit > 0 and len(inside) >= limit:
        oldest_that_counts = inside[limit - 1]
        raise ChatRateLimited(
            "too many messages: slow down",
            retry_after=_after(oldest_that_counts, seconds, now),
            scope=scope,
        )


def _after(at: float, seconds: float, now: float) -> float:
    return max(0.1, round(at + seconds - now, 1))
