"""The EventStore contract, for every backend (see conftest.py for the parametrisation)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import Counter

import pytest

from fiveup.match.errors import MatchNotFound, SeatTaken
from fiveup.match.ports import DuplicateRequest, EventStore, RequestRecord, VersionConflict

from .conftest import OpenStore, ev, record


async def _versions(store: EventStore, match_id: str) -> list[int]:
    return [e.version for e in await store.read_events(match_id)]


# ---------------------------------------------------------------------- create / load / read


async def test_create_load_and_read_events_in_order(store: EventStore) -> None:
    rec = record("m-1", ("human", "human", "expert"))
    await store.create_match(rec, [ev(1), ev(2), ev(3)])
    assert await store.load_match("m-1") == rec
    events = await store.read_events("m-1")
    assert [(e.version, e.body) for e in events] == [(1, ev(1)), (2, ev(2)), (3, ev(3))]
    assert [e.version for e in await store.read_events("m-1", after_version=1)] == [2, 3]
    assert await store.read_events("m-1", after_version=3) == []
    assert await store.latest_version("m-1") == 3


async def test_matches_are_separate_logs(store: EventStore) -> None:
    await store.create_match(record("a"), [ev(1)])
    await store.create_match(record("b"), [ev(10), ev(11)])
    await store.append("a", 1, [ev(2)])
    assert [e.body["n"] for e in await store.read_events("a")] == [1, 2]
    assert [e.body["n"] for e in await store.read_events("b")] == [10, 11]


async def test_unknown_match(store: EventStore) -> None:
    with pytest.raises(MatchNotFound):
        await store.load_match("nope")
    assert await store.read_events("nope") == []
    assert await store.latest_version("nope") == 0
    with pytest.raises(MatchNotFound):
        await store.append("nope", 0, [ev(1)])
    with pytest.raises(MatchNotFound):
        await store.append("nope", 3, [ev(1)])


# ---------------------------------------------------------------------- append and versions


async def test_append_numbers_events_after_the_expected_version(store: EventStore) -> None:
    await store.create_match(record("m"), [ev(1)])
    assert await store.append("m", 1, [ev(2)]) == 2
    assert await store.append("m", 2, [ev(3), ev(4), ev(5)]) == 5
    assert await _versions(store, "m") == [1, 2, 3, 4, 5]
    assert [e.body for e in await store.read_events("m", 1)] == [ev(2), ev(3), ev(4), ev(5)]


@pytest.mark.parametrize("expected", [0, 1, 2])
async def test_a_stale_expected_version_conflicts_and_changes_nothing(
    store: EventStore, expected: int
) -> None:
    await store.create_match(record("m"), [ev(1), ev(2)])
    await store.append("m", 2, [ev(3)])
    with pytest.raises(VersionConflict) as caught:
        await store.append("m", expected, [ev(99)], request=RequestRecord("r", 0, "f", 1, 1))
    assert caught.value.current == 3 and caught.value.expected == expected
    assert await _versions(store, "m") == [1, 2, 3]
    assert await store.get_request("m", "r") is None  # the request was not recorded either


@pytest.mark.parametrize("expected", [3, 4, 100])
async def test_a_future_expected_version_conflicts_and_leaves_no_gap(
    store: EventStore, expected: int
) -> None:
    await store.create_match(record("m"), [ev(1), ev(2)])
    with pytest.raises(VersionConflict) as caught:
        await store.append("m", expected, [ev(99)])
    assert caught.value.current == 2
    assert await _versions(store, "m") == [1, 2]
    assert await store.append("m", 2, [ev(3)]) == 3
    assert await _versions(store, "m") == [1, 2, 3]


async def test_finished_matches_leave_the_active_list(store: EventStore) -> None:
    assert await store.active_match_ids() == []
    assert await store.count_matches() == (0, 0)
    for i, name in enumerate(["old", "mid", "new"]):
        rec = record(name)
        await store.create_match(
            type(rec)(rec.match_id, rec.seats, rec.target_points, rec.seed, 1000.0 + i), [ev(1)]
        )
    assert await store.active_match_ids() == ["new", "mid", "old"]  # newest first
    assert await store.active_match_ids(limit=2) == ["new", "mid"]
    assert await store.count_matches() == (3, 0)
    await store.append("mid", 1, [ev(2)], finished=True)
    assert await store.active_match_ids() == ["new", "old"]
    assert await store.count_matches() == (2, 1)
    with pytest.raises(VersionConflict):  # a failed append does not finish a match
        await store.append("old", 5, [ev(2)], finished=True)
    assert await store.count_matches() == (2, 1)


# ---------------------------------------------------------------------- idempotency


async def test_a_repeated_request_id_is_a_duplicate_with_the_stored_record(
    store: EventStore,
) -> None:
    await store.create_match(record("m"), [ev(1)])
    first = RequestRecord("req-1", 1, "1:place", 2, 3)
    assert await store.append("m", 1, [ev(2), ev(3)], request=first) == 3
    assert await store.get_request("m", "req-1") == first
    for expected in (3, 1):  # whatever version the retry names
        with pytest.raises(DuplicateRequest) as caught:
            await store.append("m", expected, [ev(4)], request=RequestRecord("req-1", 1, "x", 4, 4))
        assert caught.value.record == first
    assert await _versions(store, "m") == [1, 2, 3]
    assert await store.get_request("m", "other") is None


async def test_request_ids_are_per_match(store: EventStore) -> None:
    await store.create_match(record("a"), [ev(1)])
    await store.create_match(record("b"), [ev(1)])
    await store.append("a", 1, [ev(2)], request=RequestRecord("same", 0, "f", 2, 2))
    await store.append("b", 1, [ev(2)], request=RequestRecord("same", 1, "g", 2, 2))
    assert (await store.get_request("b", "same")) == RequestRecord("same", 1, "g", 2, 2)


# ---------------------------------------------------------------------- concurrency


async def test_concurrent_appenders_get_exactly_one_winner_per_version(
    store: EventStore, open_another: OpenStore
) -> None:
    """Many tasks over two store instances (two processes / replicas) all append to one
    match, each naming the version it last saw.  Every version is won exactly once, the
    log has no gaps, and every success is in the log."""
    other = await open_another()
    await store.create_match(record("race"), [ev(0)])
    target = 60
    won: list[tuple[int, str]] = []
    conflicts = 0

    async def writer(name: str, via: EventStore) -> None:
        nonlocal conflicts
        while True:
            seen = await via.latest_version("race")
            if seen >= target:
                return
            # Let the other writers read the same version before this one appends: the
            # race under test (SQLite calls run inline, so nothing else would interleave).
            await asyncio.sleep(0)
            try:
                version = await via.append("race", seen, [{"writer": name, "after": seen}])
            except VersionConflict as exc:
                assert exc.current > seen
                conflicts += 1
            else:
                won.append((version, name))

    await asyncio.gather(*(writer(f"w{i}", (store, other)[i % 2]) for i in range(16)))
    log = await store.read_events("race")
    assert [e.version for e in log] == list(range(1, len(log) + 1))
    assert len(log) >= target
    versions = Counter(v for v, _ in won)
    assert all(n == 1 for n in versions.values())
    assert sorted(versions) == list(range(2, len(log) + 1))  # every append is a winner's
    for version, name in won:
        body = log[version - 1].body
        assert body == {"writer": name, "after": version - 1}
    assert conflicts > 0  # they really raced


async def test_racing_duplicates_of_one_request_apply_once(
    store: EventStore, open_another: OpenStore
) -> None:
    """The same request sent through two replicas at once: one applies it, the others
    answer DuplicateRequest with that record (never a second copy of the events)."""
    other = await open_another()
    await store.create_match(record("dup"), [ev(1)])
    for round_ in range(5):
        at = await store.latest_version("dup")
        req = RequestRecord(f"req-{round_}", 0, "f", at + 1, at + 1)
        results = await asyncio.gather(
            *(
                (store, other)[i % 2].append("dup", at, [{"round": round_}], request=req)
                for i in range(8)
            ),
            return_exceptions=True,
        )
        ok = [r for r in results if isinstance(r, int)]
        dups = [r for r in results if isinstance(r, DuplicateRequest)]
        assert ok == [at + 1] and len(dups) == 7, results
        assert all(d.record == req for d in dups)
    assert await _versions(store, "dup") == [1, 2, 3, 4, 5, 6]


# ---------------------------------------------------------------------- seats


async def test_seat_claims(store: EventStore, open_another: OpenStore) -> None:
    await store.create_match(record("m", ("human", "human", "human")), [ev(1)])
    assert await store.seat_tokens("m") == {}
    await store.claim_seat("m", 0, b"\x01" * 32)
    await store.claim_seat("m", 2, b"\x02" * 32)
    with pytest.raises(SeatTaken):
        await store.claim_seat("m", 0, b"\x03" * 32)
    assert await store.seat_tokens("m") == {0: b"\x01" * 32, 2: b"\x02" * 32}
    with pytest.raises(MatchNotFound):
        await store.claim_seat("nope", 0, b"\x01" * 32)
    # Two replicas racing for one seat: exactly one gets it.
    other = await open_another()
    results = await asyncio.gather(
        store.claim_seat("m", 1, b"\x0a" * 32),
        other.claim_seat("m", 1, b"\x0b" * 32),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "SeatTaken"]
    assert (await other.seat_tokens("m"))[1] in (b"\x0a" * 32, b"\x0b" * 32)


# ---------------------------------------------------------------------- migrations


async def test_reopening_keeps_the_data_and_reapplies_nothing(
    store: EventStore, open_another: OpenStore
) -> None:
    await store.create_match(record("kept"), [ev(1)])
    await store.append("kept", 1, [ev(2)], request=RequestRecord("r", 0, "f", 2, 2))
    await store.claim_seat("kept", 0, b"h" * 32)
    await open_another.close(store)
    for _ in range(2):
        again = await open_another()
        assert await _versions(again, "kept") == [1, 2]
        assert await again.get_request("kept", "r") is not None
        assert await again.seat_tokens("kept") == {0: b"h" * 32}
        assert await _schema_versions(again) == _every_migration(again)


async def test_stores_opening_together_on_a_fresh_database(open_another: OpenStore) -> None:
    """Replicas starting at the same moment: each migration is applied exactly once."""
    stores = await asyncio.gather(*(open_another() for _ in range(4)))
    for s in stores:
        assert await _schema_versions(s) == _every_migration(s)
    await stores[0].create_match(record("m"), [ev(1)])
    assert await stores[3].append("m", 1, [ev(2)]) == 2


async def test_a_store_refuses_a_schema_newer_than_its_code(
    store: EventStore, open_another: OpenStore
) -> None:
    """A server rolled back after a newer one migrated the database does not serve it
    (on either backend), and the database is left as it was."""
    import sqlite3

    from fiveup.match.ports import StoreError
    from fiveup.store.postgres.events import PostgresStore
    from fiveup.store.sqlite.events import SqliteStore

    newer = len(_every_migration(store)) + 1
    if isinstance(store, PostgresStore):
        async with store.pool.connection() as conn:
            await conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (newer,))
    else:
        assert isinstance(store, SqliteStore)
        with contextlib.closing(sqlite3.connect(store.path)) as conn, conn:
            conn.execute("INSERT INTO schema_version (version) VALUES (?)", (newer,))
    with pytest.raises(StoreError, match="newer than this code"):
        await open_another()
    assert await _schema_versions(store) == [*_every_migration(store), newer]


def _every_migration(store: EventStore) -> list[int]:
    """1..n: each of the backend's migrations, applied once."""
    from fiveup.store.postgres import events_schema as postgres
    from fiveup.store.postgres.events import PostgresStore
    from fiveup.store.sqlite import events_schema as sqlite

    module = postgres if isinstance(store, PostgresStore) else sqlite
    return list(range(1, len(module.MIGRATIONS) + 1))


