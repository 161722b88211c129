"""SQLite event store: the embedded default.

The database runs in WAL mode; ``synchronous=NORMAL`` (the default here) makes every
committed transaction survive a crash of the process, ``synchronous=FULL`` also survives
power loss at the cost of an fsync per commit (``--sqlite-synchronous full``).

Where the calls run.  With ``synchronous`` OFF or NORMAL a commit only appends to the
WAL (no fsync), and a call (a version check and an insert, or an indexed read) costs
less than handing it to a thread and back, which costs the event loop time and a GIL
hand-over per call (docs/operations.md, "One machine: SQLite", has the figures).  So
those calls run inline on the event loop's own connection,
which never waits for a lock (``busy_timeout=0``) and never checkpoints (the fsyncs
live there): a call that finds the database locked (another process writes the same
file, ``--workers``) is retried on a worker thread's connection, which waits up to
``busy_timeout``, and the worker thread checkpoints the WAL every
``CHECKPOINT_EVERY`` inline commits.  While it does (a few ms), writes wait for it:
a checkpoint racing a stream of inline commits would never catch up with them, and the
WAL would grow without end; one that completes lets the next commit restart the WAL from
its beginning, so the file stays bounded.  (They wait on the event loop and then run
inline, not queued on the worker thread: every call there costs a GIL hand-over, up to
the interpreter's switch interval while the loop is busy, and a queue of them made the
tail latency many times worse.)
Calls that may scan a whole table, and every call under FULL/EXTRA (an fsync per
commit), run on the worker thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from ...match.errors import MatchNotFound, SeatTaken
from ...match.ports import (
    LAST_EVENT_PRECISION_SECONDS,
    DueTurn,
    DuplicateRequest,
    MatchRecord,
    NoticeParticipant,
    OutcomeParticipant,
    RequestRecord,
    SchemaTooNew,
    StoredEvent,
    StoreError,
    TurnIndex,
    VersionConflict,
    encode_event,
)
from ...notifications.notices import Notice
from ...ratings.outcome import MatchOutcome
from ...shared.pools import PoolUse, worker_use
from ..options import SYNCHRONOUS_LEVELS
from .events_schema import MIGRATIONS

T = TypeVar("T")
log = logging.getLogger(__name__)

# When the match last moved, to within LAST_EVENT_PRECISION_SECONDS (a fresh stamp is
# left alone: no page written), and at its end that it is over.
STAMP_SQL = (
    "UPDATE matches SET last_event_at = ? WHERE match_id = ?"
    " AND (last_event_at IS NULL OR last_event_at < ?)"
)
STAMP_FINISHED_SQL = "UPDATE matches SET last_event_at = ?, finished = 1 WHERE match_id = ?"
INLINE_LEVELS = ("OFF", "NORMAL")  # no fsync at commit: cheap enough for the event loop
CHECKPOINT_EVERY = 256  # inline write transactions between two WAL checkpoints
BUSY_TIMEOUT_MS = 5000  # how long the worker thread's connection waits for a lock


class SqliteStore:
    def __init__(
        self,
        url: str,
        synchronous: str = "normal",
        *,
        ratings: OutcomeParticipant[sqlite3.Connection, None] | None = None,
        notifications: NoticeParticipant[sqlite3.Connection, list[str]] | None = None,
    ) -> None:
        """``ratings`` and ``notifications``: the rating and notification stores of this
        file, which write a finished match's outcome and the notices an append causes in
        its transaction (their tables are theirs: each migrates its own when it opens).
        Without one, a write that needs it fails (``StoreError``)."""
        self.url = url
        self._ratings = ratings
        self._notifications = notifications
        path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        self.path = path
        if synchronous.lower() not in SYNCHRONOUS_LEVELS:
            raise ValueError(f"sqlite synchronous must be one of {SYNCHRONOUS_LEVELS}")
        self.synchronous = synchronous.upper()
        # ":memory:" is one database per connection: everything on the worker's.
        self.inline = self.synchronous in INLINE_LEVELS and path != ":memory:"
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._worker_calls = 0  # submitted to the worker thread, not yet finished
        self._conn: sqlite3.Connection | None = None  # the worker thread's
        self._loop_conn: sqlite3.Connection | None = None  # the event loop's (inline)
        self._since_checkpoint = 0
        self._checkpoint: asyncio.Future[None] | None = None
        self.retried_off_loop = 0  # inline calls that found the database locked (tests)

    # ------------------------------------------------------------------ plumbing

    async def _run(self, fn: Callable[[sqlite3.Connection], T], *, writes: bool = False) -> T:
        """Run a short call: inline when that is cheap and the database is free, else on
        the worker thread."""
        checkpoint = self._checkpoint
        if writes and checkpoint is not None and not checkpoint.done():
            await asyncio.wait([checkpoint])  # let it complete: then the WAL restarts
        conn = self._loop_conn
        if conn is not None:
            try:
                result = fn(conn)
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise
                self.retried_off_loop += 1  # another process holds the lock: wait off-loop
            else:
                if writes:
                    self._count_commit()
                return result
        return await self._off_loop(fn)

    async def _off_loop(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run a call on the worker thread's connection (long scans, fsyncs, lock waits)."""
        return await self._in_worker(lambda: fn(self._worker_conn()))

    async def _in_worker(self, fn: Callable[[], T]) -> T:
        self._worker_calls += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn)
        finally:
            self._worker_calls -= 1

    def pool_use(self) -> list[PoolUse]:
        """The worker thread's queue (the inline calls never wait for one)."""
        return [worker_use("sqlite", self._worker_calls)]

    def _worker_conn(self) -> sqlite3.Connection:
        assert self._conn is not None, "store is not open"
        return self._conn

    def _count_commit(self) -> None:
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_EVERY and (
            self._checkpoint is None or self._checkpoint.done()
        ):
            self._since_checkpoint = 0
            self._checkpoint = asyncio.ensure_future(self._off_loop(_checkpoint))
            self._checkpoint.add_done_callback(_log_failure)

    def _connect(self, busy_timeout_ms: int) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        _set_wal(conn)
        conn.execute(f"PRAGMA synchronous={self.synchronous}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        return conn

    async def open(self) -> None:
        def connect() -> None:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = self._connect(BUSY_TIMEOUT_MS)
            try:
                _migrate(conn)
            except BaseException:
                conn.close()
                raise
            self._conn = conn

        await self._in_worker(connect)
        if self.inline:
            conn = await self._in_worker(lambda: self._connect(0))
            conn.execute("PRAGMA wal_autocheckpoint=0")  # the worker thread checkpoints
            self._loop_conn = conn

    async def close(self) -> None:
        loop_conn, self._loop_conn = self._loop_conn, None
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)

        def close() -> None:
            if loop_conn is not None:
                loop_conn.close()
            if self._conn is not None:
                self._conn.close()  # the last connection: SQLite checkpoints the WAL
                self._conn = None

        await self._in_worker(close)
        self._executor.shutdown(wait=True)

    # ------------------------------------------------------------------ matches

    async def create_match(
        self, record: MatchRecord, events: Sequence[dict[str, Any]], *,
        notices: Sequence[Notice] = (),
    ) -> None:  # fmt: skip
        rows = [(record.match_id, v, encode_event(e)) for v, e in enumerate(events, start=1)]

        def create(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "INSERT INTO matches (match_id, seats, target_points, seed, created_at,"
                    " creator_hash, turn_clock, last_event_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.match_id,
                        json.dumps(list(record.seats)),
                        record.target_points,
                        record.seed,
                        record.created_at,
                        record.creator_hash,
                        record.turn_clock_seconds,
                        record.created_at,
                    ),
                )
                conn.executemany("INSERT INTO events VALUES (?, ?, ?)", rows)
                self._write_notices(conn, notices)

        await self._run(create, writes=True)

    async def load_match(self, match_id: str) -> MatchRecord:
        def load(conn: sqlite3.Connection) -> MatchRecord:
            row = conn.execute(
                "SELECT seats, target_points, seed, created_at, creator_hash, turn_clock"
                " FROM matches WHERE match_id = ?",
                (match_id,),
            ).fetchone()
            if row is None:
                raise MatchNotFound(f"no match {match_id!r}")
            creator = bytes(row[4]) if row[4] is not None else None
            return MatchRecord(
                match_id, tuple(json.loads(row[0])), row[1], bytes(row[2]), row[3], creator,
                row[5],
            )  # fmt: skip

        return await self._run(load)

    async def read_events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        def read(conn: sqlite3.Connection) -> list[StoredEvent]:
            rows = conn.execute(
                "SELECT version, body FROM events WHERE match_id = ? AND version > ?"
                " ORDER BY version",
                (match_id, after_version),
            ).fetchall()
            return [StoredEvent(v, json.loads(b)) for v, b in rows]

        return await self._run(read)

    async def latest_version(self, match_id: str) -> int:
        return await self._run(lambda conn: _latest(conn, match_id))

    async def append(
        self,
        match_id: str,
        expected_version: int,
        events: Sequence[dict[str, Any]],
        *,
        request: RequestRecord | None = None,
        finished: bool = False,
        outcome: MatchOutcome | None = None,
        turn: TurnIndex | None = None,
        notices: Sequence[Notice] = (),
    ) -> int:
        rows = [(match_id, expected_version + i, encode_event(e)) for i, e in enumerate(events, 1)]
        new_version = expected_version + len(rows)

        def append(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                if outcome is not None:
                    self._outcomes().before_append(conn, outcome)
                if request is not None:
                    prior = _request(conn, match_id, request.request_id)
                    if prior is not None:
                        raise DuplicateRequest(prior)
                current = _latest(conn, match_id)
                if current == 0 and not _exists(conn, match_id):
                    raise MatchNotFound(f"no match {match_id!r}")
                if current != expected_version:
                    raise VersionConflict(match_id, expected_version, current)
                conn.executemany("INSERT INTO events VALUES (?, ?, ?)", rows)
                if request is not None:
                    conn.execute(
                        "INSERT INTO requests VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            match_id,
                            request.request_id,
                            request.seat,
                            request.fingerprint,
                            request.first_version,
                            request.last_version,
                        ),
                    )
                # When the match last moved (a live match silent too long is stuck: the
                # operators' list), and whether it is over.
                now = time.time()
                if finished:
                    conn.execute(STAMP_FINISHED_SQL, (now, match_id))
                else:
                    conn.execute(STAMP_SQL, (now, match_id, now - LAST_EVENT_PRECISION_SECONDS))
                if outcome is not None:  # under the write lock: serialised with all others
                    self._outcomes().write_outcome(conn, outcome)
                if turn is not None:
                    conn.execute(
                        "UPDATE matches SET turn_seat = ?, turn_deadline = ?, remind_at = ?"
                        " WHERE match_id = ?",
                        (turn.seat, turn.deadline, turn.remind_at, match_id),
                    )
                if notices:
                    self._write_notices(conn, notices)
            return new_version

        return await self._run(append, writes=True)

    async def get_request(self, match_id: str, request_id: str) -> RequestRecord | None:
        return await self._run(lambda conn: _request(conn, match_id, request_id))

    def _outcomes(self) -> OutcomeParticipant[sqlite3.Connection, None]:
        if self._ratings is None:
            raise StoreError("this event store was opened without the rating store")
        return self._ratings

    def _write_notices(self, conn: sqlite3.Connection, notices: Sequence[Notice]) -> list[str]:
        if not notices:
            return []
        if self._notifications is None:
            raise StoreError("this event store was opened without the notification store")
        return self._notifications.write_notices(conn, notices)

    # ------------------------------------------------------------------ correspondence

    async def due_turns(self, now: float, limit: int = 500) -> list[DueTurn]:
        def due(conn: sqlite3.Connection) -> list[DueTurn]:
            rows = conn.execute(
                "SELECT match_id, turn_deadline, remind_at FROM matches"
                " WHERE finished = 0 AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
                " UNION SELECT match_id, turn_deadline, remind_at FROM matches"
                " WHERE finished = 0 AND remind_at IS NOT NULL AND remind_at <= ?"
                " ORDER BY 2 LIMIT ?",
                (now, now, limit),
            ).fetchall()
            return [DueTurn(m, float(d), r, float(d) <= now) for m, d, r in rows]

        return await self._run(due)

    async def record_reminder(
        self, match_id: str, remind_at: float, notices: Sequence[Notice]
    ) -> list[str]:
        def record(conn: sqlite3.Connection) -> list[str]:
            with _transaction(conn):
                cur = conn.execute(
                    "UPDATE matches SET remind_at = NULL WHERE match_id = ? AND remind_at = ?",
                    (match_id, remind_at),
                )
                return self._write_notices(conn, notices) if cur.rowcount else []

        return await self._run(record, writes=True)

    # ------------------------------------------------------------------ seats

    async def claim_seat(self, match_id: str, seat: int, token_hash: bytes) -> None:
        def claim(conn: sqlite3.Connection) -> None:
            try:
                with _transaction(conn):
                    conn.execute("INSERT INTO seats VALUES (?, ?, ?)", (match_id, seat, token_hash))
            except sqlite3.IntegrityError:
                if not _exists(conn, match_id):
                    raise MatchNotFound(f"no match {match_id!r}") from None
                raise SeatTaken(f"seat {seat} of match {match_id!r} is taken") from None

        await self._run(claim, writes=True)

    async def seat_tokens(self, match_id: str) -> dict[int, bytes]:
        def tokens(conn: sqlite3.Connection) -> dict[int, bytes]:
            rows = conn.execute(
                "SELECT seat, token_hash FROM seats WHERE match_id = ?", (match_id,)
            ).fetchall()
            return {seat: bytes(h) for seat, h in rows}

        return await self._run(tokens)

    async def active_match_ids(self, limit: int = 10_000) -> list[str]:
        def active(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT match_id FROM matches WHERE finished = 0 ORDER BY created_at DESC LIMIT ?",
                (limit,),
            ).fetchall()
            return [r[0] for r in rows]

        return await self._off_loop(active)  # may scan the whole table

    async def count_matches(self) -> tuple[int, int]:
        def count(conn: sqlite3.Connection) -> tuple[int, int]:
            row = conn.execute(
                "SELECT COALESCE(SUM(finished = 0), 0), COALESCE(SUM(finished = 1), 0) FROM matches"
            ).fetchone()
            return int(row[0]), int(row[1])

        return await self._off_loop(count)  # scans the whole table

    async def stamp_finished(self, now: float) -> int:
        def stamp(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                cur = conn.execute(
                    "UPDATE matches SET finished_at = ? WHERE finished = 1 AND finished_at IS NULL",
                    (now,),
                )
                return int(cur.rowcount)

        return await self._off_loop(stamp)

    async def expired_match_ids(
        self, *, unjoined_before: float, finished_before: float, limit: int = 1000
    ) -> list[str]:
        def expired(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT match_id FROM matches m WHERE"
                " (m.finished = 0 AND m.created_at < ?"
                "  AND (SELECT COUNT(*) FROM json_each(m.seats) WHERE value = 'human')"
                "    > (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.match_id))"
                " OR (m.finished = 1 AND m.finished_at < ?"
                "  AND NOT EXISTS (SELECT 1 FROM player_results r WHERE r.match_id = m.match_id))"
                " LIMIT ?",
                (_bound(unjoined_before), _bound(finished_before), limit),
            ).fetchall()
            return [r[0] for r in rows]

        return await self._off_loop(expired)

    async def delete_matches(self, match_ids: Sequence[str]) -> int:
        ids = [(m,) for m in match_ids]

        def delete(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                for table in ("events", "seats", "requests"):
                    conn.executemany(f"DELETE FROM {table} WHERE match_id = ?", ids)
                cur = conn.executemany("DELETE FROM matches WHERE match_id = ?", ids)
                return int(cur.rowcount)

        return await self._off_loop(delete)


# ---------------------------------------------------------------------- helpers


def _bound(value: float) -> float | None:
    """A time bound for SQL: -inf (no bound) is NULL, which compares false."""
    return None if value == float("-inf") else value


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT: takes the write lock up front so the version check and
    the insert are one atomic step even if another process shares the file."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return
            except BaseException:
                if self.conn.in_transaction:  # e.g. a busy COMMIT: leave no lock behind
                    self.conn.execute("ROLLBACK")
                raise
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    return (exc.sqlite_errorcode & 0xFF) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _log_failure(future: asyncio.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("WAL checkpoint failed: %s", future.exception())


def _checkpoint(conn: sqlite3.Connection) -> None:
    """Copy the WAL into the database as far as readers allow, without blocking writers
    (the next writer then restarts the WAL from its beginning)."""
    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def _set_wal(conn: sqlite3.Connection, patience: float = 5.0) -> None:
    """Switch to WAL.  Several processes opening a new file at once (``--workers``) race
    to change its journal mode, and the loser gets "database is locked" at once: the busy
    timeout does not cover this pragma.  Retry for a while."""
    deadline = time.monotonic() + patience
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _migrate(conn: sqlite3.Connection) -> None:
    """The event log's own tables only: the ratings and notification tables an append
    also writes are their stores' (each migrates its own as it opens; the composition
    root opens every store before any append: ``fiveup.app.contexts.open_stores``)."""
    migrate(conn, "schema_version", MIGRATIONS)


def migrate(conn: sqlite3.Connection, version_table: str, migrations: Sequence[str]) -> None:
    """Apply the numbered migration scripts (statements separated by ";") not yet
    recorded in ``version_table``, in one write transaction: several processes opening
    the file at once apply each exactly once.  A file newer than this code (a server
    rolled back after a newer one migrated it) is refused, as on PostgreSQL, instead of
    being served with tables this code does not know.  Shared by the stores on this file."""
    with _transaction(conn):
        conn.execute(f"CREATE TABLE IF NOT EXISTS {version_table} (version INTEGER NOT NULL)")
        row = conn.execute(f"SELECT MAX(version) FROM {version_table}").fetchone()
        current = row[0] or 0
        if current > len(migrations):
            raise SchemaTooNew(
                f"{version_table} is at version {current}, newer than this code knows"
                f" ({len(migrations)}): upgrade the server"
            )
        for number, script in enumerate(migrations, start=1):
            if number > current:
                for statement in script.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"INSERT INTO {version_table} VALUES (?)", (number,))


def connect_worker(path: str, *, foreign_keys: bool = False) -> sqlite3.Connection:
    """A worker thread's connection to a store file (created with its folder if missing):
    WAL, optionally foreign keys, and a busy timeout so writers from other processes
    queue instead of failing."""
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    _set_wal(conn)
    if foreign_keys:
        conn.execute("PRAGMA foreign_keys=ON")
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return conn


def _latest(conn: sqlite3.Connection, match_id: str) -> int:
    row = conn.execute("SELECT MAX(version) FROM events WHERE match_id = ?", (match_id,)).fetchone()
    return int(row[0] or 0)


def _exists(conn: sqlite3.Connection, match_id: str) -> bool:
    return (
        conn.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone() is not None
    )


def _request(conn: sqlite3.Connection, match_id: str, request_id: str) -> RequestRecord | None:
    row = conn.execute(
        "SELECT seat, fingerprint, first_version, last_version FROM requests"
        " WHERE match_id = ? AND request_id = ?",
        (match_id, request_id),
    ).fetchone()
    return None if row is None else RequestRecord(request_id, row[0], row[1], row[2], row[3])
