"""One store test-suite, run against SQLite (a temporary file) and PostgreSQL (a fresh
database per test).  Without a reachable PostgreSQL the PostgreSQL half skips, or fails
under CI=true (see tests/postgres_db.py)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from fiveup.match.ports import EventStore, MatchRecord
from fiveup.store import StoreOptions, open_store

from ..postgres_db import fresh_database

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
    whichever are still open when the test ends."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opened: list[EventStore] = []

    async def __call__(self, **options: str) -> EventStore:
        store = open_store(self.url, StoreOptions(**options))
        await store.open()
        self.opened.append(store)
        return store

    async def close(self, store: EventStore) -> None:
        self.opened.remove(store)
        await store.close()


@pytest.fixture
async def open_another(store_url: str) -> AsyncIterator[OpenStore]:
    opener = OpenStore(store_url)
    try:
        yield opener
    finally:
        for store in reversed(opener.opened):
            await store.close()


@pytest.fixture
async def store(open_another: OpenStore) -> EventStore:
    return await open_another()


def record(match_id: str, seats: tuple[str, ...] = ("human", "greedy")) -> MatchRecord:
    return MatchRecord(match_id, seats, 61, bytes(range(32)), time.time())


def ev(n: int, kind: str = "test") -> dict[str, object]:
    return {"kind": kind, "n": n, "nested": {"list": [n, n + 1], "text": f"event {n}"}}
