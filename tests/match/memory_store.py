"""A small in-memory event store for the application layer's cache-coherence tests.

It keeps the EventStore contract that matters to the cache (versioned appends that refuse
a clash, idempotency records, seat claims) and counts each store's event reads.  Several
``MemoryStore``s over one ``MemoryLog`` are several processes sharing a database;
``NotifyingMemoryStore`` also announces appends, like PostgreSQL's LISTEN/NOTIFY, but
only when the test says so (``MemoryLog.deliver``), so a test decides exactly what each
process has heard."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fiveup.match.errors import MatchNotFound, SeatTaken
from fiveup.match.ports import (
    DuplicateRequest,
    MatchRecord,
    RequestRecord,
    StoredEvent,
    VersionConflict,
)
from fiveup.ratings.outcome import MatchOutcome


@dataclass
class MemoryLog:
    """The shared database."""

    records: dict[str, MatchRecord] = field(default_factory=dict)
    events: dict[str, list[StoredEvent]] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    requests: dict[tuple[str, str], RequestRecord] = field(default_factory=dict)
    seats: dict[str, dict[int, bytes]] = field(default_factory=dict)
    listeners: list[Callable[[str], None]] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)  # appended, not yet announced

    def deliver(self) -> int:
        """Announce every append so far to every listener; how many were announced."""
        pending, self.pending = self.pending, []
        for match_id in pending:
            for listener in list(self.listeners):
                listener(match_id)
        return len(pending)


class MemoryStore:
    url = "memory:"

    def __init__(self, log: MemoryLog) -> None:
        self.log = log
        self.reads = 0  # read_events calls by this store

    async def open(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def create_match(
        self, record: MatchRecord, events: Sequence[dict[str, Any]], *, notices: Sequence[Any] = ()
    ) -> None:
        assert record.match_id not in self.log.records
        self.log.records[record.match_id] = record
        self.log.events[record.match_id] = [
            StoredEvent(v, dict(body)) for v, body in enumerate(events, 1)
        ]
        self.log.seats[record.match_id] = {}

    async def load_match(self, match_id: str) -> MatchRecord:
        try:
            return self.log.records[match_id]
        except KeyError:
            raise MatchNotFound(f"no match {match_id!r}") from None

    async def read_events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        self.reads += 1
        return [e for e in self.log.events.get(match_id, []) if e.version > after_version]

    async def append(
        self,
        match_id: str,
        expected_version: int,
        events: Sequence[dict[str, Any]],
        *,
        request: RequestRecord | None = None,
        finished: bool = False,
        outcome: MatchOutcome | None = None,  # no rating tables here: results are not kept
        turn: object = None,  # nor a correspondence index, nor an outbox
        notices: Sequence[object] = (),
    ) -> int:
        if match_id not in self.log.records:
            raise MatchNotFound(f"no match {match_id!r}")
        stored = self.log.events[match_id]
        if request is not None and (match_id, request.request_id) in self.log.requests:
            raise DuplicateRequest(self.log.requests[(match_id, request.request_id)])
        if len(stored) != expected_version:
            raise VersionConflict(match_id, expected_version, len(stored))
        stored.extend(StoredEvent(v, dict(b)) for v, b in enumerate(events, expected_version + 1))
        if request is not None:
            self.log.requests[(match_id, request.request_id)] = request
        if finished:
            self.log.finished.add(match_id)
        self.log.pending.append(match_id)
        return len(stored)

    async def get_request(self, match_id: str, request_id: str) -> RequestRecord | None:
        return self.log.requests.get((match_id, request_id))

    async def claim_seat(self, match_id: str, seat: int, token_hash: bytes) -> None:
        if match_id not in self.log.records:
            raise MatchNotFound(f"no match {match_id!r}")
        seats = self.log.seats[match_id]
        if seat in seats:
            raise SeatTaken(f"seat {seat} of match {match_id!r} is taken")
        seats[seat] = token_hash

    async def seat_tokens(self, match_id: str) -> dict[int, bytes]:
        return dict(self.log.seats.get(match_id, {}))

    async def latest_version(self, match_id: str) -> int:
        return len(self.log.events.get(match_id, []))

    async def due_turns(self, now: float, limit: int = 500) -> list[Any]:
        return []  # no correspondence index here

    async def record_reminder(
        self, match_id: str, remind_at: float, notices: Sequence[object]
    ) -> list[str]:
        return []

    async def active_match_ids(self, limit: int = 10_000) -> list[str]:
        return [m for m in reversed(self.log.records) if m not in self.log.finished][:limit]

    async def count_matches(self) -> tuple[int, int]:
        return len(self.log.records) - len(self.log.finished), len(self.log.finished)


class NotifyingMemoryStore(MemoryStore):
    async def listen(self, callback: Callable[[str], None]) -> None:
        self.log.listeners.append(callback)
