"""``--bus`` and ``--bus-prefix``: what the server refuses before it starts, and the
database URL a replica on the bus opens its connections with."""

from __future__ import annotations

import psycopg
import pytest

from fiveup.app.config import ServerConfig
from fiveup.store import wake_by_bus

from ..postgres_db import fresh_database

PG = "postgresql://postgres@127.0.0.1:5432/fiveup"


@pytest.mark.parametrize(
    ("settings", "problem"),
    [
        ({"db": PG, "bus": "nats://127.0.0.1:4222"}, None),
        ({"db": PG, "bus": "tls://nats.internal:4222", "bus_prefix": "eu.fiveup"}, None),
        ({"db": "m.sqlite3", "bus": "nats://127.0.0.1:4222", "workers": 2}, None),
        ({"db": PG, "bus": "redis://127.0.0.1:6379"}, "must be a nats://"),
        ({"db": "m.sqlite3", "bus": "nats://127.0.0.1:4222"}, "--workers 2 or more"),
        ({"db": PG, "bus": "nats://127.0.0.1:4222", "bus_prefix": "a b"}, "dot-separated"),
    ],
)
def test_bus_settings_are_checked_before_the_server_starts(
    settings: dict[str, object], problem: str | None
) -> None:
    found = " ".join(ServerConfig(**settings).problems())  # type: ignore[arg-type]
    if problem is None:
        assert found == ""
    else:
        assert problem in found


def test_the_wake_setting_joins_the_urls_own_options() -> None:
    assert wake_by_bus("m.sqlite3") == "m.sqlite3"
    assert wake_by_bus(PG) == PG + "?options=-c%20fiveup.wake%3Dbus"
    assert (
        wake_by_bus(PG + "?sslmode=disable")
        == PG + "?sslmode=disable&options=-c%20fiveup.wake%3Dbus"
    )


@pytest.mark.postgres
def test_a_connection_of_a_replica_on_the_bus_carries_the_setting() -> None:
    with fresh_database("fiveup_bus_url") as url:
        with psycopg.connect(wake_by_bus(url)) as conn:
            row = conn.execute("SELECT current_setting('fiveup.wake', true)").fetchone()
        assert row == ("bus",)
