"""Ratings integrity signals: a pattern in rated results that looks farmed, with its
evidence (``fiveup.admin.detectors`` finds them, ``fiveup.admin.integrity`` lists and
resolves them), and the port of the table that keeps what operators decided about them
(adapters: ``store/sqlite/integrity.py``, ``store/postgres/integrity.py``).

A signal's id is a digest of what it says -- its kind, its players, its matches and the
detail that names it (a shared address prefix) -- so the same evidence found again is
the same signal: one dismissed stays dismissed.  More evidence (another match of the
same pair) is another signal; the detectors keep the matches an operator already judged
for the same kind and subject out of a new one, so it is raised again only when the new
matches alone are enough."""

from __future__ import annotations

import enum
import hashlib
import json
from dataclasses import dataclass
from typing import Protocol


class SignalKind(enum.Enum):
    REPEATED_PAIR = "repeated_pair"  # the same opponents again and again
    EARLY_ENDINGS = "early_endings"  # wins by a forfeit just past the rated-play gate
    SHARED_ADDRESS = "shared_address"  # opponents seen from one address prefix
    FEW_OWN_MOVES = "few_own_moves"  # rating earned with few moves of one's own
    SUDDEN_CLIMB = "sudden_climb"  # a rise faster than the matches played explain


class SignalStatus(enum.Enum):
    OPEN = "open"
    CONFIRMED = "confirmed"
    DISMISSED = "dismissed"


class Decision(enum.Enum):
    DISMISS = "dismiss"
    VOID_MATCHES = "void_matches"
    VOID_AND_SUSPEND = "void_and_suspend"


@dataclass(frozen=True, slots=True)
class Signal:
    kind: SignalKind
    subject: tuple[str, ...]  # whose pattern: the pair (sorted), or the one player
    players: tuple[str, ...]  # everyone it concerns, the subject first
    match_ids: tuple[str, ...]  # its evidence, in the order they were rated
    evidence: str  # in one line: counts, the span, the prefix, the climb
    score: float  # for ordering: higher is more suspicious
    detail: str = ""  # what else names the evidence (the shared prefixes)

    @property
    def signal_id(self) -> str:
        """A digest of the kind, the players, the matches and the detail (never of the
        wording or the score, which may be recomputed)."""
        named = [self.kind.value, sorted(self.players), sorted(self.match_ids), self.detail]
        digest = hashlib.sha256(json.dumps(named, separators=(",", ":")).encode())
        return digest.hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class SignalRecord:
    """A signal as kept, with what an operator decided about it."""

    signal: Signal
    status: SignalStatus
    detected_at: float  # when it was first found
    decision: Decision | None = None
    resolved_by: str = ""  # the operator's id
    resolution: str = ""  # the reason they gave
    resolved_at: float | None = None

    @property
    def signal_id(self) -> str:
        return self.signal.signal_id


class SignalStore(Protocol):
    """The operators' table of signals (``integrity_signals``, own schema version)."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def refresh(self, found: list[Signal], now: float) -> None:
        """In one transaction: keep each signal of a scan (new ones detected ``now``; an
        open one's wording and score as recomputed) and forget the open signals the
        scan no longer finds (their evidence changed or left the window: a new id says
        what is there now).  Resolved signals are never touched."""

    async def signals(
        self, *, status: SignalStatus | None, kind: SignalKind | None, limit: int
    ) -> list[SignalRecord]:
        """The most suspicious first (score descending, then the first detected)."""

    async def signal(self, signal_id: str) -> SignalRecord | None: ...

    async def judged(self, *, resolved_since: float) -> list[SignalRecord]:
        """The signals resolved since a time (the detectors keep their matches out of a
        new signal of the same kind and subject)."""

    async def resolve(self, record: SignalRecord) -> bool:
        """Write ``record``'s decision if the signal is still open, or no longer kept (a
        scan forgot it meanwhile); False when it was resolved already."""
