"""The lobby store on PostgreSQL, rematches: a finished match's offer and the seats
that accepted it (``fiveup.lobby.ports.RematchStore``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...lobby.ports import RematchState
from ...notifications.notices import Notice
from .common import Conn, PooledStore
from .outbox import write_notices


class PostgresRematches(PooledStore):
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
