"""The relation store on SQLite: blocks (``fiveup.identity.ports.BlockStore``) and
friendships (``fiveup.friends.ports.FriendStore``, its transactions in
``fiveup.store.friends_sql``) -- the event store's file, their own tables and schema
version.  A block ends a friendship in its own transaction.  Writes are ``BEGIN IMMEDIATE`` transactions on
the worker thread (the limit is checked under the write lock); the reads that every
invitation, seat and chat stream make are indexed by (blocker, blocked)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from ...friends.ports import (
    FriendRecord,
    RequestRecord,
)
from ...identity.ports import BlockPage, BlockRecord
from .. import friends_sql
from ..friends_sql import FriendWrites, Lock, Notices, Script
from .events import _transaction
from .outbox import write_notices
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
    # 2: friend requests, friendships, sends and cooldowns (fiveup.store.friends_sql)
    ";\n".join(q.format(real="REAL") for q in friends_sql.FRIEND_TABLES) + ";",
    # 3: live notification streams by player and replica, for presence
    ";\n".join(q.format(real="REAL") for q in friends_sql.PRESENCE_TABLES) + ";",
]


def run_script(conn: sqlite3.Connection, script: Script) -> object:
    """Run a friends script (``fiveup.store.friends_sql``) inside the caller's write
    transaction; its result."""
    reply: object = None
    try:
        while True:
            step = script.send(reply)
            if isinstance(step, Lock):  # BEGIN IMMEDIATE holds the write lock already
                reply = None
            elif isinstance(step, Notices):
                reply = write_notices(conn, step.notices)
            else:
                reply = conn.execute(*step).fetchall()
    except StopIteration as done:
        return done.value


# The blocked player's current name: the players table (the player store's) in the same
# file; a player since deleted has none.
_PAGE = """
SELECT b.blocked, b.blocked_at, COALESCE(p.display_name, '') FROM player_blocks b
  LEFT JOIN players p ON p.player_id = b.blocked
 WHERE b.blocker = ? {after}
 ORDER BY b.blocked_at DESC, b.blocked DESC LIMIT ?
"""


class SqliteBlockStore(FriendWrites, WorkerStore):
    what = "relation store"
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
                run_script(conn, friends_sql.end_friendship(blocker, blocked, now))
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

    # ------------------------------------------------------------------ friends

    async def _script(self, script: Script) -> object:
        def run(conn: sqlite3.Connection) -> object:
            with _transaction(conn):
                return run_script(conn, script)

        return await self._run(run)

    async def friends_of(self, player_id: str) -> list[FriendRecord]:
        def read(conn: sqlite3.Connection) -> list[FriendRecord]:
            rows = conn.execute(friends_sql.FRIENDS_OF, (player_id,)).fetchall()
            return [FriendRecord(str(r[0]), str(r[1]), float(r[2]), float(r[3])) for r in rows]

        return await self._read(read)

    async def requests_of(self, player_id: str, outgoing: bool) -> list[RequestRecord]:
        query = friends_sql.OUTGOING if outgoing else friends_sql.INCOMING

        def read(conn: sqlite3.Connection) -> list[RequestRecord]:
            rows = conn.execute(query, (player_id,)).fetchall()
            return [RequestRecord(str(r[0]), str(r[1]), float(r[2])) for r in rows]

        return await self._read(read)

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]:
        ids = list(others)

        def read(conn: sqlite3.Connection) -> set[str]:
            rows = conn.execute(
                friends_sql.friends_among_query(len(ids)), [player_id, *ids]
            ).fetchall()
            return {str(r[0]) for r in rows}

        return await self._read(read) if ids else set()

    async def streaming_until(self, player_ids: Sequence[str]) -> dict[str, float]:
        ids = list(player_ids)

        def read(conn: sqlite3.Connection) -> dict[str, float]:
            rows = conn.execute(friends_sql.presence_query(len(ids)), ids).fetchall()
            return {str(r[0]): float(r[1]) for r in rows}

        return await self._read(read) if ids else {}

    async def streaming(self, player_id: str, replica: str, until: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(friends_sql.STREAMING, (player_id, replica, until))

        await self._run(write)

    async def stopped_streaming(self, player_id: str, replica: str, now: float) -> None:
        delete, keep = friends_sql.STOPPED

        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(delete, (player_id, replica, now))
                conn.execute(keep, (player_id, "", now))

        await self._run(write)
