"""The lobby store on PostgreSQL (see ``lobby.py``): its own small pool; formation rounds
are transactions holding an advisory lock and the waiting tickets' row locks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from psycopg import errors as pg_errors

from ...lobby.formation import TablePlan, Ticket
from ...lobby.ports import (
    Enqueued,
    Invite,
    InviteLookup,
    InviteQuota,
    LeftWaiting,
    MyMatchPage,
    MyMatchRow,
    RematchState,
    SeatAlreadyBound,
    TableFilter,
    TablePage,
    TableRow,
    TableSeatRow,
    TicketState,
    TicketStatus,
)
from ...match.ports import StoreError
from ...notifications.notices import Notice
from ..invites_sql import acquainted_query, judge, quota_checks
from ..ratings_sql import pg
from .common import Conn, PooledStore, VersionedSchema, fetch_all
from .outbox import write_notices

# Advisory lock keys: "fiveuplb" serialises migrations, "fiveupmm" formation rounds.
MIGRATION_LOCK = 0x66697665_75706C62
ROUND_LOCK = 0x66697665_75706D6D

MIGRATIONS: list[list[str]] = [
    # 1: seats bound to players, private tables, the matchmaking queue
    [
        """
        CREATE TABLE seat_players (
            match_id  TEXT NOT NULL,
            seat      INTEGER NOT NULL,
            player_id TEXT NOT NULL,
            joined_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
        "CREATE UNIQUE INDEX one_seat_per_player ON seat_players (match_id, player_id)",
        "CREATE INDEX seat_players_by_player ON seat_players (player_id, joined_at)",
        """
        CREATE TABLE private_tables (
            match_id    TEXT PRIMARY KEY,
            invite_hash BYTEA NOT NULL UNIQUE,
            expires_at  DOUBLE PRECISION NOT NULL,
            created_by  TEXT NOT NULL,
            created_at  DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE mm_tickets (
            ticket_id     TEXT PRIMARY KEY,
            player_id     TEXT NOT NULL,
            players       INTEGER NOT NULL,
            target_points INTEGER NOT NULL,
            allow_bots    BOOLEAN NOT NULL,
            bots_at       DOUBLE PRECISION,
            party         TEXT,
            queued_at     DOUBLE PRECISION NOT NULL,
            heartbeat_at  DOUBLE PRECISION NOT NULL,
            state         TEXT NOT NULL,
            match_id      TEXT,
            seat          INTEGER,
            settled_at    DOUBLE PRECISION
        )
        """,
        "CREATE UNIQUE INDEX one_waiting_search ON mm_tickets (player_id) WHERE state = 'waiting'",
        "CREATE INDEX mm_waiting ON mm_tickets (queued_at) WHERE state = 'waiting'",
    ],
    # 2: rematch offers of finished matches and the seats that accepted them
    [
        """
        CREATE TABLE rematches (
            match_id     TEXT PRIMARY KEY,
            new_match_id TEXT NOT NULL,
            offered_at   DOUBLE PRECISION NOT NULL,
            started_at   DOUBLE PRECISION
        )
        """,
        """
        CREATE TABLE rematch_accepts (
            match_id    TEXT NOT NULL REFERENCES rematches (match_id) ON DELETE CASCADE,
            seat        INTEGER NOT NULL,
            accepted_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
    ],
    # 3: a correspondence search's turn clock (only searches with the same one meet)
    ["ALTER TABLE mm_tickets ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0"],
    # 4: the players a private table names (they may sit down without its code)
    [
        """
        CREATE TABLE private_invitees (
            match_id  TEXT NOT NULL REFERENCES private_tables (match_id) ON DELETE CASCADE,
            player_id TEXT NOT NULL,
            PRIMARY KEY (match_id, player_id)
        )
        """,
    ],
    # 5: invitation limits and acquaintance (docs/security.md, "Invitations and blocks"):
    # whether an invitee was told (not when they blocked the inviter), and the indexes
    # the per-inviter and per-invitee counts read
    [
        "ALTER TABLE private_invitees ADD COLUMN told INTEGER NOT NULL DEFAULT 1",
        "CREATE INDEX private_tables_by_creator ON private_tables (created_by, created_at)",
        "CREATE INDEX private_invitees_by_player ON private_invitees (player_id)",
    ],
]

SCHEMA = VersionedSchema(
    "lobby_schema_version", MIGRATIONS, MIGRATION_LOCK, "lobby", "lobby schema"
)

_TICKET_COLUMNS = (
    "ticket_id, player_id, players, target_points, queued_at, allow_bots, bots_at, party,"
    " state, heartbeat_at, match_id, seat, turn_clock"
)


# ListMyMatches' order (as the SQLite adapter's: fiveup.store.sqlite.lobby.MY_BUCKET).
MY_BUCKET = (
    "(CASE WHEN NOT x.finished AND x.turn_seat = b.seat AND x.turn_deadline IS NOT NULL"
    " THEN 0 WHEN NOT x.finished THEN 1 ELSE 2 END)"
)


class PostgresLobbyStore(PooledStore):
    what = "lobby store"
    pool_name = "fiveup-lobby"
    schema = SCHEMA
    default_max_size = 6

    async def _all(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await fetch_all(self.pool, query, params)

    # ------------------------------------------------------------------ rematches
    # Each call locks the offer's row (FOR UPDATE) before it counts or marks anything,
    # so two players accepting at once through two replicas see each other; notices are
    # written last (the outbox's lock order).

    async def accept_rematch(
        self, match_id: str, seat: int, new_match_id: str, now: float,
        offered: Sequence[Notice],
    ) -> RematchState:  # fmt: skip
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "INSERT INTO rematches (match_id, new_match_id, offered_at) VALUES (%s, %s, %s)"
                " ON CONFLICT (match_id) DO NOTHING",
                (match_id, new_match_id, now),
            )
            new = cur.rowcount > 0
            await conn.execute(
                "SELECT 1 FROM rematches WHERE match_id = %s FOR UPDATE", (match_id,)
            )
            await conn.execute(
                "INSERT INTO rematch_accepts VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (match_id, seat, now),
            )
            state = await _rematch(conn, match_id)
            told = tuple(await write_notices(conn, offered)) if new else ()
        assert state is not None
        return RematchState(state.match_id, state.new_match_id, state.accepted, state.started, told)

    async def rematch(self, match_id: str) -> RematchState | None:
        async with self.pool.connection() as conn:
            return await _rematch(conn, match_id)

    async def decline_rematch(self, match_id: str) -> bool:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "DELETE FROM rematches WHERE match_id = %s AND started_at IS NULL", (match_id,)
            )
            return cur.rowcount > 0

    async def rematch_started(self, match_id: str, notices: Sequence[Notice]) -> RematchState:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "UPDATE rematches SET started_at = %s WHERE match_id = %s AND started_at IS NULL",
                (min((n.created_at for n in notices), default=0.0), match_id),
            )
            first = cur.rowcount > 0
            state = await _rematch(conn, match_id)
            told = tuple(await write_notices(conn, notices)) if first else ()
        assert state is not None
        return RematchState(state.match_id, state.new_match_id, state.accepted, state.started, told)

    # ------------------------------------------------------------------ seats

    async def bind_seat(self, match_id: str, seat: int, player_id: str, now: float) -> None:
        async with self.pool.connection() as conn:
            await _bind(conn, match_id, seat, player_id, now)

    async def seat_of(self, match_id: str, player_id: str) -> int | None:
        rows = await self._all(
            "SELECT seat FROM seat_players WHERE match_id = %s AND player_id = %s",
            (match_id, player_id),
        )
        return int(rows[0][0]) if rows else None

    async def seat_owners(self, match_id: str) -> dict[int, str]:
        rows = await self._all(
            "SELECT seat, player_id FROM seat_players WHERE match_id = %s", (match_id,)
        )
        return {int(seat): str(player) for seat, player in rows}

    async def my_matches(
        self, player_id: str, limit: int, after: tuple[int, float, str] | None
    ) -> MyMatchPage:
        g, k, m = after if after is not None else (-1, 0.0, "")
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT match_id, seat, joined_at, bucket, k, turn_clock FROM ("
                f" SELECT b.match_id, b.seat, b.joined_at, x.turn_clock, {MY_BUCKET} AS bucket,"
                f"  CASE WHEN {MY_BUCKET} = 0 THEN x.turn_deadline"
                "   ELSE -b.joined_at END::DOUBLE PRECISION AS k"
                "  FROM seat_players b JOIN matches x ON x.match_id = b.match_id"
                "  WHERE b.player_id = %s) mine"
                " WHERE %s < 0 OR bucket > %s OR (bucket = %s AND"
                "  (k > %s OR (k = %s AND match_id > %s)))"
                " ORDER BY bucket, k, match_id LIMIT %s",
                (player_id, g, g, g, k, k, m, limit + 1),
            )
            rows = await cur.fetchall()
            page, more = rows[:limit], len(rows) > limit
            tables = await _tables(conn, [r[0] for r in page])
        found = tuple(
            MyMatchRow(
                int(r[1]), float(r[2]), tables[r[0]],
                your_turn_until=float(r[4]) if r[3] == 0 else None,
                turn_clock_seconds=int(r[5]) if r[5] is not None else None,
            )
            for r in page
        )  # fmt: skip
        last = page[-1] if page else None
        cursor = (int(last[3]), float(last[4]), str(last[0])) if more and last else None
        return MyMatchPage(found, cursor)

    # ------------------------------------------------------------------ tables

    async def open_tables(
        self, where: TableFilter, limit: int, after: tuple[float, str] | None
    ) -> TablePage:
        created, match = after if after is not None else (float("inf"), "")
        players = 4 if where.partnerships else where.players
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT m.match_id, m.created_at FROM matches m"
                " WHERE NOT m.finished"
                " AND NOT EXISTS (SELECT 1 FROM private_tables p WHERE p.match_id = m.match_id)"
                " AND (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.match_id)"
                "   < (SELECT COUNT(*) FROM jsonb_array_elements_text(m.seats) k WHERE k = 'human')"
                " AND (%s = 0 OR jsonb_array_length(m.seats) = %s)"
                " AND (NOT %s OR jsonb_array_length(m.seats) <> 4)"
                " AND (%s = 0 OR m.target_points = %s)"
                " AND (m.created_at, m.match_id) < (%s::DOUBLE PRECISION, %s)"
                " ORDER BY m.created_at DESC, m.match_id DESC LIMIT %s",
                (
                    players, players, where.partnerships is False,
                    where.target_points, where.target_points,
                    created, match, limit + 1,
                ),
            )  # fmt: skip
            rows = await cur.fetchall()
            page, more = rows[:limit], len(rows) > limit
            by_id = await _tables(conn, [r[0] for r in page])
        cursor = (float(page[-1][1]), str(page[-1][0])) if more and page else None
        return TablePage(tuple(by_id[r[0]] for r in page), cursor)

    async def table(self, match_id: str) -> TableRow | None:
        async with self.pool.connection() as conn:
            return (await _tables(conn, [match_id])).get(match_id)

    async def create_invite(
        self, match_id: str, invite_hash: bytes, expires_at: float, player_id: str, now: float,
        invited: Sequence[str] = (), *, quiet: Collection[str] = (),
        quota: InviteQuota | None = None,
    ) -> None:  # fmt: skip
        told = [p for p in invited if p not in quiet]
        async with self.pool.connection() as conn, conn.transaction():
            if quota is not None and invited:
                # The inviter's and each told invitee's counts, one writer at a time
                # across replicas (locks taken in one sorted order: no deadlock).
                keys = sorted({f"inviter:{player_id}", *(f"invitee:{p}" for p in told)})
                for key in keys:
                    await conn.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,)
                    )
                for check in quota_checks(quota, player_id, told, len(invited), now):
                    cur = await conn.execute(pg(check.query), check.params)
                    judge(check, await cur.fetchone(), now)
            await conn.execute(
                "INSERT INTO private_tables VALUES (%s, %s, %s, %s, %s)",
                (match_id, invite_hash, expires_at, player_id, now),
            )
            if invited:
                await conn.execute(
                    "INSERT INTO private_invitees (match_id, player_id, told)"
                    " SELECT %s, p, t FROM unnest(%s::TEXT[], %s::INTEGER[]) AS x (p, t)",
                    (match_id, list(invited), [0 if p in quiet else 1 for p in invited]),
                )

    async def acquainted(self, player_id: str, others: Sequence[str]) -> set[str]:
        candidates = list(others)
        if not candidates:
            return set()
        rows = await self._all(
            pg(acquainted_query(candidates)), [player_id, *candidates, player_id, *candidates]
        )
        return {str(r[0]) for r in rows} - {player_id}

    async def invited_until(self, match_id: str, player_id: str) -> float | None:
        rows = await self._all(
            "SELECT t.expires_at FROM private_invitees i"
            " JOIN private_tables t ON t.match_id = i.match_id"
            " WHERE i.match_id = %s AND i.player_id = %s",
            (match_id, player_id),
        )
        return float(rows[0][0]) if rows else None

    async def find_invite(self, invite_hash: bytes, now: float) -> Invite:
        rows = await self._all(
            "SELECT match_id, expires_at FROM private_tables WHERE invite_hash = %s",
            (invite_hash,),
        )
        if not rows:
            return Invite(InviteLookup.UNKNOWN)
        match_id, expires = rows[0]
        if expires <= now:
            return Invite(InviteLookup.EXPIRED, match_id)
        return Invite(InviteLookup.FOUND, match_id)

    async def is_private(self, match_id: str) -> bool:
        return bool(
            await self._all("SELECT 1 FROM private_tables WHERE match_id = %s", (match_id,))
        )

    # ------------------------------------------------------------------ the queue

    async def enqueue(self, ticket: Ticket, matched_since: float) -> Enqueued:
        for _attempt in range(3):
            async with self.pool.connection() as conn:
                existing = await _waiting_of(conn, ticket.player_id)
                if existing is not None:
                    await conn.execute(
                        "UPDATE mm_tickets SET heartbeat_at = %s WHERE ticket_id = %s",
                        (ticket.queued_at, existing.ticket.ticket_id),
                    )
                    return Enqueued(existing, created=False)
                # Read after the waiting one (a search only ever leaves "waiting"): one
                # seated between the two reads is found here.
                cur = await conn.execute(
                    f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE player_id = %s"
                    " AND state = 'matched' AND settled_at >= %s AND players = %s"
                    " AND target_points = %s AND party IS NOT DISTINCT FROM %s"
                    " AND turn_clock = %s ORDER BY settled_at DESC LIMIT 1",
                    (ticket.player_id, matched_since, ticket.players, ticket.target_points,
                     ticket.party, ticket.turn_clock),
                )  # fmt: skip
                row = await cur.fetchone()
                if row is not None:
                    return Enqueued(_status(row), created=False)
                try:
                    await conn.execute(
                        "INSERT INTO mm_tickets (ticket_id, player_id, players, target_points,"
                        " allow_bots, bots_at, party, queued_at, heartbeat_at, state, turn_clock)"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, 'waiting', %s)",
                        (
                            ticket.ticket_id, ticket.player_id, ticket.players,
                            ticket.target_points, ticket.allow_bots, ticket.bots_at,
                            ticket.party, ticket.queued_at, ticket.queued_at, ticket.turn_clock,
                        ),
                    )  # fmt: skip
                except pg_errors.UniqueViolation:
                    continue  # queued from another device at the same moment: follow that
                return Enqueued(
                    TicketStatus(ticket, TicketState.WAITING, ticket.queued_at), created=True
                )
        raise StoreError("could not queue: the player's search kept changing")

    async def ticket(self, ticket_id: str) -> TicketStatus | None:
        rows = await self._all(
            f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = %s", (ticket_id,)
        )
        return _status(rows[0]) if rows else None

    async def waiting_of(self, player_id: str) -> TicketStatus | None:
        async with self.pool.connection() as conn:
            return await _waiting_of(conn, player_id)

    async def tickets(self, ticket_ids: Sequence[str]) -> list[TicketStatus]:
        if not ticket_ids:
            return []
        rows = await self._all(
            f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = ANY(%s)",
            (list(ticket_ids),),
        )
        return [_status(r) for r in rows]

    async def heartbeat(self, ticket_ids: Sequence[str], now: float) -> None:
        if ticket_ids:
            # Rows being settled or cancelled right now are skipped, not waited for (and
            # no lock-order deadlock with a settlement): they are leaving the queue, or
            # the next heartbeat renews them.
            await self._all(
                "UPDATE mm_tickets SET heartbeat_at = %s WHERE ticket_id IN"
                " (SELECT ticket_id FROM mm_tickets WHERE ticket_id = ANY(%s)"
                "  AND state = 'waiting' FOR UPDATE SKIP LOCKED) RETURNING ticket_id",
                (now, list(ticket_ids)),
            )

    async def cancel(self, ticket_id: str, now: float) -> bool:
        rows = await self._all(
            "UPDATE mm_tickets SET state = 'cancelled', settled_at = %s"
            " WHERE ticket_id = %s AND state = 'waiting' RETURNING ticket_id",
            (now, ticket_id),
        )
        return bool(rows)

    async def waiting_count(self, players: int, target_points: int) -> int:
        rows = await self._all(
            "SELECT COUNT(*) FROM mm_tickets WHERE state = 'waiting' AND players = %s"
            " AND target_points = %s",
            (players, target_points),
        )
        return int(rows[0][0])

    @asynccontextmanager
    async def formation_round(
        self, now: float, stale_before: float
    ) -> AsyncIterator[_PostgresRound]:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (ROUND_LOCK,))
            row = await cur.fetchone()
            if not (row and row[0]):
                yield _PostgresRound(conn, False)
                return
            await conn.execute(
                "UPDATE mm_tickets SET state = 'expired', settled_at = %s WHERE ticket_id IN"
                " (SELECT ticket_id FROM mm_tickets WHERE state = 'waiting'"
                "  AND heartbeat_at < %s FOR UPDATE SKIP LOCKED)",
                (now, stale_before),
            )
            # No row locks here: a round may take a while (it creates matches), and the
            # streams' heartbeats must not queue behind it.  Each table is settled by a
            # guarded update instead (below).
            cur = await conn.execute(
                f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE state = 'waiting'"
                " ORDER BY queued_at, ticket_id"
            )
            tickets = [_status(r).ticket for r in await cur.fetchall()]
            round_ = _PostgresRound(conn, True, tickets)
            yield round_
            # The searches left waiting that the round seated are told last, in the
            # round's transaction: after every lock it took (the outbox's lock order).
            if round_.pending:
                round_.told += await write_notices(conn, round_.pending)


@dataclass
class _PostgresRound:
    conn: Conn
    acquired: bool
    tickets: Sequence[Ticket] = field(default_factory=list)
    told: list[str] = field(default_factory=list)
    pending: list[Notice] = field(default_factory=list)  # written at the round's end

    async def settle(
        self, plan: TablePlan, match_id: str, now: float, left: LeftWaiting | None = None
    ) -> bool:
        seats = [(s.ticket.ticket_id, s.seat) for s in plan.seats if s.ticket is not None]
        try:
            async with self.conn.transaction():  # a savepoint: all of the table or none
                # Lock the table's searches in one order (no deadlock with another
                # multi-row writer), then settle those still waiting (the lock waits for a
                # cancel in progress): a table one of whose searches ended is not settled.
                await self.conn.execute(
                    "SELECT 1 FROM mm_tickets WHERE ticket_id = ANY(%s)"
                    " ORDER BY ticket_id FOR UPDATE",
                    ([i for i, _ in seats],),
                )
                cur = await self.conn.execute(
                    "UPDATE mm_tickets t SET state = 'matched', match_id = %s, seat = v.seat,"
                    " settled_at = %s FROM unnest(%s::TEXT[], %s::INT[]) AS v(ticket_id, seat)"
                    " WHERE t.ticket_id = v.ticket_id AND t.state = 'waiting'"
                    " RETURNING t.ticket_id, t.heartbeat_at",
                    (match_id, now, [i for i, _ in seats], [s for _, s in seats]),
                )
                settled = await cur.fetchall()
                if len(settled) != len(seats):
                    raise _NotAllWaiting
                for seat in plan.seats:
                    if seat.ticket is not None:
                        await _bind(self.conn, match_id, seat.seat, seat.ticket.player_id, now)
        except _NotAllWaiting:
            return False
        if left is not None:  # heartbeat_at as the locked row had it (the update keeps it)
            self.pending += [
                left.notices[str(ticket_id)]
                for ticket_id, heartbeat in settled
                if str(ticket_id) in left.notices and float(heartbeat) < left.before
            ]
        return True


class _NotAllWaiting(Exception):
    """Rolls a table's savepoint back: one of its searches is no longer waiting."""


# ---------------------------------------------------------------------- helpers


async def _bind(conn: Conn, match_id: str, seat: int, player_id: str, now: float) -> None:
    try:
        async with conn.transaction():
            await conn.execute(
                "INSERT INTO seat_players VALUES (%s, %s, %s, %s)",
                (match_id, seat, player_id, now),
            )
    except pg_errors.UniqueViolation:
        cur = await conn.execute(
            "SELECT seat FROM seat_players WHERE match_id = %s AND player_id = %s",
            (match_id, player_id),
        )
        row = await cur.fetchone()
        raise SeatAlreadyBound(match_id, None if row is None else int(row[0])) from None


def _status(row: Sequence[Any]) -> TicketStatus:
    (ticket_id, player_id, players, target, queued, allow, bots_at, party,
     state, heartbeat, match_id, seat, clock) = row  # fmt: skip
    ticket = Ticket(
        ticket_id, player_id, int(players), int(target), float(queued), bool(allow),
        None if bots_at is None else float(bots_at), party, int(clock or 0),
    )  # fmt: skip
    return TicketStatus(
        ticket, TicketState(state), float(heartbeat), match_id, None if seat is None else int(seat)
    )


async def _waiting_of(conn: Conn, player_id: str) -> TicketStatus | None:
    cur = await conn.execute(
        f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE player_id = %s AND state = 'waiting'",
        (player_id,),
    )
    row = await cur.fetchone()
    return None if row is None else _status(row)


async def _rematch(conn: Conn, match_id: str) -> RematchState | None:
    cur = await conn.execute(
        "SELECT new_match_id, started_at FROM rematches WHERE match_id = %s", (match_id,)
    )
    row = await cur.fetchone()
    if row is None:
        return None
    cur = await conn.execute(
        "SELECT seat FROM rematch_accepts WHERE match_id = %s ORDER BY seat", (match_id,)
    )
    seats = await cur.fetchall()
    return RematchState(match_id, str(row[0]), tuple(int(s[0]) for s in seats), row[1] is not None)


async def _tables(conn: Conn, match_ids: Sequence[str]) -> dict[str, TableRow]:
    if not match_ids:
        return {}
    ids = list(match_ids)
    cur = await conn.execute(
        "SELECT match_id, seats, target_points, created_at, finished FROM matches"
        " WHERE match_id = ANY(%s)",
        (ids,),
    )
    matches = await cur.fetchall()
    cur = await conn.execute("SELECT match_id, seat FROM seats WHERE match_id = ANY(%s)", (ids,))
    claimed: dict[str, set[int]] = {}
    for match_id, seat in await cur.fetchall():
        claimed.setdefault(match_id, set()).add(int(seat))
    cur = await conn.execute(
        "SELECT b.match_id, b.seat, p.display_name FROM seat_players b"
        " JOIN players p ON p.player_id = b.player_id WHERE b.match_id = ANY(%s)",
        (ids,),
    )
    names = {(m, int(s)): n for m, s, n in await cur.fetchall()}
    rows: dict[str, TableRow] = {}
    for match_id, kinds, target, created, finished in matches:
        seats = tuple(
            TableSeatRow(
                seat=i,
                kind=kind,
                taken=kind != "human" or i in claimed.get(match_id, set()),
                display_name=names.get((match_id, i), ""),
            )
            for i, kind in enumerate(kinds)
        )
        rows[match_id] = TableRow(match_id, seats, int(target), float(created), bool(finished))
    return rows
