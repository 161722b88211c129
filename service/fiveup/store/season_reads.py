"""The season store's reads, the same on both backends: each is one or two queries of
``fiveup.store.seasons_sql`` through the backend's ``_fetch`` (a pool's connection on
PostgreSQL, the store's worker thread on SQLite) and the shared row mappers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ratings.leagues import Tally
from ..ratings.schedule import SeasonSpec
from ..ratings.season_ports import (
    BoardPage,
    BoardRow,
    GroupRow,
    LeagueChangeRecord,
    Member,
    SeasonRecord,
)
from . import seasons_sql as q


class SeasonReads:
    """The reads of ``SeasonStore``; a backend's store adds ``_fetch`` and the writes."""

    async def _fetch(self, query: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def season(self, season_id: str) -> SeasonRecord | None:
        rows = await self._fetch(q.SEASON, (season_id,))
        return q.season_of(rows[0]) if rows else None

    async def past_seasons(
        self, now: float, kind: str, offset: int, limit: int
    ) -> list[SeasonRecord]:
        rows = await self._fetch(q.PAST, (now, kind, kind, limit, offset))
        return [q.season_of(r) for r in rows]

    async def due_seasons(self, now: float) -> list[SeasonRecord]:
        return [q.season_of(r) for r in await self._fetch(q.DUE, (now,))]

    async def all_seasons(self) -> list[SeasonRecord]:
        return [q.season_of(r) for r in await self._fetch(q.ALL_SEASONS)]

    async def live_board(self, spec: SeasonSpec, offset: int, limit: int) -> BoardPage:
        rows = await self._fetch(q.LIVE_PAGE, (*q.bounds(spec), limit, offset))
        total = await self._fetch(q.LIVE_TOTAL, q.bounds(spec))
        return BoardPage(tuple(q.row_of(r) for r in rows), int(total[0][0]))

    async def live_tallies(self, spec: SeasonSpec) -> dict[str, Tally]:
        rows = await self._fetch(q.TALLY, q.bounds(spec))
        return {t.player_id: t for t in map(q.tally_of, rows)}

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        ids = list(player_ids)
        for n in range(0, len(ids), 500):  # well below SQLite's bound on parameters
            chunk = ids[n : n + 500]
            for player, name in await self._fetch(q.display_names(len(chunk)), chunk):
                out[str(player)] = str(name)
        return out

    async def archived_board(self, season_id: str, offset: int, limit: int) -> BoardPage:
        rows = await self._fetch(q.ARCHIVED_PAGE, (season_id, limit, offset))
        total = await self._fetch(q.ARCHIVED_TOTAL, (season_id,))
        return BoardPage(tuple(q.row_of(r) for r in rows), int(total[0][0]))

    async def archived_row(self, season_id: str, player_id: str) -> BoardRow | None:
        rows = await self._fetch(q.ARCHIVED_ROW, (season_id, player_id))
        return q.row_of(rows[0]) if rows else None

    async def archived_tallies(self, season_id: str) -> dict[str, Tally]:
        rows = await self._fetch(q.ARCHIVED_TALLIES, (season_id,))
        return {t.player_id: t for t in map(q.tally_of, rows)}

    async def member(self, season_id: str, player_id: str) -> Member | None:
        rows = await self._fetch(q.MEMBER, (season_id, player_id))
        return q.member_of(rows[0]) if rows else None

    async def members(self, season_id: str) -> list[Member]:
        return [q.member_of(r) for r in await self._fetch(q.MEMBERS, (season_id,))]

    async def tier_of(self, player_id: str) -> int:
        rows = await self._fetch(q.TIER, (player_id,))
        return int(rows[0][0]) if rows else 0

    async def group_table(self, spec: SeasonSpec, tier: int, group_no: int) -> list[GroupRow]:
        group = (spec.season_id, tier, group_no)
        rows = await self._fetch(q.GROUP_TABLE, (*q.bounds(spec), *group, *group))
        return [q.group_row_of(r) for r in rows]

    async def league_changes(
        self, player_id: str, offset: int, limit: int
    ) -> list[LeagueChangeRecord]:
        rows = await self._fetch(q.CHANGES_OF, (player_id, limit, offset))
        return [q.change_of(r) for r in rows]

    async def season_changes(self, season_id: str) -> list[LeagueChangeRecord]:
        return [q.change_of(r) for r in await self._fetch(q.SEASON_CHANGES, (season_id,))]

    async def ledger_times(self) -> dict[str, float]:
        return {str(m): float(t) for m, t in await self._fetch(q.LEDGER_TIMES)}

    async def void_times(self) -> dict[str, float]:
        return {str(m): float(t) for m, t in await self._fetch(q.VOID_TIMES)}
