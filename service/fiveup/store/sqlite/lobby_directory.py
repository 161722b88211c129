"""The lobby store on SQLite, the operators' list of matches
(``fiveup.lobby.ports.MatchDirectory``; the SQL: ``directory_sql``).  Its reads join the
event store's ``matches`` and ``events``, the ratings' ledger and voids."""

from __future__ import annotations

import sqlite3

from ...lobby.ports import MatchListPage, MatchQuery, MatchSummary
from .. import directory_sql as sql
from .worker import WorkerStore


class SqliteDirectory(WorkerStore):
    async def list_matches(self, query: MatchQuery) -> MatchListPage:
        def page(conn: sqlite3.Connection) -> MatchListPage:
            text, params = sql.page_query(query, sql.SQLITE)
            ids = [str(r[0]) for r in conn.execute(text, params).fetchall()]
            shown, more = ids[: query.limit], len(ids) > query.limit
            found = _summaries(conn, shown)
            rows = tuple(found[m] for m in shown if m in found)
            last = rows[-1] if rows else None
            return MatchListPage(rows, (last.created_at, last.match_id) if more and last else None)

        return await self._run(page)

    async def match_summary(self, match_id: str) -> MatchSummary | None:
        return await self._run(lambda conn: _summaries(conn, [match_id]).get(match_id))


def _summaries(conn: sqlite3.Connection, ids: list[str]) -> dict[str, MatchSummary]:
    if not ids:
        return {}
    rows = conn.execute(sql.summaries_query(len(ids), sql.SQLITE), ids).fetchall()
    owners = conn.execute(sql.owners_query(len(ids)), ids).fetchall()
    return sql.summaries(rows, owners)
