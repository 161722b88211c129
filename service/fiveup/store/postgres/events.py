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
    every unfinished match once, for what its previous life may have left unsent;
    ``notifier.py``).

* **Listening.** ``listen(callback)`` keeps one dedicated connection on
  ``LISTEN fiveup_events`` (the stores' one ``listener.Listener``, told to skip this
  store's own connections) and calls ``callback(match_id)`` on the event loop for every
  notification from *another* store (appends through this store are not echoed back: its
  caller already knows; an append whose outcome is unknown, e.g. the connection broke
  during COMMIT, is announced locally just in case).  Notifications are only wake-ups:
  readers always re-read the log from their own cursor.  If the listening connection
  drops, it reconnects with backoff and then calls ``callback`` once for every unfinished
  match, since notifications sent while it was away are lost (a spurious wake-up is
  harmless, a missed one could leave a watcher or a bot turn waiting).
* **The bus** (``bus=``; the server's ``--bus``): wake-ups travel through it instead
  (``fiveup.bus``).  The commit path then sends no NOTIFY at all: the append commits,
  returns, and its match id is published on the bus; ``listen`` subscribes to the bus,
  and when the bus comes back after a disconnect every unfinished match is woken once,
  as after a LISTEN reconnect.  ``notify`` is not used in this mode.
* **Migrations** are numbered (``events_schema.py``: the event log's tables only; the
  ratings and notification tables an append also writes are their stores', written
  through their ``OutcomeParticipant``/``NoticeParticipant``); ``open()`` applies the
  missing ones inside one transaction holding ``pg_advisory_xact_lock``, so replicas
  starting together apply each migration exactly once and never see a half-built schema.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from ...bus.ports import MATCH, WakeBus
from ...match.errors import MatchNotFound, SeatTaken
from ...match.ports import (
    DueTurn,
    DuplicateRequest,
    MatchRecord,
    NoticeParticipant,
    OutcomeParticipant,
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
from .common import Conn, migrate, pool_use, probe_connection
from .events_schema import SCHEMA
from .listener import EVERYTHING, Listener
from .notifier import AfterCommitNotifier

log = logging.getLogger(__name__)

CHANNEL = "fiveup_events"
_APPEND = "SELECT * FROM fiveup_append(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"


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
        ratings: OutcomeParticipant[Conn, Awaitable[None]] | None = None,
        notifications: NoticeParticipant[Conn, Awaitable[list[str]]] | None = None,
        bus: WakeBus | None = None,
    ) -> None:
        """``bus``: wake other replicas through it instead of NOTIFY.  ``ratings`` and ``notifications``: the rating and notification stores of this
        database, which write a finished match's outcome and the notices an append causes
        in its transaction (their tables are theirs: each migrates its own when it
        opens).  Without one, a write that needs it fails (``StoreError``)."""
        self.url = url
        self._ratings = ratings
        self._notifications = notifications
        self.min_size = min_size
        self.max_size = max_size
        if notify not in NOTIFY_MODES:
            raise ValueError(f"notify must be one of {NOTIFY_MODES}, not {notify!r}")
        self.notify = notify
        self._bus = bus
        self.reconnect_max_delay = reconnect_max_delay
        self.probe_seconds = probe_seconds  # the listener checks its connection this often
        self._pool: AsyncConnectionPool[_Connection] | None = None
        # Backend pids of this store's own connections: their notifications are not echoed.
        self._own_pids: set[int] = set()
        self._callbacks: list[Callable[[str], None]] = []
        self._listener: Listener | None = None
        self._wake_all: set[asyncio.Task[None]] = set()  # after the listener reconnected
        self._notifier: AfterCommitNotifier | None = None  # notify="after_commit"

    def __repr__(self) -> str:
        return f"PostgresStore({redact_url(self.url)!r})"

    @property
    def reconnects(self) -> int:
        """Times the listener had to reconnect (tests, diagnostics)."""
        return 0 if self._listener is None else self._listener.reconnects

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
        if self._bus is not None:
            # A previous life of this replica may have died between a commit and its
            # wake-up: announce every unfinished match once, so no watcher waits forever.
            for match_id in await self.active_match_ids():
                self._bus.publish(MATCH, match_id)
        elif self.notify == "after_commit":
            self._notifier = AfterCommitNotifier(
                self._notifier_connect, CHANNEL, max_delay=self.reconnect_max_delay
            )
            # A previous life of this replica may have died between a commit and its
            # notification: wake every unfinished match once, so no watcher waits forever.
            self._notifier.add(*await self.active_match_ids())

    async def _probe(self) -> None:
        await probe_connection(self.url)

    async def _configure(self, conn: _Connection) -> None:
        pid = conn.info.backend_pid
        self._own_pids.add(pid)
        conn._on_close = lambda: self._own_pids.discard(pid)

    async def close(self) -> None:
        notifier, self._notifier = self._notifier, None
        if notifier is not None:
            await notifier.close()
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.close()
        for task in list(self._wake_all):
            task.cancel()
        await asyncio.gather(*self._wake_all, return_exceptions=True)
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    def pool_use(self) -> list[PoolUse]:
        return pool_use(self._pool)

    async def _migrate(self) -> None:
        """The event log's own schema only: the ratings and notification tables an append
        also writes are their stores' (each migrates its own as it opens; the composition
        root opens every store before any append: ``fiveup.app.contexts.open_stores``)."""
        await migrate(self.pool, SCHEMA, log)

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
                    "  turn_clock, last_event_at)"
                    " VALUES (%s, %s::JSONB, %s, %s, %s, %s, %s, %s) RETURNING match_id)"
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
                        record.created_at,
                        [encode_event(e) for e in events],
                    ),
                )
                await self._write_notices(conn, notices)
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
            self.notify == "transaction" and self._bus is None,
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
            if self._bus is not None:
                self._bus.publish(MATCH, match_id)
            elif self._notifier is not None:
                self._notifier.add(match_id)
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
            if outcome is not None:
                await self._outcomes().before_append(conn, outcome)
            cur = await conn.execute(_APPEND, params)
            row = await cur.fetchone()
            if row is None or row[0] != "ok":
                return row
            if outcome is not None:
                await self._outcomes().write_outcome(conn, outcome)
            if turn is not None:
                await conn.execute(
                    "UPDATE matches SET turn_seat = %s, turn_deadline = %s, remind_at = %s"
                    " WHERE match_id = %s",
                    (turn.seat, turn.deadline, turn.remind_at, params[0]),
                )
            await self._write_notices(conn, notices)
            return row

    def _outcomes(self) -> OutcomeParticipant[Conn, Awaitable[None]]:
        if self._ratings is None:
            raise StoreError("this event store was opened without the rating store")
        return self._ratings

    async def _write_notices(self, conn: Conn, notices: Sequence[Notice]) -> list[str]:
        if not notices:
            return []
        if self._notifications is None:
            raise StoreError("this event store was opened without the notification store")
        return await self._notifications.write_notices(conn, notices)

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
            return await self._write_notices(conn, notices) if cur.rowcount else []

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
        """Call ``callback(match_id)`` on this event loop whenever another process commits
        an append (this store's own are not echoed back).  LISTEN is active when this
        returns."""
        self._callbacks.append(callback)
        if self._bus is not None:
            if len(self._callbacks) == 1:
                await self._bus.subscribe(MATCH, self._heard)
        elif self._listener is None:
            listener = Listener(
                self.url, CHANNEL, probe_seconds=self.probe_seconds,
                max_delay=self.reconnect_max_delay, ignore_pids=self._own_pids,
            )  # fmt: skip
            await listener.add(self._heard)
            self._listener = listener

    def _heard(self, payload: str) -> None:
        if payload != EVERYTHING:
            self._dispatch(payload)
            return
        # The listener reconnected: whatever was notified while it was away is gone, so
        # wake every unfinished match.
        task = asyncio.get_running_loop().create_task(self._wake_every_active_match())
        self._wake_all.add(task)
        task.add_done_callback(self._wake_all.discard)

    async def _wake_every_active_match(self) -> None:
        try:
            match_ids = await self.active_match_ids()
        except (psycopg.Error, OSError, StoreError) as exc:
            log.warning("could not list active matches after reconnecting: %s", exc)
            return
        for match_id in match_ids:
            self._dispatch(match_id)

    def _maybe_appended(self, match_id: str) -> None:
        """An append's outcome is unknown: announce it (a spurious wake-up is harmless)."""
        if self._bus is not None:
            self._bus.publish(MATCH, match_id)
        if self._notifier is not None:
            self._notifier.add(match_id)
        if self._callbacks:  # our own listener skips our own connections' notifications
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop().call_soon(self._dispatch, match_id)

    async def _notifier_connect(self) -> _Connection:
        conn = await _Connection.connect(self.url, autocommit=True)
        await self._configure(conn)
        await conn.execute("SET synchronous_commit = off")
        return conn

    def _dispatch(self, match_id: str) -> None:
        for callback in self._callbacks:
            try:
                callback(match_id)
            except Exception:
                log.exception("notification callback failed for %s", match_id)
