"""The lobby store on SQLite, seats bound to players (``fiveup.lobby.ports.SeatStore``)."""

from __future__ import annotations

import sqlite3

from ...lobby.ports import SeatAlreadyBound
from .events import _transaction
from .worker import WorkerStore


class SqliteSeats(WorkerStore):
    async def bind_seat(self, match_id: str, seat: int, player_id: str, now: float) -> None:
        def bind(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                bind_player(conn, match_id, seat, player_id, now)

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


def bind_player(
    conn: sqlite3.Connection, match_id: str, seat: int, player_id: str, now: float
) -> None:
    """Bind ``player_id`` to the seat in the caller's transaction; raises SeatAlreadyBound."""
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
