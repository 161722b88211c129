"""The lobby store on SQLite, the matchmaking queue: searches, their heartbeats, and
formation rounds (serialised in the process; each table settled in one write
transaction) (``fiveup.lobby.ports.QueueStore``)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from ...lobby.formation import TablePlan, Ticket
from ...lobby.ports import Enqueued, LeftWaiting, TicketState, TicketStatus
from ...notifications.notices import Notice
from ..lobby_sql import TICKET_COLUMNS, ticket_status
from .events import _transaction
from .lobby_seats import bind_player
from .outbox import write_notices
from .worker import WorkerStore


class SqliteQueue(WorkerStore):
    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._round_lock = asyncio.Lock()

    async def enqueue(self, ticket: Ticket, matched_since: float) -> Enqueued:
        def enqueue(conn: sqlite3.Connection) -> Enqueued:
            with _transaction(conn):
                existing = _waiting_of(conn, ticket.player_id)
                if existing is not None:
                    conn.execute(
                        "UPDATE mm_tickets SET heartbeat_at = ? WHERE ticket_id = ?",
                        (ticket.queued_at, existing.ticket.ticket_id),
                    )
                    return Enqueued(existing, created=False)
                row = conn.execute(
                    f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE player_id = ?"
                    " AND state = 'matched' AND settled_at >= ? AND players = ?"
                    " AND target_points = ? AND party IS ? AND turn_clock = ?"
                    " ORDER BY settled_at DESC LIMIT 1",
                    (ticket.player_id, matched_since, ticket.players, ticket.target_points,
                     ticket.party, ticket.turn_clock),
                ).fetchone()  # fmt: skip
                if row is not None:
                    return Enqueued(ticket_status(row), created=False)
                conn.execute(
                    "INSERT INTO mm_tickets (ticket_id, player_id, players, target_points,"
                    " allow_bots, bots_at, party, queued_at, heartbeat_at, state, turn_clock)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?)",
                    (
                        ticket.ticket_id, ticket.player_id, ticket.players,
                        ticket.target_points, int(ticket.allow_bots), ticket.bots_at,
                        ticket.party, ticket.queued_at, ticket.queued_at, ticket.turn_clock,
                    ),
                )  # fmt: skip
                return Enqueued(
                    TicketStatus(ticket, TicketState.WAITING, ticket.queued_at), created=True
                )

        return await self._run(enqueue)

    async def ticket(self, ticket_id: str) -> TicketStatus | None:
        def get(conn: sqlite3.Connection) -> TicketStatus | None:
            row = conn.execute(
                f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = ?", (ticket_id,)
            ).fetchone()
            return None if row is None else ticket_status(row)

        return await self._run(get)

    async def waiting_of(self, player_id: str) -> TicketStatus | None:
        return await self._run(lambda conn: _waiting_of(conn, player_id))

    async def tickets(self, ticket_ids: Sequence[str]) -> list[TicketStatus]:
        ids = list(ticket_ids)

        def get(conn: sqlite3.Connection) -> list[TicketStatus]:
            found: list[TicketStatus] = []
            for start in range(0, len(ids), 500):  # SQLite's bound-parameter limit
                part = ids[start : start + 500]
                marks = ",".join("?" * len(part))
                rows = conn.execute(
                    f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id IN ({marks})", part
                ).fetchall()
                found += [ticket_status(r) for r in rows]
            return found

        return await self._run(get) if ids else []

    async def heartbeat(self, ticket_ids: Sequence[str], now: float) -> None:
        ids = list(ticket_ids)

        def beat(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.executemany(
                    "UPDATE mm_tickets SET heartbeat_at = ? WHERE ticket_id = ? AND state = 'waiting'",
                    [(now, i) for i in ids],
                )

        if ids:
            await self._run(beat)

    async def cancel(self, ticket_id: str, now: float) -> bool:
        def cancel(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                done = conn.execute(
                    "UPDATE mm_tickets SET state = 'cancelled', settled_at = ?"
                    " WHERE ticket_id = ? AND state = 'waiting'",
                    (now, ticket_id),
                ).rowcount
            return done == 1

        return await self._run(cancel)

    async def waiting_count(self, players: int, target_points: int) -> int:
        def count(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT COUNT(*) FROM mm_tickets WHERE state = 'waiting' AND players = ?"
                " AND target_points = ?",
                (players, target_points),
            ).fetchone()
            return int(row[0])

        return await self._run(count)

    @asynccontextmanager
    async def formation_round(self, now: float, stale_before: float) -> AsyncIterator[_SqliteRound]:
        async with self._round_lock:

            def waiting(conn: sqlite3.Connection) -> list[Ticket]:
                with _transaction(conn):
                    _expire(conn, now, stale_before)
                rows = conn.execute(
                    f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE state = 'waiting'"
                    " ORDER BY queued_at, ticket_id"
                ).fetchall()
                return [ticket_status(r).ticket for r in rows]

            yield _SqliteRound(self, True, await self._run(waiting))


@dataclass
class _SqliteRound:
    store: SqliteQueue
    acquired: bool
    tickets: Sequence[Ticket] = field(default_factory=list)
    told: list[str] = field(default_factory=list)

    async def settle(
        self, plan: TablePlan, match_id: str, now: float, left: LeftWaiting | None = None
    ) -> bool:
        def settle(conn: sqlite3.Connection) -> list[str] | None:
            with _transaction(conn):
                gone = _left_waiting(conn, plan, left)
                if not _settle(conn, plan, match_id, now):
                    return None
                return write_notices(conn, gone)

        told = await self.store._run(settle)
        if told is None:
            return False
        self.told += [p for p in told if p not in self.told]
        return True


def _waiting_of(conn: sqlite3.Connection, player_id: str) -> TicketStatus | None:
    row = conn.execute(
        f"SELECT {TICKET_COLUMNS} FROM mm_tickets WHERE player_id = ? AND state = 'waiting'",
        (player_id,),
    ).fetchone()
    return None if row is None else ticket_status(row)


def _expire(conn: sqlite3.Connection, now: float, stale_before: float) -> None:
    conn.execute(
        "UPDATE mm_tickets SET state = 'expired', settled_at = ?"
        " WHERE state = 'waiting' AND heartbeat_at < ?",
        (now, stale_before),
    )


def _left_waiting(
    conn: sqlite3.Connection, plan: TablePlan, left: LeftWaiting | None
) -> list[Notice]:
    """``left``'s notices of the plan's searches that no heartbeat renewed since
    ``left.before`` (read in the settlement's write transaction, before it)."""
    if left is None or not left.notices:
        return []
    ids = [t.ticket_id for t in plan.tickets if t.ticket_id in left.notices]
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = conn.execute(
        f"SELECT ticket_id FROM mm_tickets WHERE ticket_id IN ({marks})"
        " AND state = 'waiting' AND heartbeat_at < ?",
        [*ids, left.before],
    ).fetchall()
    return [left.notices[str(r[0])] for r in rows]


def _settle(conn: sqlite3.Connection, plan: TablePlan, match_id: str, now: float) -> bool:
    ids = [t.ticket_id for t in plan.tickets]
    marks = ",".join("?" * len(ids))
    waiting = conn.execute(
        f"SELECT COUNT(*) FROM mm_tickets WHERE state = 'waiting' AND ticket_id IN ({marks})",
        ids,
    ).fetchone()[0]
    if waiting != len(ids):
        return False
    for seat in plan.seats:
        if seat.ticket is None:
            continue
        conn.execute(
            "UPDATE mm_tickets SET state = 'matched', match_id = ?, seat = ?, settled_at = ?"
            " WHERE ticket_id = ?",
            (match_id, seat.seat, now, seat.ticket.ticket_id),
        )
        bind_player(conn, match_id, seat.seat, seat.ticket.player_id, now)
    return True
