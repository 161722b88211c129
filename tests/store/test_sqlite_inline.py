"""The SQLite store's calls run inline on the event loop (synchronous OFF/NORMAL): a
locked database is waited for on the worker thread instead, and the WAL, which the
inline connection never checkpoints, is kept bounded by the worker's checkpoints."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from fiveup.store.sqlite.events import CHECKPOINT_EVERY, SqliteStore

from .conftest import ev, record


async def opened(path: Path, synchronous: str = "normal") -> SqliteStore:
    store = SqliteStore(str(path), synchronous=synchronous)
    await store.open()
    return store


@pytest.mark.parametrize(("synchronous", "inline"), [("normal", True), ("off", True),
                                                     ("full", False), ("extra", False)])  # fmt: skip
async def test_only_commits_without_an_fsync_run_inline(
    tmp_path: Path, synchronous: str, inline: bool
) -> None:
    store = await opened(tmp_path / "s.sqlite3", synchronous)
    try:
        assert store.inline is inline
        await store.create_match(record("m"), [ev(1)])
        assert await store.append("m", 1, [ev(2)]) == 2
        assert [e.body for e in await store.read_events("m")] == [ev(1), ev(2)]
    finally:
        await store.close()


async def test_a_locked_database_is_waited_for_off_the_event_loop(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    store = await opened(path)
    other = sqlite3.connect(path, isolation_level=None)  # another process, say
    try:
        await store.create_match(record("m"), [ev(1)])
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        task = asyncio.ensure_future(store.append("m", 1, [ev(2)]))
        while store.retried_off_loop == 0:  # the inline try finds the lock and hands over
            assert not task.done()
            await asyncio.sleep(0)
        assert not task.done()  # waiting on the worker thread; the loop runs on
        assert await store.latest_version("m") == 1  # reads still answer, inline
        other.execute("ROLLBACK")
        assert await task == 2
        assert [e.body for e in await store.read_events("m")] == [ev(1), ev(2)]
        assert store.retried_off_loop == 1
    finally:
        other.close()
        await store.close()


async def test_the_wal_stays_bounded_under_a_stream_of_commits(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    wal = Path(f"{path}-wal")
    store = await opened(path)
    try:
        await store.create_match(record("m"), [ev(0)])
        sizes = []
        for version in range(1, 6 * CHECKPOINT_EVERY + 1):
            await store.append("m", version, [ev(version)])
            sizes.append(os.path.getsize(wal))
        # The file is reused from its start after each checkpoint, so its size is the
        # high-water mark: about one checkpoint interval of commits, not all six.
        one_interval = sizes[CHECKPOINT_EVERY - 1]
        assert sizes[-1] <= 2 * one_interval, (one_interval, sizes[-1])
        assert len(await store.read_events("m")) == 6 * CHECKPOINT_EVERY + 1
    finally:
        await store.close()


async def test_the_session_check_reads_inline_and_sees_a_revocation_at_once(
    tmp_path: Path,
) -> None:
    """Every call of a signed-in player asks whether its session is alive: on SQLite that
    read runs on the event loop's own read-only connection, never queued behind the
    worker thread (held busy here), and still sees the worker's latest commit."""
    import hashlib
    import threading

    from fiveup.identity.ports import Identity
    from fiveup.store.sqlite.players import SqlitePlayerStore

    players = SqlitePlayerStore(str(tmp_path / "p.sqlite3"))
    await players.open()
    release = threading.Event()
    try:
        await players.sign_in(Identity("device", "d" * 64), "p1", "Ada", 1.0)
        token = hashlib.sha256(b"t1").digest()
        await players.start_session("s1", "p1", token, 10.0, expires_at=1000.0)
        busy = asyncio.get_running_loop().run_in_executor(players._executor, release.wait)
        assert await players.session_active("s1")  # answered while the worker is blocked
        assert (await players.get_player("p1")) is not None
        assert not busy.done()
        release.set()
        await busy
        assert await players.revoke(token, 50.0, "signed out") == "s1"  # on the worker
        assert not await players.session_active("s1")  # the inline read sees it
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            assert players._reader is not None
            players._reader.execute("DELETE FROM player_sessions")  # the reader cannot write
    finally:
        release.set()
        await players.close()


async def test_an_in_memory_store_reads_on_its_worker(tmp_path: Path) -> None:
    """A second connection to ``:memory:`` would be another, empty database."""
    from fiveup.store.sqlite.players import SqlitePlayerStore

    players = SqlitePlayerStore(":memory:")
    await players.open()
    try:
        assert players._reader is None
        assert await players.session_active("nobody") is False
    finally:
        await players.close()
