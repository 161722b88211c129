"""The season store on SQLite (``fiveup.ratings.season_ports``; the queries:
``fiveup.store.seasons_sql``): the event store's file, one worker thread's connection.
Every write is one ``BEGIN IMMEDIATE`` transaction, which holds the file's write lock:
group assignments and archives are serialised with each other and with every append,
whichever process makes them, and an archive's claim, writes and notices commit
together."""

from __future__ import annotations

import dataclasses
import sqlite3
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
from ..season_reads import SeasonReads
from .events import _transaction
from .outbox import write_notices
from .worker import WorkerStore


def assign_pending(
    conn: sqlite3.Connection,
    spec: SeasonSpec,
    group_size: int,
    now: float,
    *,
    claimed: bool = False,
    since: float = float("-inf"),
) -> int:
    """Inside the caller's write transaction: every pending player of the open league
    season ``spec`` (with a counting result that ended ``since`` or later) into a group
    of their tier."""
    row = conn.execute(q.STATE, (spec.season_id,)).fetchone()
    if not claimed and (row is None or row[0] != OPEN):
        return 0  # archived meanwhile: its groups are final
    pending = conn.execute(q.PENDING, (*q.bounds(spec), since, spec.season_id)).fetchall()
    counts: dict[int, dict[int, int]] = {}
    for player, _first in pending:
        found = conn.execute(q.TIER, (player,)).fetchone()
        tier = int(found[0]) if found else 0
        if tier not in counts:
            counts[tier] = {
                int(g): int(n)
                for g, n in conn.execute(q.GROUP_COUNTS, (spec.season_id, tier)).fetchall()
            }
        group = group_for(counts[tier], group_size)
        counts[tier][group] = counts[tier].get(group, 0) + 1
        conn.execute(q.INSERT_MEMBER, (spec.season_id, player, tier, group, now))
    return len(pending)


class SqliteSeasonStore(SeasonReads, WorkerStore):
    what = "season store"
    thread_name = "sqlite-seasons"
    version_table = q.SQLITE_VERSION_TABLE
    migrations = q.SQLITE_MIGRATIONS

    async def _fetch(self, query: str, params: Sequence[Any] = ()) -> list[Any]:
        def run(conn: sqlite3.Connection) -> list[Any]:
            return conn.execute(query, tuple(params)).fetchall()

        return await self._run(run)

    async def ensure_seasons(self, specs: Sequence[SeasonSpec]) -> None:
        def ensure(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.executemany(q.ENSURE, [q.ensure_params(s) for s in specs])

        await self._run(ensure)

    async def assign_members(
        self, spec: SeasonSpec, group_size: int, now: float, since: float | None = None
    ) -> int:
        since_ = float("-inf") if since is None else since

        def assign(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return assign_pending(conn, spec, group_size, now, since=since_)

        return await self._run(assign)

    async def archive(
        self,
        season_id: str,
        now: float,
        plan: Callable[[ArchiveInput], ArchivePlan],
        group_size: int,
    ) -> ArchivePlan | None:
        def archive(conn: sqlite3.Connection) -> ArchivePlan | None:
            with _transaction(conn):
                found = conn.execute(q.SEASON, (season_id,)).fetchone()
                if found is None:
                    return None
                record = q.season_of(found)
                if conn.execute(q.CLAIM, (now, season_id)).rowcount != 1:
                    return None  # archived already
                if record.spec.league:  # the last players into groups
                    assign_pending(conn, record.spec, group_size, now, claimed=True)
                tallies = {
                    t.player_id: t
                    for t in map(q.tally_of, conn.execute(q.TALLY, q.bounds(record.spec)))
                }
                members = tuple(
                    q.member_of(r) for r in conn.execute(q.MEMBERS, (season_id,)).fetchall()
                )
                made = plan(ArchiveInput(record, tallies, members, now))
                conn.executemany(
                    q.INSERT_BOARD,
                    [
                        (season_id, t.player_id, place, t.points, t.wins, t.matches)
                        for place, t in enumerate(made.board, start=1)
                    ],
                )
                conn.execute(q.SET_PLAYERS, (len(made.board), season_id))
                conn.executemany(q.INSERT_CHANGE, [q.change_params(c) for c in made.changes])
                conn.executemany(
                    q.UPSERT_TIER, [(c.player_id, c.to_tier, now) for c in made.changes]
                )
                told = write_notices(conn, made.notices)  # last, as every writer
                return dataclasses.replace(made, told=tuple(told))

        return await self._run(archive)
