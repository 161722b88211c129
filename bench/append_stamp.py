"""Benchmark: what stamping ``matches.last_event_at`` costs an append (issue 33: the
operators' list of matches finds a stuck one by it), per store.

    .venv/bin/python -m bench.append_stamp [--smoke] [--appends N] [--stores sqlite,postgres]
                                           [--pg-url URL]

Every append of a move now also stamps its match's row (event log migration 4), to within
``LAST_EVENT_PRECISION_SECONDS`` (10 s: a fresher stamp is left alone).  This times that
and nothing else: the append's statements as the store runs them, with the stamp
(today's) and without it (the baseline: the append before migration 4), on the same
connection, in alternating slices (so load drifting on a shared machine weighs on both
alike), one small event per append, each its own committed transaction, back to back:

* **fresh** -- the appends of a match that moves often: the stamp is checked, and
  written once per 10 s;
* **stale** -- every append finds a stamp older than that (a match whose moves are more
  than 10 s apart): each one writes it -- the stamp's whole cost.  (Here the stamp is
  set back before each append, outside the timing.)

* **SQLite**: a connection set up as the event store's inline one (WAL,
  ``synchronous=NORMAL``): ``BEGIN IMMEDIATE``, the version check, the insert, and with
  the stamp the ``UPDATE matches``, ``COMMIT``;
* **PostgreSQL**: ``SELECT * FROM fiveup_append(...)`` in autocommit, today's function
  (migration 4) against a copy of the one before it (migration 1's, created beside it in
  the throwaway database).

The store's own ``append`` (its Python around the same statements) is timed too, for
scale.  It prints microseconds per append for each, and last, one line per store:

    RESULT stamp_cost_sqlite=<stale / baseline>
    RESULT stamp_cost_postgres=<stale / baseline>

(the worst case; the fresh case's ratio is printed above them).

PostgreSQL: a maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else
``postgresql://postgres@127.0.0.1:5432/postgres``) creates and drops a throwaway
database.  ``--smoke``: a few appends (a test checks the format).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from fiveup.match.ports import LAST_EVENT_PRECISION_SECONDS, MatchRecord, encode_event
from fiveup.store import open_store
from fiveup.store.postgres.events_schema import MIGRATIONS as PG_MIGRATIONS
from fiveup.store.sqlite.events import STAMP_SQL

from .moves import postgres_database

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
EVENT = encode_event({"type": "tile_placed", "seat": 0, "tile": [1, 4], "points": 5})
SLICES = 4  # alternating slices per variant


def _record(match_id: str) -> MatchRecord:
    return MatchRecord(match_id, ("human", "human"), 61, bytes(32), time.time())


async def _prepare(url: str, match_ids: list[str]) -> None:
    """The schema (every migration) and the matches the appends go to."""
    store = open_store(url)
    await store.open()
    try:
        for match_id in match_ids:
            await store.create_match(_record(match_id), [{"type": "match_started"}])
    finally:
        await store.close()


def _timed(variants: dict[str, Callable[[], None]], before: dict[str, Callable[[], None]],
           appends: int) -> dict[str, float]:  # fmt: skip
    """Microseconds per append of each variant (``before``: done before each of its
    appends, untimed), in alternating slices."""
    spent = dict.fromkeys(variants, 0.0)
    per_slice = max(1, appends // SLICES)
    for _ in range(SLICES):
        for name, append in variants.items():
            prepare = before.get(name)
            for _ in range(per_slice):
                if prepare is not None:
                    prepare()
                started = time.perf_counter()
                append()
                spent[name] += time.perf_counter() - started
    return {name: seconds / (per_slice * SLICES) * 1e6 for name, seconds in spent.items()}


VARIANTS = ("baseline", "fresh", "stale")


def bench_sqlite(appends: int) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="fiveup-stamp-"))
    path = folder / "stamp.sqlite3"
    asyncio.run(_prepare(str(path), [*VARIANTS, "store"]))
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")

    def appender(match_id: str, stamp: bool) -> Callable[[], None]:
        def append() -> None:  # the store's statements (fiveup.store.sqlite.events.append)
            conn.execute("BEGIN IMMEDIATE")
            (current,) = conn.execute(
                "SELECT MAX(version) FROM events WHERE match_id = ?", (match_id,)
            ).fetchone()
            conn.execute("INSERT INTO events VALUES (?, ?, ?)", (match_id, current + 1, EVENT))
            if stamp:
                now = time.time()
                conn.execute(STAMP_SQL, (now, match_id, now - LAST_EVENT_PRECISION_SECONDS))
            conn.execute("COMMIT")

        return append

    def set_back() -> None:
        conn.execute("UPDATE matches SET last_event_at = 0 WHERE match_id = 'stale'")

    try:
        figures = _timed(
            {name: appender(name, name != "baseline") for name in VARIANTS},
            {"stale": set_back},
            appends,
        )
    finally:
        conn.close()
    figures["store"] = asyncio.run(_store_appends(str(path), appends))
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return figures


async def _store_appends(url: str, appends: int) -> float:
    """Microseconds per append of the event store's own ``append``, for scale."""
    store = open_store(url)
    await store.open()
    try:
        version = await store.latest_version("store")
        started = time.perf_counter()
        for _ in range(appends):
            version = await store.append("store", version, [{"type": "tile_placed"}])
        return (time.perf_counter() - started) / appends * 1e6
    finally:
        await store.close()


