"""One store test-suite, run against SQLite (a temporary file) and PostgreSQL (a fresh
database per test).  Without a reachable PostgreSQL the PostgreSQL half skips, or fails
under CI=true (see tests/postgres_db.py)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Protocol

import pytest

from fiveup.match.ports import EventStore, MatchRecord
from fiveup.store import StoreOptions, open_notification_store, open_rating_store, open_store

from ..postgres_db import fresh_database


class Closing(Protocol):
    async def close(self) -> None: ...


BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """An empty database of the given backend, deleted after the test."""
    if backend == "sqlite":
        yield str(tmp_path / "events.sqlite3")
    else:
        with fresh_database() as url:
            yield url


class OpenStore:
    """Opens more stores on the same database (other processes or replicas) and closes
    whichever are still open when the test ends.  Each event store comes with the rating
    and notification stores that write in its appends, as a server opens them."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opened: list[EventStore] = []
        self._participants: dict[int, tuple[Closing, ...]] = {}

    async def __call__(self, **options: str) -> EventStore:
        ratings, notices = open_rating_store(self.url), open_notification_store(self.url)
        store = open_store(
            self.url, StoreOptions(**options), ratings=ratings, notifications=notices
        )
        await store.open()
        self.opened.append(store)
        for each in (ratings, notices):
            await each.open()
        self._participants[id(store)] = (ratings, notices)
        return store

    async def close(self, store: EventStore) -> None:
        self.opened.remove(store)
        for each in self._participants.pop(id(store), ()):
            await each.close()
        await store.close()


@pytest.fixture
async def open_another(store_url: str) -> AsyncIterator[OpenStore]:
    opener = OpenStore(store_url)
    try:
        yield opener
    finally:
        for store in reversed(list(opener.opened)):
            await opener.close(store)


@pytest.fixture
async def store(open_another: OpenStore) -> EventStore:
    return await open_another()


def record(match_id: str, seats: tuple[str, ...] = ("human", "greedy")) -> MatchRecord:
    return MatchRecord(match_id, seats, 61, bytes(range(32)), time.time())


def ev(n: int, kind: str = "test") -> dict[str, object]:
    return {"kind": kind, "n": n, "nested": {"list": [n, n + 1], "text": f"event {n}"}}
