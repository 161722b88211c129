"""The lobby store on SQLite (see ``lobby.py``): one worker thread's connection, write
transactions ``BEGIN IMMEDIATE``, formation rounds serialised in the process."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

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
from ...notifications.notices import Notice
from ..invites_sql import acquainted_query, judge, quota_checks
from .events import _transaction
from .outbox import write_notices
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: seats bound to players, private tables, the matchmaking queue
    """
    CREATE TABLE IF NOT EXISTS seat_players (
        match_id  TEXT NOT NULL,
        seat      INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX IF NOT EXISTS one_seat_per_player ON seat_players (match_id, player_id);
    CREATE INDEX IF NOT EXISTS seat_players_by_player ON seat_players (player_id, joined_at);
    CREATE TABLE IF NOT EXISTS private_tables (
        match_id    TEXT PRIMARY KEY,
        invite_hash BLOB NOT NULL UNIQUE,
        expires_at  REAL NOT NULL,
        created_by  TEXT NOT NULL,
        created_at  REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS mm_tickets (
        ticket_id     TEXT PRIMARY KEY,
        player_id     TEXT NOT NULL,
        players       INTEGER NOT NULL,
        target_points INTEGER NOT NULL,
        allow_bots    INTEGER NOT NULL,
        bots_at       REAL,
        party         TEXT,
        queued_at     REAL NOT NULL,
        heartbeat_at  REAL NOT NULL,
        state         TEXT NOT NULL,
        match_id      TEXT,
        seat          INTEGER,
        settled_at    REAL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS one_waiting_search ON mm_tickets (player_id)
        WHERE state = 'waiting';
    CREATE INDEX IF NOT EXISTS mm_waiting ON mm_tickets (state, queued_at);
    """,
    # 2: rematch offers of finished matches and the seats that accepted them
    """
    CREATE TABLE IF NOT EXISTS rematches (
        match_id     TEXT PRIMARY KEY,
        new_match_id TEXT NOT NULL,
        offered_at   REAL NOT NULL,
        started_at   REAL
    );
    CREATE TABLE IF NOT EXISTS rematch_accepts (
        match_id    TEXT NOT NULL REFERENCES rematches (match_id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        accepted_at REAL NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    """,
    # 3: a correspondence search's turn clock (only searches with the same one meet)
    """
    ALTER TABLE mm_tickets ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: the players a private table names (they may sit down without its code)
    """
    CREATE TABLE IF NOT EXISTS private_invitees (
        match_id  TEXT NOT NULL REFERENCES private_tables (match_id) ON DELETE CASCADE,
        player_id TEXT NOT NULL,
        PRIMARY KEY (match_id, player_id)
    ) WITHOUT ROWID;
    """,
    # 5: invitation limits and acquaintance (docs/security.md, "Invitations and blocks"):
    # whether an invitee was told (not when they blocked the inviter), and the indexes
    # the per-inviter and per-invitee counts read
    """
    ALTER TABLE private_invitees ADD COLUMN told INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX IF NOT EXISTS private_tables_by_creator ON private_tables (created_by, created_at);
    CREATE INDEX IF NOT EXISTS private_invitees_by_player ON private_invitees (player_id);
    """,
]

_TICKET_COLUMNS = (
    "ticket_id, player_id, players, target_points, queued_at, allow_bots, bots_at, party,"
    " state, heartbeat_at, match_id, seat, turn_clock"
)


# ListMyMatches' order: the player's correspondence turns (0), the other unfinished
# matches (1), the finished ones (2); the turn index is the event store's (turn_seat,
# turn_deadline: fiveup.match.ports.TurnIndex).
MY_BUCKET = (
    "(CASE WHEN x.finished = 0 AND x.turn_seat = b.seat AND x.turn_deadline IS NOT NULL"
    " THEN 0 WHEN x.finished = 0 THEN 1 ELSE 2 END)"
)


class SqliteLobbyStore(WorkerStore):
    what = "lobby store"
    thread_name = "sqlite-lobby"
    version_table = "lobby_schema_version"
    migrations = MIGRATIONS

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._round_lock = asyncio.Lock()

    # ------------------------------------------------------------------ rematches

    async def accept_rematch(
        self, match_id: str, seat: int, new_match_id: str, now: float,
        offered: Sequence[Notice],
    ) -> RematchState:  # fmt: skip
        def accept(conn: sqlite3.Connection) -> RematchState:
            with _transaction(conn):
                new = conn.execute(
                    "INSERT INTO rematches (match_id, new_match_id, offered_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (match_id) DO NOTHING",
                    (match_id, new_match_id, now),
                ).rowcount
                conn.execute(
                    "INSERT INTO rematch_accepts VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (match_id, seat, now),
                )
                told = tuple(write_notices(conn, offered)) if new else ()
                state = _rematch(conn, match_id)
                assert state is not None
                return RematchState(
                    state.match_id, state.new_match_id, state.accepted, state.started, told
                )

        return await self._run(accept)

    async def rematch(self, match_id: str) -> RematchState | None:
        return await self._run(lambda conn: _rematch(conn, match_id))

    async def decline_rematch(self, match_id: str) -> bool:
        def decline(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                conn.execute(
                    "DELETE FROM rematch_accepts WHERE match_id = ? AND match_id IN"
                    " (SELECT match_id FROM rematches WHERE started_at IS NULL)",
                    (match_id,),
                )
                return bool(conn.execute(
                    "DELETE FROM rematches WHERE match_id = ? AND started_at IS NULL",
                    (match_id,),
                ).rowcount)  # fmt: skip

        return await self._run(decline)

    async def rematch_started(self, match_id: str, notices: Sequence[Notice]) -> RematchState:
        def started(conn: sqlite3.Connection) -> RematchState:
            with _transaction(conn):
                first = conn.execute(
                    "UPDATE rematches SET started_at = ? WHERE match_id = ? AND started_at IS NULL",
                    (min((n.created_at for n in notices), default=0.0), match_id),
                ).rowcount
                told = tuple(write_notices(conn, notices)) if first else ()
                state = _rematch(conn, match_id)
                assert state is not None
                return RematchState(
                    state.match_id, state.new_match_id, state.accepted, state.started, told
                )

        return await self._run(started)

    # ------------------------------------------------------------------ seats

    async def bind_seat(self, match_id: str, seat: int, player_id: str, now: float) -> None:
        def bind(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                _bind(conn, match_id, seat, player_id, now)

        await self._run(bind)

    async def seat_of(self, match_id: str, player_id: str) -> int | None:
        def seat(conn: sqlite3.Connection) -> int | None:
            row = conn.execute(
                "SELECT seat FROM seat_players WHERE match_id = ? AND player_id = ?",
                (match_id, player_id),
            ).fetchone()
            return None if row is None else int(row[0])

        return await self._run(seat)

    async def seat_owners(self, match_id: str) -> dict[int, str]:
        def owners(conn: sqlite3.Connection) -> dict[int, str]:
            rows = conn.execute(
                "SELECT seat, player_id FROM seat_players WHERE match_id = ?", (match_id,)
            ).fetchall()
            return {int(seat): str(player) for seat, player in rows}

        return await self._run(owners)

    async def my_matches(
        self, player_id: str, limit: int, after: tuple[int, float, str] | None
    ) -> MyMatchPage:
        def mine(conn: sqlite3.Connection) -> MyMatchPage:
            g, k, m = after if after is not None else (-1, 0.0, "")
            rows = conn.execute(
                "SELECT match_id, seat, joined_at, bucket, k, turn_clock FROM ("
                f" SELECT b.match_id, b.seat, b.joined_at, x.turn_clock, {MY_BUCKET} AS bucket,"
                f"  CASE WHEN {MY_BUCKET} = 0 THEN x.turn_deadline ELSE -b.joined_at END AS k"
                "  FROM seat_players b JOIN matches x ON x.match_id = b.match_id"
                "  WHERE b.player_id = ?)"
                " WHERE ? < 0 OR bucket > ? OR (bucket = ? AND"
                "  (k > ? OR (k = ? AND match_id > ?)))"
                " ORDER BY bucket, k, match_id LIMIT ?",
                (player_id, g, g, g, k, k, m, limit + 1),
            ).fetchall()
            page, more = rows[:limit], len(rows) > limit
            tables = _tables(conn, [r[0] for r in page])
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

        return await self._run(mine)

    # ------------------------------------------------------------------ tables

    async def open_tables(
        self, where: TableFilter, limit: int, after: tuple[float, str] | None
    ) -> TablePage:
        def tables(conn: sqlite3.Connection) -> TablePage:
            created, match = after if after is not None else (float("inf"), "")
            players = 4 if where.partnerships else where.players
            rows = conn.execute(
                "SELECT m.match_id, m.created_at FROM matches m"
                " WHERE m.finished = 0"
                " AND NOT EXISTS (SELECT 1 FROM private_tables p WHERE p.match_id = m.match_id)"
                " AND (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.match_id)"
                "   < (SELECT COUNT(*) FROM json_each(m.seats) k WHERE k.value = 'human')"
                " AND (? = 0 OR json_array_length(m.seats) = ?)"
                " AND (? = 0 OR json_array_length(m.seats) <> 4)"
                " AND (? = 0 OR m.target_points = ?)"
                " AND (m.created_at < ? OR (m.created_at = ? AND m.match_id < ?))"
                " ORDER BY m.created_at DESC, m.match_id DESC LIMIT ?",
                (
                    players, players,
                    1 if where.partnerships is False else 0,
                    where.target_points, where.target_points,
                    created, created, match,
                    limit + 1,
                ),
            ).fetchall()  # fmt: skip
            page, more = rows[:limit], len(rows) > limit
            by_id = _tables(conn, [r[0] for r in page])
            cursor = (float(page[-1][1]), str(page[-1][0])) if more and page else None
            return TablePage(tuple(by_id[r[0]] for r in page), cursor)

        return await self._run(tables)

    async def table(self, match_id: str) -> TableRow | None:
        return await self._run(lambda conn: _tables(conn, [match_id]).get(match_id))

    async def create_invite(
        self, match_id: str, invite_hash: bytes, expires_at: float, player_id: str, now: float,
        invited: Sequence[str] = (), *, quiet: Collection[str] = (),
        quota: InviteQuota | None = None,
    ) -> None:  # fmt: skip
        told = [p for p in invited if p not in quiet]

        def create(conn: sqlite3.Connection) -> None:
            with _transaction(conn):  # BEGIN IMMEDIATE: the counts hold until the commit
                if quota is not None and invited:
                    for check in quota_checks(quota, player_id, told, len(invited), now):
                        judge(check, conn.execute(check.query, check.params).fetchone(), now)
                conn.execute(
                    "INSERT INTO private_tables VALUES (?, ?, ?, ?, ?)",
                    (match_id, invite_hash, expires_at, player_id, now),
                )
                conn.executemany(
                    "INSERT INTO private_invitees (match_id, player_id, told) VALUES (?, ?, ?)",
                    [(match_id, p, 0 if p in quiet else 1) for p in invited],
                )

        await self._run(create)

    async def acquainted(self, player_id: str, others: Sequence[str]) -> set[str]:
        candidates = list(others)

        def acquainted(conn: sqlite3.Connection) -> set[str]:
            rows = conn.execute(
                acquainted_query(candidates), [player_id, *candidates, player_id, *candidates]
            ).fetchall()
            return {str(r[0]) for r in rows} - {player_id}

        return await self._run(acquainted) if candidates else set()

    async def invited_until(self, match_id: str, player_id: str) -> float | None:
        def until(conn: sqlite3.Connection) -> float | None:
            row = conn.execute(
                "SELECT t.expires_at FROM private_invitees i"
                " JOIN private_tables t ON t.match_id = i.match_id"
                " WHERE i.match_id = ? AND i.player_id = ?",
                (match_id, player_id),
            ).fetchone()
            return None if row is None else float(row[0])

        return await self._run(until)

    async def find_invite(self, invite_hash: bytes, now: float) -> Invite:
        def find(conn: sqlite3.Connection) -> Invite:
            row = conn.execute(
                "SELECT match_id, expires_at FROM private_tables WHERE invite_hash = ?",
                (invite_hash,),
            ).fetchone()
            if row is None:
                return Invite(InviteLookup.UNKNOWN)
            if row[1] <= now:
                return Invite(InviteLookup.EXPIRED, row[0])
            return Invite(InviteLookup.FOUND, row[0])

        return await self._run(find)

    async def is_private(self, match_id: str) -> bool:
        def private(conn: sqlite3.Connection) -> bool:
            row = conn.execute(
                "SELECT 1 FROM private_tables WHERE match_id = ?", (match_id,)
            ).fetchone()
            return row is not None

        return await self._run(private)

    # ------------------------------------------------------------------ the queue

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
                    f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE player_id = ?"
                    " AND state = 'matched' AND settled_at >= ? AND players = ?"
                    " AND target_points = ? AND party IS ? AND turn_clock = ?"
                    " ORDER BY settled_at DESC LIMIT 1",
                    (ticket.player_id, matched_since, ticket.players, ticket.target_points,
                     ticket.party, ticket.turn_clock),
                ).fetchone()  # fmt: skip
                if row is not None:
                    return Enqueued(_status(row), created=False)
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
                f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id = ?", (ticket_id,)
            ).fetchone()
            return None if row is None else _status(row)

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
                    f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE ticket_id IN ({marks})", part
                ).fetchall()
                found += [_status(r) for r in rows]
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
                    f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE state = 'waiting'"
                    " ORDER BY queued_at, ticket_id"
                ).fetchall()
                return [_status(r).ticket for r in rows]

            yield _SqliteRound(self, True, await self._run(waiting))


@dataclass
class _SqliteRound:
    store: SqliteLobbyStore
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


# ---------------------------------------------------------------------- helpers


def _bind(conn: sqlite3.Connection, match_id: str, seat: int, player_id: str, now: float) -> None:
    try:
        conn.execute(
            "INSERT INTO seat_players VALUES (?, ?, ?, ?)", (match_id, seat, player_id, now)
        )
    except sqlite3.IntegrityError:
        row = conn.execute(
            "SELECT seat FROM seat_players WHERE match_id = ? AND player_id = ?",
            (match_id, player_id),
        ).fetchone()
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


def _waiting_of(conn: sqlite3.Connection, player_id: str) -> TicketStatus | None:
    row = conn.execute(
        f"SELECT {_TICKET_COLUMNS} FROM mm_tickets WHERE player_id = ? AND state = 'waiting'",
        (player_id,),
    ).fetchone()
    return None if row is None else _status(row)


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
        _bind(conn, match_id, seat.seat, seat.ticket.player_id, now)
    return True


def _rematch(conn: sqlite3.Connection, match_id: str) -> RematchState | None:
    row = conn.execute(
        "SELECT new_match_id, started_at FROM rematches WHERE match_id = ?", (match_id,)
    ).fetchone()
    if row is None:
        return None
    seats = conn.execute(
        "SELECT seat FROM rematch_accepts WHERE match_id = ? ORDER BY seat", (match_id,)
    ).fetchall()
    return RematchState(match_id, str(row[0]), tuple(int(s[0]) for s in seats), row[1] is not None)


def _tables(conn: sqlite3.Connection, match_ids: Sequence[str]) -> dict[str, TableRow]:
    if not match_ids:
        return {}
    marks = ",".join("?" * len(match_ids))
    matches = conn.execute(
        f"SELECT match_id, seats, target_points, created_at, finished FROM matches"
        f" WHERE match_id IN ({marks})",
        list(match_ids),
    ).fetchall()
    claimed: dict[str, set[int]] = {}
    for match_id, seat in conn.execute(
        f"SELECT match_id, seat FROM seats WHERE match_id IN ({marks})", list(match_ids)
    ):
        claimed.setdefault(match_id, set()).add(int(seat))
    names: dict[tuple[str, int], str] = {}
    for match_id, seat, name in conn.execute(
        f"SELECT b.match_id, b.seat, p.display_name FROM seat_players b"
        f" JOIN players p ON p.player_id = b.player_id WHERE b.match_id IN ({marks})",
        list(match_ids),
    ):
        names[(match_id, int(seat))] = name
    return {
        match_id: _table_row(
            match_id,
            json.loads(seats),
            target,
            created,
            bool(finished),
            claimed.get(match_id, set()),
            names,
        )
        for match_id, seats, target, created, finished in matches
    }


def _table_row(
    match_id: str,
    kinds: Sequence[str],
    target: int,
    created: float,
    finished: bool,
    claimed: set[int],
    names: dict[tuple[str, int], str],
) -> TableRow:
    seats = tuple(
        TableSeatRow(
            seat=i,
            kind=kind,
            taken=kind != "human" or i in claimed,
            display_name=names.get((match_id, i), ""),
        )
        for i, kind in enumerate(kinds)
    )
    return TableRow(match_id, seats, int(target), float(created), finished)
