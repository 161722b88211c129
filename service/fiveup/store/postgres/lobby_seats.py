"""The lobby store on PostgreSQL, seats bound to players
(``fiveup.lobby.ports.SeatStore``)."""

from __future__ import annotations

from psycopg import errors as pg_errors

from ...lobby.ports import SeatAlreadyBound
from .common import Conn, PooledStore, fetch_all


class PostgresSeats(PooledStore):
    async def bind_seat(self, match_id: str, seat: int, player_id: str, now: float) -> None:
        async with self.pool.connection() as conn:
            await bind_player(conn, match_id, seat, player_id, now)

    async def seat_of(self, match_id: str, player_id: str) -> int | None:
        rows = await fetch_all(
            self.pool,
            "SELECT seat FROM seat_players WHERE match_id = %s AND player_id = %s",
            (match_id, player_id),
        )
        return int(rows[0][0]) if rows else None

    async def seat_owners(self, match_id: str) -> dict[int, str]:
        rows = await fetch_all(
            self.pool, "SELECT seat, player_id FROM seat_players WHERE match_id = %s", (match_id,)
        )
        return {int(seat): str(player) for seat, player in rows}


async def bind_player(conn: Conn, match_id: str, seat: int, player_id: str, now: float) -> None:
    """Bind ``player_id`` to the seat (a savepoint in the caller's transaction, if any);
    raises SeatAlreadyBound."""
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
