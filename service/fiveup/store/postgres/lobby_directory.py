"""The lobby store on PostgreSQL, the operators' list of matches
(``fiveup.lobby.ports.MatchDirectory``; the SQL: ``directory_sql``).  Its reads join the
event store's ``matches`` and ``events``, the ratings' ledger and voids."""

from __future__ import annotations

from ...lobby.ports import MatchListPage, MatchQuery, MatchSummary
from .. import directory_sql as sql
from ..ratings_sql import pg
from .common import Conn, PooledStore


class PostgresDirectory(PooledStore):
    async def list_matches(self, query: MatchQuery) -> MatchListPage:
        text, params = sql.page_query(query, sql.POSTGRES)
        async with self.pool.connection() as conn:
            cur = await conn.execute(pg(text), params)
            ids = [str(r[0]) for r in await cur.fetchall()]
            shown, more = ids[: query.limit], len(ids) > query.limit
            found = await _summaries(conn, shown)
        rows = tuple(found[m] for m in shown if m in found)
        last = rows[-1] if rows else None
        return MatchListPage(rows, (last.created_at, last.match_id) if more and last else None)

    async def match_summary(self, match_id: str) -> MatchSummary | None:
        async with self.pool.connection() as conn:
            return (await _summaries(conn, [match_id])).get(match_id)


async def _summaries(conn: Conn, ids: list[str]) -> dict[str, MatchSummary]:
    if not ids:
        return {}
    cur = await conn.execute(pg(sql.summaries_query(len(ids), sql.POSTGRES)), ids)
    rows = await cur.fetchall()
    cur = await conn.execute(pg(sql.owners_query(len(ids))), ids)
    return sql.summaries(rows, await cur.fetchall())