async def _schema_versions(store: EventStore) -> list[int]:
    """Rows of the schema_version table (one per applied migration)."""
    from fiveup.store.postgres.events import PostgresStore
    from fiveup.store.sqlite.events import SqliteStore

    if isinstance(store, PostgresStore):
        async with store.pool.connection() as conn:
            cur = await conn.execute("SELECT version FROM schema_version ORDER BY version")
            return [int(r[0]) for r in await cur.fetchall()]
    assert isinstance(store, SqliteStore)
    return await store._run(
        lambda c: [r[0] for r in c.execute("SELECT version FROM schema_version ORDER BY version")]
    )


# ---------------------------------------------------------------------- notifications


POSTGRES_ONLY = pytest.mark.parametrize(
    "backend", [pytest.param("postgres", marks=pytest.mark.postgres)]
)


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_sqlite_offers_no_listen(store: EventStore) -> None:
    assert not hasattr(store, "listen")  # other processes on the file must poll


@POSTGRES_ONLY
@pytest.mark.parametrize("notify", ["transaction", "after_commit"])
async def test_listen_hears_appends_from_other_stores_only(
    store: EventStore, open_another: OpenStore, notify: str
) -> None:
    listener = await open_another(notify=notify)
    writer = await open_another(notify=notify)
    heard: asyncio.Queue[str] = asyncio.Queue()
    loop_thread = threading.get_ident()
    threads: set[int] = set()

    def callback(match_id: str) -> None:
        threads.add(threading.get_ident())
        asyncio.get_running_loop()  # raises unless called on the event loop
        heard.put_nowait(match_id)

    await listener.listen(callback)  # type: ignore[attr-defined]
    await writer.create_match(record("a"), [ev(1)])
    await writer.create_match(record("b"), [ev(1)])
    await writer.create_match(record("own"), [ev(1)])
    with pytest.raises(VersionConflict):  # a failed append notifies nobody...
        await writer.append("a", 7, [ev(2)])
    await listener.append("own", 1, [ev(2)])  # ...nor is the listener told of its own...
    await writer.append("b", 1, [ev(2)])  # ...but another store's commit is heard
    assert await asyncio.wait_for(heard.get(), 10) == "b"
    await writer.append("a", 1, [ev(2)])
    assert await asyncio.wait_for(heard.get(), 10) == "a"
    await store.append("own", 2, [ev(3)])  # a third store (the fixture's) is another one too
    assert await asyncio.wait_for(heard.get(), 10) == "own"
    assert heard.empty()
    assert threads == {loop_thread}


