"""The metrics that show a replica's knee coming (``fiveup.telemetry.runtime``, and the store
read latency of ``fiveup.telemetry.metrics``), scraped over HTTP from a real server: the
event loop's lag when the loop is held, each store's pools on SQLite and PostgreSQL,
the stream caps' slots as streams open, and the repository's reads timed by operation;
and the dashboard's panels built on them."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fiveup.app.config import ServerConfig
from fiveup.telemetry.metrics import start_metrics_server, stop_metrics_server
from fiveup.telemetry.runtime import LAG_INTERVAL
from fiveup.v1 import match_pb2 as pb
from tests.app.test_metrics import Ops, Scrape, delta
from tests.harness import human, start, stop
from tests.service.players import Watcher

from ..postgres_db import fresh_database

ROOT = Path(__file__).resolve().parents[2]
LAG = "fiveup_event_loop_lag_seconds"


@pytest.fixture
async def ops(tmp_path: Path) -> AsyncIterator[Ops]:
    running = await start(tmp_path / "ops.sqlite3", max_watchers_per_match=7)
    port = start_metrics_server(ServerConfig(metrics_port=0, metrics_address="127.0.0.1"))
    assert port is not None
    try:
        yield Ops(running, f"http://127.0.0.1:{port}/metrics")
    finally:
        stop_metrics_server(port)
        await stop(running)


async def test_a_held_event_loop_shows_as_lag(ops: Ops) -> None:
    """The probe looks at the loop every LAG_INTERVAL; a loop held for three intervals
    (a handler doing blocking work) is seen at least two intervals late, once."""
    before = await ops.until(lambda s: s.get(f"{LAG}_count") > 0)  # the probe runs
    time.sleep(LAG_INTERVAL * 3)

    def late(s: Scrape) -> bool:  # an observation above the 0.25 s bucket
        return delta(before, s, f"{LAG}_count") > delta(before, s, f"{LAG}_bucket", le="0.25")

    after = await ops.until(late)
    assert late(after)
    assert delta(before, after, f"{LAG}_sum") >= LAG_INTERVAL * 2


async def test_sqlite_pools_are_its_worker_threads(ops: Ops) -> None:
    scrape = await ops.scrape()
    for pool in ("sqlite", "sqlite-players", "sqlite-lobby", "sqlite-chat"):
        assert scrape.get("fiveup_store_pool_max", pool=pool) == 1, (pool, scrape.text)
        assert scrape.get("fiveup_store_pool_waiting", pool=pool) == 0
        connections = scrape.get("fiveup_store_pool_connections", pool=pool)
        assert connections == 1  # in use or idle: one thread


async def test_stream_slots_follow_open_streams_and_report_their_caps(ops: Ops) -> None:
    r = ops.running
    created = await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    before = await ops.scrape()
    config = r.app.config
    assert before.get("fiveup_stream_slots", pool="server", state="limit") == (
        config.max_server_streams
    )
    assert before.get("fiveup_stream_slots", pool="busiest_match", state="limit") == 7
    assert before.get("fiveup_stream_slots", pool="busiest_client", state="limit") == (
        config.max_client_streams
    )
    watchers = [Watcher(r.matches, created.match_id).start() for _ in range(3)]
    during = await ops.until(
        lambda s: delta(before, s, "fiveup_stream_slots", pool="server", state="open") == 3
    )
    assert during.get("fiveup_stream_slots", pool="busiest_match", state="open") == 3
    assert during.get("fiveup_stream_slots", pool="busiest_client", state="open") >= 3
    for w in watchers:
        await w.stop()
    after = await ops.until(
        lambda s: delta(before, s, "fiveup_stream_slots", pool="server", state="open") == 0
    )
    assert delta(before, after, "fiveup_stream_slots", pool="server", state="open") == 0


async def test_store_reads_are_timed_by_operation(ops: Ops) -> None:
    r = ops.running
    before = await ops.scrape()
    for operation in ("load_match", "read_events", "latest_version", "seat_tokens"):
        assert ("fiveup_store_read_seconds_count", frozenset({("operation", operation)})) in (
            before.values
        ), operation  # every series exists before its first read
    created = await r.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    watcher = Watcher(r.matches, created.match_id).start()  # reads the latest version
    await watcher.changed.wait()
    await watcher.stop()
    after = await ops.scrape()
    assert delta(before, after, "fiveup_store_read_seconds_count", operation="latest_version") >= 1


@pytest.mark.postgres
async def test_postgres_pools_report_size_use_and_waiting(tmp_path: Path) -> None:
    with fresh_database() as url:
        running = await start(url)
        port = start_metrics_server(ServerConfig(metrics_port=0, metrics_address="127.0.0.1"))
        assert port is not None
        ops = Ops(running, f"http://127.0.0.1:{port}/metrics")
        try:
            scrape = await ops.scrape()
            pools = {
                dict(labels)["pool"]
                for name, labels in scrape.values
                if name == "fiveup_store_pool_max"
            }
            assert {"fiveup", "fiveup-lobby", "fiveup-players"} <= pools, pools
            for pool in pools:
                size = scrape.get("fiveup_store_pool_connections", pool=pool)
                assert 1 <= size <= scrape.get("fiveup_store_pool_max", pool=pool), pool
                assert scrape.get("fiveup_store_pool_waiting", pool=pool) == 0
        finally:
            stop_metrics_server(port)
            await stop(running)


def test_the_dashboard_shows_the_knee_metrics() -> None:
    dashboard = json.loads((ROOT / "deploy" / "monitoring" / "grafana-dashboard.json").read_text())
    queries = " ".join(t["expr"] for p in dashboard["panels"] for t in p.get("targets", []))
    for needed in (
        "fiveup_event_loop_lag_seconds_bucket", "fiveup_store_read_seconds_bucket",
        "fiveup_store_pool_connections", "fiveup_store_pool_waiting", "fiveup_stream_slots",
        "fiveup_store_pool_max", "fiveup_gc_pause_seconds_sum", "fiveup_gc_pause_seconds_bucket",
    ):  # fmt: skip
        assert needed in queries, needed
