"""The lobby store on PostgreSQL, tables: the open tables, one table, and a player's
matches (``fiveup.lobby.ports.TableStore``).  Its reads join the event store's
``matches`` and ``seats`` and the player store's ``players``."""

from __future__ import annotations

from collections.abc import Sequence

from ...lobby.ports import MyMatchPage, MyMatchRow, TableFilter, TablePage, TableRow
from ..lobby_sql import table_row
from .common import Conn, PooledStore

# ListMyMatches' order (as the SQLite adapter's: fiveup.store.sqlite.lobby_tables.MY_BUCKET).
MY_BUCKET = (
    "(CASE WHEN NOT x.finished AND x.turn_seat = b.seat AND x.turn_deadline IS NOT NULL"
    " THEN 0 WHEN NOT x.finished THEN 1 ELSE 2 END)"
)


class PostgresTables(PooledStore):
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
    return {
        match_id: table_row(
            match_id, kinds, target, created, finished, claimed.get(match_id, set()), names
        )
        for match_id, kinds, target, created, finished in matches
    }
