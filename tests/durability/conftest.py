"""Real server processes over a real database: SQLite (a file) or PostgreSQL (a fresh
database per test; skipped when unreachable, failing under CI=true)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..postgres_db import fresh_database


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "matches.sqlite3")
    else:
        with fresh_database("fiveup_durability") as url:
            yield url


@pytest.fixture
def pg_url() -> Iterator[str]:
    with fresh_database("fiveup_replicas") as url:
        yield url
