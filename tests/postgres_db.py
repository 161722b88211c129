"""Throwaway PostgreSQL databases for tests, and the one rule about a missing server.

The server is ``postgresql://postgres@127.0.0.1:5432/postgres`` unless
``FIVEUP_TEST_POSTGRES_URL`` names another maintenance database.  When it cannot be
reached, tests that need it are skipped, except under ``CI=true``, where they fail: CI
must never pass by skipping the multi-replica store.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from fiveup.shared.redact import redact_url

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"

_reachable: str | None = None  # the maintenance URL once it answered
_failure: str | None = None  # why it did not (remembered: one timeout per session)


def maintenance_url() -> str:
    return os.environ.get("FIVEUP_TEST_POSTGRES_URL") or DEFAULT_URL


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


def require_postgres() -> str:
    """The maintenance URL, or skip (fail under CI=true) when the server is unreachable."""
    global _reachable, _failure
    url = maintenance_url()
    if _reachable != url and _failure is None:
        try:
            import psycopg

            with psycopg.connect(url, connect_timeout=5, autocommit=True) as conn:
                conn.execute("SELECT 1")
            _reachable = url
        except Exception as exc:
            _failure = f"PostgreSQL not reachable at {redact_url(url)}: {exc}".strip()
    if _failure is not None:
        if in_ci():
            pytest.fail(_failure + " (CI=true: the PostgreSQL tests must run)", pytrace=False)
        pytest.skip(_failure)
    return url


def database_url(maintenance: str, name: str) -> str:
    """``maintenance`` with its database name replaced by ``name``."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    if "://" not in maintenance:
        return make_conninfo(maintenance, dbname=name)
    info = conninfo_to_dict(maintenance)
    info["dbname"] = name
    host = info.pop("host", "127.0.0.1")
    port = info.pop("port", "5432")
    user = info.pop("user", "postgres")
    password = info.pop("password", None)
    creds = f"{user}:{password}" if password else str(user)
    rest = "&".join(f"{k}={v}" for k, v in info.items() if k != "dbname")
    return f"postgresql://{creds}@{host}:{port}/{name}" + (f"?{rest}" if rest else "")


@contextmanager
def fresh_database(prefix: str = "fiveup_test") -> Iterator[str]:
    """Create a uniquely named, empty database; yield its URL; drop it afterwards."""
    import psycopg

    maintenance = require_postgres()
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(maintenance, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield database_url(maintenance, name)
    finally:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_on_each_store(name: str) -> Any:
    """A fixture for a test module: a fresh, empty database named after ``name``, once as
    a SQLite file and once (marked ``postgres``) as a new PostgreSQL database -- so the
    module's tests run on both stores.  Bind it as ``db = database_on_each_store(...)``."""

    @pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
    def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
        if request.param == "sqlite":
            yield str(tmp_path / f"{name}.sqlite3")
        else:
            with fresh_database(f"fiveup_{name}") as url:
                yield url

    return db
