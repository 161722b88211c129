"""PostgreSQL event store: several replicas share one database.

* **Durability.** Every write is one transaction that is committed before the call
  returns (the pool's connections run in autocommit mode, so a single statement is its
  own transaction and ``execute`` returns after the server has sent ReadyForQuery, i.e.
  after COMMIT).  With the default ``synchronous_commit = on`` an acknowledged move is on
  disk on the database server.
* **Appends** run server-side in ``fiveup_append(...)`` (one round trip): version check,
  idempotency check, the events, the request record and the finished flag in one
  transaction.  Two replicas racing on one version can both pass the checks; the primary
  key (match_id, version) then makes the later one fail with a unique violation, which is
  reported as ``DuplicateRequest`` (same request id already stored) or ``VersionConflict``.
* **Notifications** (``pg_notify('fiveup_events', match_id)``) tell other replicas that a
  match moved.  Two ways to send them (``notify=``; the server's ``--pg-notify``):

  - ``"transaction"`` (default): inside the append's transaction, so a notification is
    sent if and only if the append commits.  PostgreSQL serialises the commits of all
    transactions that NOTIFY (a cluster-wide lock held through the commit's WAL flush),
    so the whole cluster commits at most about one append per fsync, however many
    replicas there are (docs/operations.md has the measured ceiling).
  - ``"after_commit"``: the append commits (durably, without NOTIFY, so commits of
    concurrent appends share fsyncs) and returns; a background task then sends the
    pending match ids in one small asynchronously-committed transaction.  Events are
    still durable before anyone is told about them; the price is that a replica that
    dies between its commit and its notification loses that wake-up until the next
    append to the match or until it starts again (a store opened in this mode notifies
    every unfinished match once, for what its previous life may have left unsent).

* **Listening.** ``listen(callback)`` keeps one dedicated connection on
  ``LISTEN fiveup_events`` and calls ``callback(match_id)`` on the event loop for every
  notification from *another* store (appends through this store are not echoed back: its
  caller already knows; an append whose outcome is unknown, e.g. the connection broke
  during COMMIT, is announced locally just in case).  Notifications are only wake-ups:
  readers always re-read the log from their own cursor.  If the listening connection
  drops, it reconnects with backoff and then calls ``callback`` once for every unfinished
  match, since notifications sent while it was away are lost (a spurious wake-up is
  harmless, a missed one could leave a watcher or a bot turn waiting).
* **Migrations** are numbered; ``open()`` applies the missing ones inside one
  transaction holding ``pg_advisory_xact_lock``, so replicas starting together apply
  each migration exactly once and never see a half-built schema.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from ...match.errors import MatchNotFound, SeatTaken
from ...match.ports import (
    DueTurn,
    DuplicateRequest,
    MatchRecord,
    RequestRecord,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    TurnIndex,
    VersionConflict,
    encode_event,
)
from ...notifications.notices import Notice
from ...ratings.outcome import MatchOutcome
from ...shared.pools import PoolUse
from ...shared.redact import redact_url
from ..options import NOTIFY_MODES
from ..ratings_sql import PG_RATING_LOCK, RESOLVE_LEGACY_MODES_PG, write_outcome_postgres
from ..ratings_sql import PG_SCHEMA as RATING_SCHEMA
from .common import VersionedSchema, migrate, pool_use
from .outbox import SCHEMA as NOTIFICATION_SCHEMA
from .outbox import write_notices

log = logging.getLogger(__name__)

CHANNEL = "fiveup_events"
# Connection failures no retry will fix: (what libpq says, what to do about it).
_PERMANENT_CONNECT_ERRORS = (
    (r'database "[^"]*" does not exist', "create it (createdb NAME) or fix the URL's database"),
    (r'role "[^"]*" does not exist', "create the role or fix the URL's user"),
    (r'password authentication failed for user "[^"]*"', "fix the URL's password"),
    (r"no pg_hba\.conf entry[^\n]*", "allow this client in pg_hba.conf or fix the URL"),
)
# pg_advisory_xact_lock(bigint) key that serialises schema migrations: "fiveupmg" in ASCII.
MIGRATION_LOCK = 0x66697665_75706D67

MIGRATIONS: list[list[str]] = [
    # 1: the event log, seats, idempotency records, and the append function
    [
        """
        CREATE TABLE matches (
            match_id      TEXT PRIMARY KEY,
            seats         JSONB NOT NULL,
            target_points INTEGER NOT NULL,
            seed          BYTEA NOT NULL,
            created_at    DOUBLE PRECISION NOT NULL,
            finished      BOOLEAN NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX matches_active ON matches (created_at DESC) WHERE NOT finished",
        """
        CREATE TABLE events (
            match_id TEXT NOT NULL REFERENCES matches (match_id),
            version  INTEGER NOT NULL CHECK (version > 0),
            body     JSONB NOT NULL,
            PRIMARY KEY (match_id, version)
        )
        """,
        """
        CREATE TABLE seats (
            match_id   TEXT NOT NULL REFERENCES matches (match_id),
            seat       INTEGER NOT NULL,
            token_hash BYTEA NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
        """
        CREATE TABLE requests (
            match_id      TEXT NOT NULL REFERENCES matches (match_id),
            request_id    TEXT NOT NULL,
            seat          INTEGER NOT NULL,
            fingerprint   TEXT NOT NULL,
            first_version INTEGER NOT NULL,
            last_version  INTEGER NOT NULL,
            PRIMARY KEY (match_id, request_id)
        )
        """,
        # One round trip per append.  Returns ('ok', new version), ('conflict', current),
        # ('missing', 0) or ('duplicate', current, <the stored request>).  A writer that
        # races past the checks fails on a primary key instead (handled by the caller).
        """
        CREATE FUNCTION fiveup_append(
            p_match_id TEXT, p_expected INTEGER, p_bodies TEXT[],
            p_request_id TEXT, p_seat INTEGER, p_fingerprint TEXT,
            p_first INTEGER, p_last INTEGER, p_finished BOOLEAN, p_notify BOOLEAN,
            OUT outcome TEXT, OUT current_version INTEGER,
            OUT r_seat INTEGER, OUT r_fingerprint TEXT, OUT r_first INTEGER, OUT r_last INTEGER
        ) LANGUAGE plpgsql AS $fn$
        BEGIN
            -- The version first, then the request: each statement sees the latest commits
            -- (READ COMMITTED), so a racing append of this request committed in between is
            -- seen by the second read and reported as a duplicate, not as a conflict.
            SELECT COALESCE(MAX(e.version), 0) INTO current_version
              FROM events e WHERE e.match_id = p_match_id;
            IF p_request_id IS NOT NULL THEN
                SELECT r.seat, r.fingerprint, r.first_version, r.last_version
                  INTO r_seat, r_fingerprint, r_first, r_last
                  FROM requests r
                 WHERE r.match_id = p_match_id AND r.request_id = p_request_id;
                IF FOUND THEN
                    outcome := 'duplicate';
                    RETURN;
                END IF;
            END IF;
            IF current_version <> p_expected THEN
                IF current_version = 0
                   AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.match_id = p_match_id) THEN
                    outcome := 'missing';
                ELSE
                    outcome := 'conflict';
                END IF;
                RETURN;
            END IF;
            INSERT INTO events (match_id, version, body)
                 SELECT p_match_id, p_expected + t.n::INTEGER, t.body::JSONB
                   FROM unnest(p_bodies) WITH ORDINALITY AS t(body, n);
            IF p_request_id IS NOT NULL THEN
                INSERT INTO requests VALUES
                    (p_match_id, p_request_id, p_seat, p_fingerprint, p_first, p_last);
            END IF;
            IF p_finished THEN
                UPDATE matches SET finished = TRUE WHERE match_id = p_match_id;
            END IF;
            IF p_notify THEN
                PERFORM pg_notify('fiveup_events', p_match_id);
            END IF;
            current_version := p_expected + COALESCE(array_length(p_bodies, 1), 0);
            outcome := 'ok';
        END
        $fn$
        """,
    ],
    # 2: the creator's token (CancelMatch) and when a finished match was first seen so
    # (retention)
    [
        "ALTER TABLE matches ADD COLUMN creator_hash BYTEA",
        "ALTER TABLE matches ADD COLUMN finished_at DOUBLE PRECISION",
        "CREATE INDEX matches_finished_at ON matches (finished_at) WHERE finished",
    ],
    # 3: correspondence matches: the clock per turn, and the current turn's index (whose
    # turn, until when, when to remind), for ListMyMatches and the deadline sweep
    [
        "ALTER TABLE matches ADD COLUMN turn_clock INTEGER",
        "ALTER TABLE matches ADD COLUMN turn_seat INTEGER",
        "ALTER TABLE matches ADD COLUMN turn_deadline DOUBLE PRECISION",
        "ALTER TABLE matches ADD COLUMN remind_at DOUBLE PRECISION",
        "CREATE INDEX matches_turn_deadline ON matches (turn_deadline)"
        " WHERE NOT finished AND turn_deadline IS NOT NULL",
        "CREATE INDEX matches_remind_at ON matches (remind_at)"
        " WHERE NOT finished AND remind_at IS NOT NULL",
    ],
]

SCHEMA = VersionedSchema("schema_version", MIGRATIONS, MIGRATION_LOCK, "database", "schema")

_APPEND = "SELECT * FROM fiveup_append(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
_NOTIFY = "SELECT pg_notify(%s, m) FROM unnest(%s::TEXT[]) AS m"


class _Connection(psycopg.AsyncConnection[tuple[Any, ...]]):
    """A pool connection that tells the store when it closes (see ``_own_pids``)."""

    _on_close: Callable[[], None] | None = None

    async def close(self) -> None:
        on_close, self._on_close = self._on_close, None
        if on_close is not None:
            on_close()
        await super().close()


class PostgresStore:
    """The EventStore protocol over a psycopg 3 async connection pool."""

    def __init__(
        self,
        url: str,
        min_size: int = 1,
        max_size: int = 10,
        *,
        notify: str = "transaction",
        reconnect_max_delay: float = 5.0,
        probe_seconds: float = 5.0,
    ) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        if notify not in NOTIFY_MODES:
            raise ValueError(f"notify must be one of {NOTIFY_MODES}, not {notify!r}")
        self.notify = notify
        self.reconnect_max_delay = reconnect_max_delay
        self.probe_seconds = probe_seconds  # the listener checks its connection this often
        self._pool: AsyncConnectionPool[_Connection] | None = None
        # Backend pids of this store's own connections: their notifications are not echoed.
        self._own_pids: set[int] = set()
        self._callbacks: list[Callable[[str], None]] = []
        self._listener: asyncio.Task[None] | None = None
        self._listen_conn: psycopg.AsyncConnection[Any] | None = None
        self._notifier: asyncio.Task[None] | None = None
        self._to_notify: set[str] = set()
        self._notify_wanted = asyncio.Event()
        self._notifying = False  # a batch is being sent
        self.reconnects = 0  # times the listener had to reconnect (tests, diagnostics)

    def __repr__(self) -> str:
        return f"PostgresStore({redact_url(self.url)!r})"

    # ------------------------------------------------------------------ plumbing

    @property
    def pool(self) -> AsyncConnectionPool[_Connection]:
        if self._pool is None:
            raise StoreError("store is not open")
        return self._pool

    async def open(self) -> None:
        await self._probe()
        pool = AsyncConnectionPool(
            self.url,
            connection_class=_Connection,
            min_size=self.min_size,
            max_size=self.max_size,
            kwargs={"autocommit": True},
            configure=self._configure,
            open=False,
            name="fiveup",
        )
        try:
            await pool.open(wait=True, timeout=30.0)
        except PoolTimeout:
            await pool.close()
            raise StoreUnavailable(
                f"could not connect to PostgreSQL at {redact_url(self.url)} for 30 s: "
                "is it running, and does the URL name its host and port?"
            ) from None
        self._pool = pool
        try:
            await self._migrate()
        except BaseException:
            await pool.close()
            self._pool = None
            raise
        if self.notify == "after_commit":
            self._notifier = asyncio.get_running_loop().create_task(
                self._notify_loop(), name="fiveup-pg-notifier"
            )
            # A previous life of this replica may have died between a commit and its
            # notification: wake every unfinished match once, so no watcher waits forever.
            self._to_notify.update(await self.active_match_ids())
            if self._to_notify:
                self._notify_wanted.set()

    async def _probe(self) -> None:
        """One connection before the pool: what no retry can fix (a database or role
        that does not exist, refused credentials) fails now, in one sentence, instead of
        after the pool's 30 s of retries.  A server still starting is left to the pool."""
        try:
            conn = await psycopg.AsyncConnection.connect(self.url, connect_timeout=10)
        except psycopg.OperationalError as exc:
            text = str(exc)
            for needle, advice in _PERMANENT_CONNECT_ERRORS:
                found = re.search(needle, text)
                if found:
                    raise StoreUnavailable(
                        f"PostgreSQL at {redact_url(self.url)}: {found[0]}: {advice}"
                    ) from None
            return
        await conn.close()

    async def _configure(self, conn: _Connection) -> None:
        pid = conn.info.backend_pid
        self._own_pids.add(pid)
        conn._on_close = lambda: self._own_pids.discard(pid)

    async def close(self) -> None:
        notifier, self._notifier = self._notifier, None
        if notifier is not None:
            if self._to_notify:  # send what is pending (bounded)
                self._notify_wanted.set()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._flushed(), 2.0)
            notifier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await notifier
        task, self._listener = self._listener, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        conn, self._listen_conn = self._listen_conn, None
        if conn is not None:
            with contextlib.suppress(psycopg.Error):
                await conn.close()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    def pool_use(self) -> list[PoolUse]:
        return pool_use(self._pool)

    async def _migrate(self) -> None:
        await migrate(self.pool, SCHEMA, log)
        # The rating tables (the rating store's schema) are written by the append that
        # ends a match, so they must exist once the event store opens.
        await migrate(self.pool, RATING_SCHEMA, log)
        # Results from before modes: resolved from their logs, beside them here (a no-op
        # once done: ratings_sql.RESOLVE_LEGACY_MODES_PG).
        async with self.pool.connection() as conn:
            await conn.execute(RESOLVE_LEGACY_MODES_PG)
        # Likewise the notification outbox's: appends write notices in their transaction.
        await migrate(self.pool, NOTIFICATION_SCHEMA, log)

    async def schema_version(self) -> int:
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            row = await cur.fetchone()
            return int(row[0]) if row else 0

    # One statement in autocommit mode: its own transaction, committed when it returns.
    # getconn/putconn rather than ``pool.connection()``: the hot path, ~10% less CPU; a
    # connection given back mid-statement (cancellation) is closed by the pool.

    async def _fetchall(self, query: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        pool = self.pool
        conn = await pool.getconn()
        try:
            cur = await conn.execute(query, params)
            return await cur.fetchall()
        finally:
            await pool.putconn(conn)

    async def _fetchone(self, query: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
        rows = await self._fetchall(query, params)
        return rows[0] if rows else None

    # ------------------------------------------------------------------ matches

    async def create_match(
        self, record: MatchRecord, events: Sequence[dict[str, Any]], *,
        notices: Sequence[Notice] = (),
    ) -> None:  # fmt: skip
        # One transaction: the match row and its first events (one statement), then the
        # notices the creation causes (last: the outbox's lock order).
        try:
            async with self.pool.connection() as conn, conn.transaction():
                await conn.execute(
                    "WITH m AS ("
                    " INSERT INTO matches"
                    " (match_id, seats, target_points, seed, created_at, creator_hash,"
                    "  turn_clock)"
                    " VALUES (%s, %s::JSONB, %s, %s, %s, %s, %s) RETURNING match_id)"
                    " INSERT INTO events (match_id, version, body)"
                    " SELECT m.match_id, t.n::INTEGER, t.body::JSONB"
                    " FROM m, unnest(%s::TEXT[]) WITH ORDINALITY AS t(body, n)",
                    (
                        record.match_id,
                        json.dumps(list(record.seats)),
                        record.target_points,
                        record.seed,
                        record.created_at,
                        record.creator_hash,
                        record.turn_clock_seconds,
                        [encode_event(e) for e in events],
                    ),
                )
                if notices:
                    await write_notices(conn, notices)
        except pg_errors.UniqueViolation:
            raise StoreError(f"match {record.match_id!r} already exists") from None

    async def load_match(self, match_id: str) -> MatchRecord:
        row = await self._fetchone(
            "SELECT seats, target_points, seed, created_at, creator_hash, turn_clock"
            " FROM matches WHERE match_id = %s",
            (match_id,),
        )
        if row is None:
            raise MatchNotFound(f"no match {match_id!r}")
        seats, target, seed, created, creator, clock = row
        return MatchRecord(
            match_id, tuple(seats), int(target), bytes(seed), float(created),
            bytes(creator) if creator is not None else None,
            int(clock) if clock is not None else None,
        )  # fmt: skip

    async def read_events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        rows = await self._fetchall(
            "SELECT version, body FROM events WHERE match_id = %s AND version > %s"
            " ORDER BY version",
            (match_id, after_version),
        )
        return [StoredEvent(int(v), body) for v, body in rows]

    async def latest_version(self, match_id: str) -> int:
        row = await self._fetchone(
            "SELECT COALESCE(MAX(version), 0) FROM events WHERE match_id = %s", (match_id,)
        )
        return int(row[0]) if row else 0

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
        params = (
            match_id,
            expected_version,
            [encode_event(e) for e in events],
            None if request is None else request.request_id,
            None if request is None else request.seat,
            None if request is None else request.fingerprint,
            None if request is None else request.first_version,
            None if request is None else request.last_version,
            finished,
            self.notify == "transaction",
        )
        try:
            if outcome is None and turn is None and not notices:
                row = await self._fetchone(_APPEND, params)  # the hot path: one statement
            else:
                row = await self._append_with(params, outcome, turn, notices)
        except pg_errors.UniqueViolation:
            # Another replica committed the same version (or the same request) between our
            # checks and our insert: the primary key decided.  Say who won.
            if request is not None:
                prior = await self.get_request(match_id, request.request_id)
                if prior is not None:
                    raise DuplicateRequest(prior) from None
            current = await self.latest_version(match_id)
            raise VersionConflict(match_id, expected_version, current) from None
        except pg_errors.ForeignKeyViolation:
            raise MatchNotFound(f"no match {match_id!r}") from None
        except BaseException:
            self._maybe_appended(match_id)  # e.g. the connection broke during COMMIT
            raise
        assert row is not None
        outcome, current, seat, fingerprint, first, last = row
        if outcome == "ok":
            if self._notifier is not None:
                self._to_notify.add(match_id)
                self._notify_wanted.set()
            return int(current)
        if outcome == "conflict":
            raise VersionConflict(match_id, expected_version, int(current))
        if outcome == "duplicate":
            assert request is not None
            raise DuplicateRequest(
                RequestRecord(request.request_id, int(seat), fingerprint, int(first), int(last))
            )
        if outcome == "missing":
            raise MatchNotFound(f"no match {match_id!r}")
        raise StoreError(f"unexpected append outcome {outcome!r}")

    async def _append_with(
        self,
        params: Sequence[Any],
        outcome: MatchOutcome | None,
        turn: TurnIndex | None,
        notices: Sequence[Notice],
    ) -> tuple[Any, ...] | None:
        """An append with what commits with it, in one transaction: the outcome of a match
        it ends, a correspondence match's turn index, the notices it causes.  A rated end
        first takes the rating lock, held to the commit: rating updates are applied one at
        a time, in the ledger's order, on whatever replica ends the match (and the notices'
        counter rows are locked after it, by every writer).  If the append is refused
        (another writer was first) nothing is written."""
        async with self.pool.connection() as conn, conn.transaction():
            if outcome is not None and outcome.rated:
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (PG_RATING_LOCK,))
            cur = await conn.execute(_APPEND, params)
            row = await cur.fetchone()
            if row is None or row[0] != "ok":
                return row
            if outcome is not None:
                await write_outcome_postgres(conn, outcome)
            if turn is not None:
                await conn.execute(
                    "UPDATE matches SET turn_seat = %s, turn_deadline = %s, remind_at = %s"
                    " WHERE match_id = %s",
                    (turn.seat, turn.deadline, turn.remind_at, params[0]),
                )
            await write_notices(conn, notices)
            return row

    # ------------------------------------------------------------------ correspondence

    async def due_turns(self, now: float, limit: int = 500) -> list[DueTurn]:
        rows = await self._fetchall(
            "SELECT match_id, turn_deadline, remind_at FROM matches"
            " WHERE NOT finished AND turn_deadline IS NOT NULL AND turn_deadline <= %s"
            " UNION SELECT match_id, turn_deadline, remind_at FROM matches"
            " WHERE NOT finished AND remind_at IS NOT NULL AND remind_at <= %s"
            " ORDER BY 2 LIMIT %s",
            (now, now, limit),
        )
        return [DueTurn(m, float(d), r, float(d) <= now) for m, d, r in rows]

    async def record_reminder(
        self, match_id: str, remind_at: float, notices: Sequence[Notice]
    ) -> list[str]:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "UPDATE matches SET remind_at = NULL WHERE match_id = %s AND remind_at = %s",
                (match_id, remind_at),
            )
            return await write_notices(conn, notices) if cur.rowcount else []

    async def get_request(self, match_id: str, request_id: str) -> RequestRecord | None:
        row = await self._fetchone(
            "SELECT seat, fingerprint, first_version, last_version FROM requests"
            " WHERE match_id = %s AND request_id = %s",
            (match_id, request_id),
        )
        if row is None:
            return None
        return RequestRecord(request_id, int(row[0]), row[1], int(row[2]), int(row[3]))

    # ------------------------------------------------------------------ seats

    async def claim_seat(self, match_id: str, seat: int, token_hash: bytes) -> None:
        try:
            async with self.pool.connection() as conn:
                await conn.execute(
                    "INSERT INTO seats (match_id, seat, token_hash) VALUES (%s, %s, %s)",
                    (match_id, seat, token_hash),
                )
        except pg_errors.UniqueViolation:
            raise SeatTaken(f"seat {seat} of match {match_id!r} is taken") from None
        except pg_errors.ForeignKeyViolation:
            raise MatchNotFound(f"no match {match_id!r}") from None

    async def seat_tokens(self, match_id: str) -> dict[int, bytes]:
        rows = await self._fetchall(
            "SELECT seat, token_hash FROM seats WHERE match_id = %s", (match_id,)
        )
        return {int(seat): bytes(h) for seat, h in rows}

    async def active_match_ids(self, limit: int = 10_000) -> list[str]:
        rows = await self._fetchall(
            "SELECT match_id FROM matches WHERE NOT finished ORDER BY created_at DESC LIMIT %s",
            (limit,),
        )
        return [str(r[0]) for r in rows]

    async def count_matches(self) -> tuple[int, int]:
        row = await self._fetchone(
            "SELECT COUNT(*) FILTER (WHERE NOT finished), COUNT(*) FILTER (WHERE finished)"
            " FROM matches",
            (),
        )
        return (int(row[0]), int(row[1])) if row else (0, 0)

    async def stamp_finished(self, now: float) -> int:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "UPDATE matches SET finished_at = %s WHERE finished AND finished_at IS NULL",
                (now,),
            )
            return int(cur.rowcount)

    async def expired_match_ids(
        self, *, unjoined_before: float, finished_before: float, limit: int = 1000
    ) -> list[str]:
        rows = await self._fetchall(
            "SELECT match_id FROM matches m WHERE"
            " (NOT m.finished AND m.created_at < %s"
            "  AND (SELECT COUNT(*) FROM jsonb_array_elements_text(m.seats) k WHERE k = 'human')"
            "    > (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.match_id))"
            " OR (m.finished AND m.finished_at < %s"
            "  AND NOT EXISTS (SELECT 1 FROM player_results r WHERE r.match_id = m.match_id))"
            " LIMIT %s",
            (unjoined_before, finished_before, limit),
        )
        return [str(r[0]) for r in rows]

    async def delete_matches(self, match_ids: Sequence[str]) -> int:
        ids = list(match_ids)
        async with self.pool.connection() as conn, conn.transaction():
            for table in ("events", "seats", "requests"):
                await conn.execute(f"DELETE FROM {table} WHERE match_id = ANY(%s)", (ids,))
            cur = await conn.execute("DELETE FROM matches WHERE match_id = ANY(%s)", (ids,))
            return int(cur.rowcount)

    # ------------------------------------------------------------------ notifications

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(match_id)`` on this event loop whenever any process (this one
        included) commits an append.  LISTEN is active when this returns."""
        self._callbacks.append(callback)
        if self._listener is None:
            self._listen_conn = await self._listen_connect()
            self._listener = asyncio.get_running_loop().create_task(
                self._listen_loop(), name="fiveup-pg-listener"
            )

    def _maybe_appended(self, match_id: str) -> None:
        """An append's outcome is unknown: announce it (a spurious wake-up is harmless)."""
        if self._notifier is not None:
            self._to_notify.add(match_id)
            self._notify_wanted.set()
        if self._callbacks:  # our own listener skips our own connections' notifications
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(self._dispatch, match_id)

    async def _listen_connect(self) -> psycopg.AsyncConnection[Any]:
        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        try:
            await conn.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            await conn.close()
            raise
        return conn

    async def _listen_loop(self) -> None:
        while True:
            conn = self._listen_conn
            assert conn is not None
            try:
                while True:
                    async for notify in conn.notifies(timeout=self.probe_seconds):
                        if notify.pid not in self._own_pids:
                            self._dispatch(notify.payload)
                    # Quiet for a while: make sure the connection is still alive (a dead
                    # peer without a FIN would otherwise keep us waiting forever).
                    await asyncio.wait_for(conn.execute("SELECT 1"), self.probe_seconds)
            except (psycopg.Error, OSError, TimeoutError) as exc:
                log.warning("lost the LISTEN connection (%s); reconnecting", exc)
            with contextlib.suppress(psycopg.Error, OSError):
                await conn.close()
            self._listen_conn = None
            await self._reconnect_listener()

    async def _reconnect_listener(self) -> None:
        delay = 0.05
        while True:
            await asyncio.sleep(delay)
            try:
                self._listen_conn = await self._listen_connect()
                break
            except (psycopg.Error, OSError) as exc:
                log.warning("LISTEN reconnect failed (%s); retrying in %.2fs", exc, delay)
                delay = min(delay * 2, self.reconnect_max_delay)
        self.reconnects += 1
        # Whatever was notified while we were away is gone: wake every unfinished match.
        try:
            match_ids = await self.active_match_ids()
        except (psycopg.Error, OSError, StoreError) as exc:
            log.warning("could not list active matches after reconnecting: %s", exc)
            return
        for match_id in match_ids:
            self._dispatch(match_id)

    async def _notify_loop(self) -> None:
        """``notify="after_commit"``: send the match ids of committed appends, in batches,
        each batch one transaction committed without waiting for its WAL flush (a
        notification need not be durable; the events it announces already are)."""
        conn: _Connection | None = None
        delay = 0.05
        try:
            while True:
                await self._notify_wanted.wait()
                self._notify_wanted.clear()
                if not self._to_notify:
                    continue
                batch = sorted(self._to_notify)
                self._to_notify.clear()
                self._notifying = True
                try:
                    if conn is None:
                        conn = await self._notifier_connect()
                    await conn.execute(_NOTIFY, (CHANNEL, batch))
                    delay = 0.05
                except (psycopg.Error, OSError) as exc:
                    log.warning("could not send notifications (%s); retrying", exc)
                    self._to_notify.update(batch)
                    if conn is not None:
                        with contextlib.suppress(psycopg.Error, OSError):
                            await conn.close()
                        conn = None
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, self.reconnect_max_delay)
                    self._notify_wanted.set()
                finally:
                    self._notifying = False
        finally:
            if conn is not None:
                with contextlib.suppress(psycopg.Error, OSError):
                    await conn.close()

    async def _notifier_connect(self) -> _Connection:
        conn = await _Connection.connect(self.url, autocommit=True)
        await self._configure(conn)
        await conn.execute("SET synchronous_commit = off")
        return conn

    async def _flushed(self) -> None:
        while self._to_notify or self._notifying:
            await asyncio.sleep(0.005)

    def _dispatch(self, match_id: str) -> None:
        for callback in self._callbacks:
            try:
                callback(match_id)
            except Exception:
                log.exception("notification callback failed for %s", match_id)
