"""The lobby store on PostgreSQL, the matchmaking queue: searches, their heartbeats,
and formation rounds (one transaction holding an advisory lock, one round at a time
across replicas; each table settled by a guarded update in a savepoint)
(``fiveup.lobby.ports.QueueStore``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from psycopg import errors as pg_errors

from ...lobby.formation import TablePlan, Ticket
from ...lobby.ports import Enqueued, LeftWaiting, TicketState, TicketStatus
from ...match.ports import StoreError
from ...notifications.notices import Notice
from ..lobby_sql import TICKET_COLUMNS, ticket_status
from .common import Conn, PooledStore, fetch_all
from .lobby_seats import bind_player
from .outbox import write_notices

# Advisory lock key "fiveupmm": formation rounds, one at a time across replicas.
ROUND_LOCK = 0x66697665_75706D6D


class PostgresQueue(PooledStore):
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
                    f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE player_id = %s"
                    " AND state = 'matched' AND settled_at >= %s AND players = %s"
                    " AND target_points = %s AND party IS NOT DISTINCT FROM %s"
                    " AND turn_clock = %s ORDER BY settled_at DESC LIMIT 1",
                    (ticket.player_id, matched_since, ticket.players, ticket.target_points,
                     ticket.party, ticket.turn_clock),
                )  # fmt: skip
                row = await cur.fetchone()
                if row is not None:
                    return Enqueued(ticket_status(row), created=False)
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
        rows = await fetch_all(
            self.pool, f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = %s", (ticket_id,)
        )
        return ticket_status(rows[0]) if rows else None

    async def waiting_of(self, player_id: str) -> TicketStatus | None:
        async with self.pool.connection() as conn:
            return await _waiting_of(conn, player_id)

    async def tickets(self, ticket_ids: Sequence[str]) -> list[TicketStatus]:
        if not ticket_ids:
            return []
        rows = await fetch_all(
            self.pool,
            f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = ANY(%s)",
            (list(ticket_ids),),
        )
        return [ticket_status(r) for r in rows]

    async def heartbeat(self, ticket_ids: Sequence[str], now: float) -> None:
        if ticket_ids:
            # Rows being settled or cancelled right now are skipped, not waited for (and
            # no lock-order deadlock with a settlement): they are leaving the queue, or
            # the next heartbeat renews them.
            await fetch_all(
                self.pool,
                "UPDATE mm_tickets SET heartbeat_at = %s WHERE ticket_id IN"
                " (SELECT ticket_id FROM mm_tickets WHERE ticket_id = ANY(%s)"
                "  AND state = 'waiting' FOR UPDATE SKIP LOCKED) RETURNING ticket_id",
                (now, list(ticket_ids)),
            )

    async def cancel(self, ticket_id: str, now: float) -> bool:
        rows = await fetch_all(
            self.pool,
            "UPDATE mm_tickets SET state = 'cancelled', settled_at = %s"
            " WHERE ticket_id = %s AND state = 'waiting' RETURNING ticket_id",
            (now, ticket_id),
        )
        return bool(rows)

    async def waiting_count(self, players: int, target_points: int) -> int:
        rows = await fetch_all(
            self.pool,
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
                f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE state = 'waiting'"
                " ORDER BY queued_at, ticket_id"
            )
            tickets = [ticket_status(r).ticket for r in await cur.fetchall()]
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
                        await bind_player(
                            self.conn, match_id, seat.seat, seat.ticket.player_id, now
                        )
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


async def _waiting_of(conn: Conn, player_id: str) -> TicketStatus | None:
    cur = await conn.execute(
        f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE player_id = %s AND state = 'waiting'",
        (player_id,),
    )
    row = await cur.fetchone()
    return None if row is None else ticket_status(row)
