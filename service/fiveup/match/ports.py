"""The match context's port: the event store interface, an append-only, versioned log
per match (adapters: ``fiveup.store.sqlite.events``, ``fiveup.store.postgres.events``).

Two implementations share it and one test-suite: SQLite (embedded default) and
PostgreSQL (several replicas).  The unique (match, version) key is what makes
concurrent writers safe: an append names the version it expects to follow, and a
clash is a ``VersionConflict``, never an overwrite.  An append is committed before it
returns, so whatever the service acknowledges is durable.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..notifications.notices import Notice
from ..ratings.outcome import MatchOutcome
from ..shared.usererror import UserError

# One name per error: a missing match or a taken seat means the same to the store and to
# the application, so the store raises the application's errors (which carry their
# reason, and through it their gRPC code).
from .errors import MatchNotFound, SeatTaken

# Told which players got notices, after a commit that wrote some: the notifications
# context's ``Outbox.published`` (their streams and the dispatcher wake at once).
NoticePublisher = Callable[[Iterable[str]], None]


# A backend's handle on the event store's open transaction (SQLite: the connection
# inside BEGIN IMMEDIATE; PostgreSQL: the connection inside its transaction), and what a
# participant's call answers there (SQLite: the value; PostgreSQL: an awaitable of it).
Tx = TypeVar("Tx", contravariant=True)
Done = TypeVar("Done", covariant=True)


class OutcomeParticipant(Protocol[Tx, Done]):
    """The ratings context's part in an append that ends a match: its results and, when
    rated, the rating update, written in the event store's transaction ``tx``, so they
    commit with the end or not at all.  The rating store adapter of the same backend
    implements it (the ratings tables are its own: it migrates them)."""

    def before_append(self, tx: Tx, outcome: MatchOutcome) -> Done:
        """First in the transaction, before the append's own writes (PostgreSQL: a rated
        end takes the rating lock, so updates apply one at a time in the ledger's order)."""

    def write_outcome(self, tx: Tx, outcome: MatchOutcome) -> Done:
        """After the append's events, once they are known to follow (never on a refused
        append)."""


class NoticeParticipant(Protocol[Tx, Done]):
    """The notifications context's part in a write that notifies (a match's creation, an
    append of a correspondence match, a deadline reminder): the notices, written in the
    event store's transaction ``tx``, answering the players with a new one.  The
    notification store adapter of the same backend implements it (the outbox's tables
    are its own)."""

    def write_notices(self, tx: Tx, notices: Sequence[Notice]) -> Done: ...


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """The creation record of a match (``seed`` is secret until the match ends)."""

    match_id: str
    seats: tuple[str, ...]
    target_points: int
    seed: bytes
    created_at: float
    creator_hash: bytes | None = None  # SHA-256 of the creator's token (CancelMatch)
    turn_clock_seconds: int | None = None  # a correspondence match's clock per turn


# How precisely every append stamps its match's ``last_event_at`` (the operators' list:
# a live match silent too long is stuck): a stamp younger than this is left as it is, so a
# match that moves often rewrites its row once per this many seconds, not per move (on
# SQLite that row's page would be one more page per commit).  Both stores apply it.
LAST_EVENT_PRECISION_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class TurnIndex:
    """A correspondence match's current turn as the store indexes it (columns of its
    ``matches`` row, rewritten by every append of such a match): ListMyMatches puts the
    player's turns first from it, and the correspondence sweep finds due reminders and
    expired turns from it without loading any match."""

    seat: int | None = None  # the claimed human seat to move (None: nobody is waited for)
    deadline: float | None = None  # when its turn clock runs out
    remind_at: float | None = None  # when to send "deadline soon" (None: not, or sent)


@dataclass(frozen=True, slots=True)
class DueTurn:
    """A correspondence turn the sweep must look at: ``expired`` (its deadline passed),
    else its reminder is due."""

    match_id: str
    deadline: float
    remind_at: float | None
    expired: bool


@dataclass(frozen=True, slots=True)
class StoredEvent:
    version: int
    body: dict[str, Any]


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """What an idempotent request did: which seat sent it, a fingerprint of the move,
    and the versions it produced (its answer is rebuilt from those events)."""

    request_id: str
    seat: int
    fingerprint: str
    first_version: int
    last_version: int


def encode_event(event: dict[str, Any]) -> str:
    """How every store writes an event body: compact JSON (read back with json.loads)."""
    return json.dumps(event, separators=(",", ":"))


class StoreError(Exception):
    pass


class StoreUnavailable(StoreError, UserError):
    """The store cannot be opened at all (no such database, refused credentials, a
    directory that cannot hold the file); the message says which and what to do."""


class SchemaTooNew(StoreError, UserError):
    """The database was migrated by a newer server (this one was rolled back past it):
    serving it with tables this code does not know could lose or garble data, so the
    store refuses to open; the message says so and what to do."""


