"""Event stores: SQLite (embedded default) and PostgreSQL, behind one interface."""

from __future__ import annotations

from .base import (
    DuplicateRequest,
    EventStore,
    MatchNotFound,
    MatchRecord,
    NotifyingStore,
    RequestRecord,
    SeatTaken,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)


def open_store(url: str, **options: object) -> EventStore:
    """A store for ``url``: ``postgresql://...`` selects PostgreSQL, anything else is a
    SQLite file path (``sqlite:///path`` or a bare path; ``:memory:`` for throwaway use)."""
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(url, **options)  # type: ignore[arg-type]
    from .sqlite import SqliteStore

    return SqliteStore(url, **options)  # type: ignore[arg-type]


__all__ = [
    "DuplicateRequest",
    "EventStore",
    "MatchNotFound",
    "MatchRecord",
    "NotifyingStore",
    "RequestRecord",
    "SeatTaken",
    "StoreError",
    "StoreUnavailable",
    "StoredEvent",
    "VersionConflict",
    "open_store",
]
