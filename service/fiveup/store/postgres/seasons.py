"""The season store on PostgreSQL (``fiveup.ratings.season_ports``; the queries:
``fiveup.store.seasons_sql``): the event store's database, its own small pool.

Replicas share the work safely: group assignments take the league's advisory transaction
lock (``PG_LEAGUE_LOCK``), so two never fill the same group past its size; an archive
claims its season's row first (``UPDATE ... WHERE state = 'open'``: a second replica's
claim waits for the first's commit, then finds the season archived and does nothing),
then takes the league lock, and writes the board, the changes, the tiers and the notices
(``write_notices`` last, as every writer) in that one transaction."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from ...ratings.leagues import group_for
from ...ratings.schedule import SeasonSpec
from ...ratings.season_ports import (
    OPEN,
    ArchiveInput,
    ArchivePlan,
)
from .. import seasons_sql as q
from ..ratings_sql import pg
from ..season_reads import SeasonReads
from .common import Conn, PooledStore, fetch_all
from .outbox import write_notices


async def _all(conn: Conn, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    cur = await conn.execute(pg(query), tuple(params))
    return await cur.fetchall()


async def assign_pending(
    conn: Conn,
    spec: SeasonSpec,
    group_size: int,
    now: float,
    *,
    claimed: bool = False,
    since: float = float("-inf"),
) -> int:
    """Inside the caller's transaction: take the league lock, then put every pending
    player of the open league season ``spec`` into a group of their tier."""
    await conn.execute("SELECT pg_advisory_xact_lock(%s)", (q.PG_LEAGUE_LOCK,))
    state = await _all(conn, q.STATE, (spec.season_id,))
    if not claimed and (not state or state[0][0] != OPEN):
        return 0  # archived meanwhile: its groups are final
    pending = await _all(conn, q.PENDING, (*q.bounds(spec), since, spec.season_id))
    counts: dict[int, dict[int, int]] = {}
    for player, _first in pending:
        found = await _all(conn, q.TIER, (player,))
        tier = int(found[0][0]) if found else 0
        if tier not in counts:
            rows = await _all(conn, q.GROUP_COUNTS, (spec.season_id, tier))
            counts[tier] = {int(g): int(n) for g, n in rows}
        group = group_for(counts[tier], group_size)
        counts[tier][group] = counts[tier].get(group, 0) + 1
        await conn.execute(pg(q.INSERT_MEMBER), (spec.season_id, player, tier, group, now))
    return len(pending)


class PostgresSeasonStore(SeasonReads, PooledStore):
    what = "season store"
    pool_name = "fiveup-seasons"
    schema = q.PG_SCHEMA
    default_max_size = 2  # reads of boards and the rare archive: few connections

    async def _fetch(self, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await fetch_all(self.pool, pg(query), params)

    async def ensure_seasons(self, specs: Sequence[SeasonSpec]) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            for spec in specs:
                await conn.execute(pg(q.ENSURE), q.ensure_params(spec))

    async def assign_members(
        self, spec: SeasonSpec, group_size: int, now: float, since: float | None = None
    ) -> int:
        since_ = float("-inf") if since is None else since
        async with self.pool.connection() as conn, conn.transaction():
            return await assign_pending(conn, spec, group_size, now, since=since_)

    async def archive(
        self,
        season_id: str,
        now: float,
        plan: Callable[[ArchiveInput], ArchivePlan],
        group_size: int,
    ) -> ArchivePlan | None:
        async with self.pool.connection() as conn, conn.transaction():
            # The claim first: it holds the season's row to the commit.
            cur = await conn.execute(pg(q.CLAIM), (now, season_id))
            if cur.rowcount != 1:
                return None  # unknown, or archived already (by us or another replica)
            found = await _all(conn, q.SEASON, (season_id,))
            record = q.season_of(found[0])
            if record.spec.league:  # the last players into groups, under the league lock
                await assign_pending(conn, record.spec, group_size, now, claimed=True)
            tallies = {
                t.player_id: t
                for t in map(q.tally_of, await _all(conn, q.TALLY, q.bounds(record.spec)))
            }
            members = tuple(q.member_of(r) for r in await _all(conn, q.MEMBERS, (season_id,)))
            made = plan(ArchiveInput(record, tallies, members, now))
            board = [
                (season_id, t.player_id, place, t.points, t.wins, t.matches)
                for place, t in enumerate(made.board, start=1)
            ]
            async with conn.cursor() as c:
                if board:
                    await c.executemany(pg(q.INSERT_BOARD), board)
                await c.execute(pg(q.SET_PLAYERS), (len(made.board), season_id))
                if made.changes:
                    await c.executemany(
                        pg(q.INSERT_CHANGE), [q.change_params(x) for x in made.changes]
                    )
                    await c.executemany(
                        pg(q.UPSERT_TIER), [(x.player_id, x.to_tier, now) for x in made.changes]
                    )
            told = await write_notices(conn, made.notices)  # last, as every writer
            return dataclasses.replace(made, told=tuple(told))