def bench_postgres(maintenance: str, appends: int) -> dict[str, float]:
    with postgres_database(maintenance) as url:
        asyncio.run(_prepare(url, [*VARIANTS, "store"]))
        # migration 1's append, under another name: the baseline
        (before,) = [s for s in PG_MIGRATIONS[0] if "CREATE FUNCTION fiveup_append(" in s]
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(before.replace("fiveup_append(", "fiveup_append_unstamped(", 1))
            versions = dict.fromkeys(VARIANTS, 1)

            def appender(match_id: str, function: str) -> Callable[[], None]:
                query = (
                    f"SELECT * FROM {function}(%s, %s, %s, NULL, NULL, NULL, NULL, NULL,"
                    " FALSE, FALSE)"
                )

                def append() -> None:
                    row = conn.execute(query, (match_id, versions[match_id], [EVENT])).fetchone()
                    assert row is not None and row[0] == "ok", row
                    versions[match_id] = int(row[1])

                return append

            def set_back() -> None:
                conn.execute("UPDATE matches SET last_event_at = 0 WHERE match_id = 'stale'")

            figures = _timed(
                {
                    "baseline": appender("baseline", "fiveup_append_unstamped"),
                    "fresh": appender("fresh", "fiveup_append"),
                    "stale": appender("stale", "fiveup_append"),
                },
                {"stale": set_back},
                appends,
            )
        figures["store"] = asyncio.run(_store_appends(url, appends))
    return figures


def report(store: str, figures: dict[str, float]) -> float:
    base = figures["baseline"]
    print(
        f"{store:>8}: append without the stamp {base:8.1f} us; with it, fresh"
        f" {figures['fresh']:8.1f} us (x{figures['fresh'] / base:.3f}), stale"
        f" {figures['stale']:8.1f} us (x{figures['stale'] / base:.3f});"
        f" the store's append {figures['store']:8.1f} us"
    )
    return figures["stale"] / base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--appends", type=int, default=4000, help="appends per variant")
    parser.add_argument("--stores", default="sqlite,postgres", help="comma-separated")
    parser.add_argument("--pg-url", default=os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_PG))
    parser.add_argument("--smoke", action="store_true", help="a few appends (format check)")
    args = parser.parse_args()
    appends = 40 if args.smoke else args.appends
    print("shared machine: compare the two lines of one store, not figures across runs")
    results = {}
    for store in [s.strip() for s in args.stores.split(",") if s.strip()]:
        if store == "sqlite":
            results[store] = report(store, bench_sqlite(appends))
        elif store == "postgres":
            results[store] = report(store, bench_postgres(args.pg_url, appends))
        else:
            raise SystemExit(f"unknown store {store!r}")
    for store, ratio in results.items():
        print(f"RESULT stamp_cost_{store}={ratio:.3f}")


if __name__ == "__main__":
    main()
