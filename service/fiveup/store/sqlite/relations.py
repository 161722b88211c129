"""The block store on SQLite (``fiveup.identity.ports.BlockStore``): the event store's
file, its own table and schema version.  Writes are ``BEGIN IMMEDIATE`` transactions on
the worker thread (the limit is checked under the write lock); the reads that every
invitation, seat and chat stream make are indexed by (blocker, blocked)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from ...identity.ports import BlockPage, BlockRecord
from .events import _transaction
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: who blocked whom
    """
    CREATE TABLE IF NOT EXISTS player_blocks (
        blocker    TEXT NOT NULL,
        blocked    TEXT NOT NULL,
        blocked_at REAL NOT NULL,
        PRIMARY KEY (blocker, blocked)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS player_blocks_by_blocked ON player_blocks (blocked, blocker);
    CREATE INDEX IF NOT EXISTS player_blocks_by_time ON player_blocks (blocker, blocked_at);
    """,
]

# The blocked player's current name: the players table (the player store's) in the same
# file; a player since deleted has none.
_PAGE = """
SELECT b.blocked, b.blocked_at, COALESCE(p.display_name, '') FROM player_blocks b
  LEFT JOIN players p ON p.player_id = b.blocked
 WHERE b.blocker = ? {after}
 ORDER BY b.blocked_at DESC, b.blocked DESC LIMIT ?
"""


class SqliteBlockStore(WorkerStore):
    what = "block store"
    thread_name = "sqlite-relations"
    version_table = "relation_schema_version"
    migrations = MIGRATIONS

    async def block(self, blocker: str, blocked: str, now: float, limit: int) -> BlockRecord | None:
        def block(conn: sqlite3.Connection) -> BlockRecord | None:
            with _transaction(conn):
                row = conn.execute(
                    "SELECT blocked_at FROM player_blocks WHERE blocker = ? AND blocked = ?",
                    (blocker, blocked),
                ).fetchone()
                if row is not None:
                    return BlockRecord(blocker, blocked, float(row[0]))
                (count,) = conn.execute(
                    "SELECT COUNT(*) FROM player_blocks WHERE blocker = ?", (blocker,)
                ).fetchone()
                if count >= limit:
                    return None
                conn.execute("INSERT INTO player_blocks VALUES (?, ?, ?)", (blocker, blocked, now))
                return BlockRecord(blocker, blocked, now)

        return await self._run(block)

    async def unblock(self, blocker: str, blocked: str) -> bool:
        def unblock(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                return (
                    conn.execute(
                        "DELETE FROM player_blocks WHERE blocker = ? AND blocked = ?",
                        (blocker, blocked),
                    ).rowcount
                    > 0
                )

        return await self._run(unblock)

    async def blocked_either_way(self, a: str, b: str) -> bool:
        def either(conn: sqlite3.Connection) -> bool:
            row = conn.execute(
                "SELECT 1 FROM player_blocks WHERE (blocker = ? AND blocked = ?)"
                " OR (blocker = ? AND blocked = ?) LIMIT 1",
                (a, b, b, a),
            ).fetchone()
            return row is not None

        return await self._read(either)

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        ids = list(player_ids)

        def pairs(conn: sqlite3.Connection) -> set[frozenset[str]]:
            marks = ",".join("?" * len(ids))
            rows = conn.execute(
                f"SELECT blocker, blocked FROM player_blocks WHERE blocker IN ({marks})"
                f" AND blocked IN ({marks})",
                ids + ids,
            ).fetchall()
            return {frozenset((str(r[0]), str(r[1]))) for r in rows}

        return await self._run(pairs) if len(ids) >= 2 else set()

    async def blocked_by(self, blocker: str) -> frozenset[str]:
        def blocked(conn: sqlite3.Connection) -> frozenset[str]:
            rows = conn.execute(
                "SELECT blocked FROM player_blocks WHERE blocker = ?", (blocker,)
            ).fetchall()
            return frozenset(str(r[0]) for r in rows)

        return await self._read(blocked)

    async def blocks_of(
        self, blocker: str, limit: int, after: tuple[float, str] | None
    ) -> BlockPage:
        def page(conn: sqlite3.Connection) -> BlockPage:
            if after is None:
                rows = conn.execute(_PAGE.format(after=""), (blocker, limit + 1)).fetchall()
            else:
                rows = conn.execute(
                    _PAGE.format(
                        after="AND (b.blocked_at < ? OR (b.blocked_at = ? AND b.blocked < ?))"
                    ),
                    (blocker, after[0], after[0], after[1], limit + 1),
                ).fetchall()
            found = tuple(BlockRecord(blocker, str(r[0]), float(r[1]), str(r[2])) for r in rows)
            more = len(found) > limit
            found = found[:limit]
            cursor = (found[-1].blocked_at, found[-1].blocked) if more and found else None
            return BlockPage(found, cursor)

        return await self._run(page)
