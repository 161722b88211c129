"""The bus tests: replicas on one fresh PostgreSQL database, woken through NATS (the
shared server with a subject prefix of each test's own, or a server of the test's own
for the faults).  Skipped when PostgreSQL or NATS cannot be reached, failing under
CI=true."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..nats_server import prefix, require_nats
from ..postgres_db import fresh_database


@pytest.fixture
def pg_url() -> Iterator[str]:
    with fresh_database("fiveup_bus") as url:
        yield url


@pytest.fixture
def keys(tmp_path: Path) -> str:
    """An access-token key directory the replicas share (each accepts the other's tokens)."""
    folder = tmp_path / "keys"
    folder.mkdir()
    (folder / "test").write_text(uuid.uuid4().hex * 2)
    return str(folder)


@pytest.fixture
def bus_settings(keys: str) -> dict[str, object]:
    """``ServerConfig`` overrides: the shared NATS, this test's own subjects."""
    return {"bus": require_nats(), "bus_prefix": prefix(), "access_token_keys": keys}
