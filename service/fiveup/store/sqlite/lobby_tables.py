"""The lobby store on SQLite, tables: the open tables, one table, and a player's matches
(``fiveup.lobby.ports.TableStore``).  Its reads join the event store's ``matches`` and
``seats`` and the player store's ``players``."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from ...lobby.ports import MyMatchPage, MyMatchRow, TableFilter, TablePage, TableRow
from ..lobby_sql import table_row
from .worker import WorkerStore

# ListMyMatches' order: the player's correspondence turns (0), the other unfinished
# matches (1), the finished ones (2); the turn index is the event store's (turn_seat,
# turn_deadline: fiveup.match.ports.TurnIndex).
MY_BUCKET = (
    "(CASE WHEN x.finished = 0 AND x.turn_seat = b.seat AND x.turn_deadline IS NOT NULL"
    " THEN 0 WHEN x.finished = 0 THEN 1 ELSE 2 END)"
)


class SqliteTables(WorkerStore):
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
        match_id: table_row(
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