@POSTGRES_ONLY
async def test_an_after_commit_store_wakes_every_active_match_when_it_opens(
    store: EventStore, open_another: OpenStore
) -> None:
    """It may have died between a commit and its notification in a previous life."""
    await store.create_match(record("open-1"), [ev(1)])
    await store.create_match(record("open-2"), [ev(1)])
    await store.append("open-2", 1, [ev(2)], finished=True)
    heard: asyncio.Queue[str] = asyncio.Queue()
    await store.listen(heard.put_nowait)  # type: ignore[attr-defined]
    await open_another(notify="after_commit")
    assert await asyncio.wait_for(heard.get(), 10) == "open-1"  # not the finished one
    await open_another(notify="transaction")  # this mode has nothing to catch up on
    await store.append("open-1", 1, [ev(2)])  # own append: not echoed
    assert heard.empty()


@POSTGRES_ONLY
async def test_listener_reconnects_and_wakes_every_active_match(
    store: EventStore, open_another: OpenStore
) -> None:
    from fiveup.store.postgres.events import PostgresStore

    assert isinstance(store, PostgresStore)
    writer = await open_another()
    await writer.create_match(record("x"), [ev(1)])
    await writer.create_match(record("y"), [ev(1)])
    heard: asyncio.Queue[str] = asyncio.Queue()
    await store.listen(heard.put_nowait)
    conn = store._listener.connection if store._listener is not None else None
    assert conn is not None
    pid = conn.info.backend_pid
    async with writer.pool.connection() as admin:  # type: ignore[attr-defined]
        await admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    # After reconnecting, every unfinished match is woken (notifications may be lost).
    woken = {await asyncio.wait_for(heard.get(), 30) for _ in range(2)}
    assert woken == {"x", "y"}
    assert store.reconnects == 1
    await writer.append("y", 1, [ev(2)])
    assert await asyncio.wait_for(heard.get(), 10) == "y"