class VersionConflict(StoreError):
    """Another writer appended first; ``current`` is the version now stored."""

    def __init__(self, match_id: str, expected: int, current: int) -> None:
        super().__init__(f"match {match_id!r} is at version {current}, not {expected}")
        self.expected = expected
        self.current = current


class DuplicateRequest(StoreError):
    """The request id was already recorded (by this or another replica)."""

    def __init__(self, record: RequestRecord) -> None:
        super().__init__(f"request {record.request_id!r} already applied")
        self.record = record


class EventStore(Protocol):
    """An append-only event log.  All methods are coroutines safe to call concurrently."""

    url: str

    async def open(self) -> None:
        """Connect and apply migrations (idempotent; safe when replicas start together)."""

    async def close(self) -> None: ...

    async def create_match(
        self, record: MatchRecord, events: Sequence[dict[str, Any]], *,
        notices: Sequence[Notice] = (),
    ) -> None:  # fmt: skip
        """Store a new match and its first events (versions 1..n) atomically, with the
        notifications its creation causes (``notices``: a private table's invitations,
        fiveup.notifications) in the same transaction."""

    async def load_match(self, match_id: str) -> MatchRecord:
        """The creation record; raises MatchNotFound."""

    async def read_events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        """Events with version > after_version, in order."""

    async def append(
        self,
        match_id: str,
        expected_version: int,
        events: Sequence[dict[str, Any]],
        *,
        request: RequestRecord | None = None,
        finished: bool = False,
        outcome: MatchOutcome | None = None,
        turn: TurnIndex | None = None,
        notices: Sequence[Notice] = (),
    ) -> int:
        """Append events as versions expected_version+1.. in one transaction (with the
        request record, if any) and return the new version.  Raises VersionConflict when
        the match is not at ``expected_version`` and DuplicateRequest when the request id
        is already recorded.  ``outcome``: these events end the match; its results (and,
        if rated, the rating update: fiveup.ratings.ports) are written in the same
        transaction, so they commit with the end or not at all.  ``turn``: a correspondence
        match's new turn index.  ``notices``: the notifications these events cause
        (fiveup.notifications), written in the same transaction (one already stored, by
        its id, is not written again)."""

    async def due_turns(self, now: float, limit: int = 500) -> list[DueTurn]:
        """Correspondence turns whose deadline or reminder time has come (unfinished
        matches only), the earliest first."""

    async def record_reminder(
        self, match_id: str, remind_at: float, notices: Sequence[Notice]
    ) -> list[str]:
        """Write the "deadline soon" ``notices`` and clear the match's reminder -- only if
        it is still ``remind_at`` (a move since has set a new one): the players noticed."""

    async def get_request(self, match_id: str, request_id: str) -> RequestRecord | None: ...

    async def claim_seat(self, match_id: str, seat: int, token_hash: bytes) -> None:
        """Record a seat's token hash; raises SeatTaken if the seat was claimed."""

    async def seat_tokens(self, match_id: str) -> dict[int, bytes]: ...

    async def latest_version(self, match_id: str) -> int: ...

    async def active_match_ids(self, limit: int = 10_000) -> list[str]:
        """Ids of unfinished matches (newest first), to resume bot turns after a restart."""

    async def count_matches(self) -> tuple[int, int]:
        """(active, finished) match counts, for metrics."""


class RetainingStore(EventStore, Protocol):
    """A store that can forget (``fiveup.match.retention``): finished matches are stamped with
    the time a sweep first saw them finished; expired ones are deleted with everything
    they own.  SQLite and PostgreSQL are both."""

    async def stamp_finished(self, now: float) -> int:
        """Set ``finished_at = now`` on finished matches that have none; how many."""

    async def expired_match_ids(
        self, *, unjoined_before: float, finished_before: float, limit: int = 1000
    ) -> list[str]:
        """Matches created before ``unjoined_before`` that are not finished and still
        have a human seat nobody claimed, and matches stamped finished before
        ``finished_before`` (either bound may be ``-inf``: none) -- except those with a
        player's result: a player's history opens their records, and the ratings are
        rebuilt from the rated ones' logs (docs/ratings.md)."""

    async def delete_matches(self, match_ids: Sequence[str]) -> int:
        """Delete these matches, their events, seats and request records; how many."""


@runtime_checkable
class NotifyingStore(EventStore, Protocol):
    """A store shared by several processes that tells each of them about the others'
    appends (PostgreSQL: LISTEN/NOTIFY), so their caches need not re-read on every use.
    The server checks for it once, when it chooses the cache's freshness mode."""

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(match_id)`` on the event loop whenever any process appends to
        a match, from now until the store closes."""


__all__ = [
    "DueTurn",
    "DuplicateRequest",
    "EventStore",
    "MatchNotFound",
    "MatchRecord",
    "NoticeParticipant",
    "NoticePublisher",
    "NotifyingStore",
    "OutcomeParticipant",
    "RequestRecord",
    "RetainingStore",
    "SeatTaken",
    "StoreError",
    "StoredEvent",
    "TurnIndex",
    "VersionConflict",
    "encode_event",
]
