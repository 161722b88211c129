"""What a channel's sender answers for one attempt, and the backoff between attempts."""

from __future__ import annotations

import enum
import secrets
from dataclasses import dataclass
from typing import Protocol

from .ports import Claimed

_JITTER = secrets.SystemRandom()  # the project draws no randomness from `random`


class Outcome(enum.Enum):
    DELIVERED = "delivered"
    RETRY = "retry"  # a transient failure: try again after a backoff
    GIVE_UP = "give_up"  # retrying cannot help (e.g. the receiver refuses the payload)
    GONE = "gone"  # the subscription no longer exists (404/410): forget it


@dataclass(frozen=True, slots=True)
class Attempt:
    outcome: Outcome
    error: str = ""
    retry_after: float | None = None  # seconds the receiver asked us to wait (Retry-After)


class Sender(Protocol):
    """Sends one claimed delivery on its channel; never raises for the receiver's
    failures (they are ``Attempt`` outcomes)."""

    async def send(self, claimed: Claimed) -> Attempt: ...

    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Backoff:
    """Exponential backoff with full jitter: attempt n waits up to base * 2^(n-1),
    capped; a receiver's Retry-After, if longer, wins."""

    base_seconds: float = 2.0
    cap_seconds: float = 3600.0

    def delay(self, attempts: int, retry_after: float | None = None) -> float:
        ceiling = min(self.cap_seconds, self.base_seconds * 2.0 ** max(0, attempts - 1))
        delay = ceiling / 2 + _JITTER.random() * ceiling / 2
        return max(delay, min(retry_after or 0.0, self.cap_seconds))
