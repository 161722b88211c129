"""The relation store on PostgreSQL: blocks (``fiveup.identity.ports.BlockStore``) and
friendships (``fiveup.friends.ports.FriendStore``, its transactions in
``fiveup.store.friends_sql``) -- the event store's database, their own tables, schema
version and small pool.  A block ends a friendship in its own transaction; a friends
write takes an advisory lock on each of its two players (sorted), so the limits hold
across replicas.  A block takes an
advisory lock on its blocker for the transaction, so the per-player limit holds when
two replicas record blocks of one player at once."""

from __future__ import annotations

from collections.abc import Sequence

from ...friends.ports import (
    FriendRecord,
    RequestRecord,
)
from ...identity.ports import BlockPage, BlockRecord
from .. import friends_sql
from ..friends_sql import FriendWrites, Lock, Notices, Script, pg
from .common import Conn, PooledStore, VersionedSchema, fetch_all
from .outbox import write_notices

# pg_advisory_xact_lock key serialising these migrations: "fiveuprl" in ASCII.
MIGRATION_LOCK = 0x66697665_7570726C

MIGRATIONS: list[list[str]] = [
    # 1: who blocked whom
    [
        """
        CREATE TABLE player_blocks (
            blocker    TEXT NOT NULL,
            blocked    TEXT NOT NULL,
            blocked_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (blocker, blocked)
        )
        """,
        "CREATE INDEX player_blocks_by_blocked ON player_blocks (blocked, blocker)",
        "CREATE INDEX player_blocks_by_time ON player_blocks (blocker, blocked_at)",
    ],
    # 2: friend requests, friendships, sends and cooldowns (fiveup.store.friends_sql)
    [q.format(real="DOUBLE PRECISION") for q in friends_sql.FRIEND_TABLES],
    # 3: live notification streams by player and replica, for presence
    [q.format(real="DOUBLE PRECISION") for q in friends_sql.PRESENCE_TABLES],
]


async def run_script(conn: Conn, script: Script) -> object:
    """Run a friends script (``fiveup.store.friends_sql``) inside the caller's
    transaction on ``conn``; its result."""
    reply: object = None
    try:
        while True:
            step = script.send(reply)
            if isinstance(step, Lock):
                for player in sorted(set(step.players)):
                    await conn.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended('friend:' || %s, 0))",
                        (player,),
                    )
                reply = None
            elif isinstance(step, Notices):
                reply = await write_notices(conn, step.notices)
            else:
                cur = await conn.execute(pg(step[0]), step[1])
                reply = await cur.fetchall() if cur.description is not None else []
    except StopIteration as done:
        return done.value


SCHEMA = VersionedSchema(
    "relation_schema_version", MIGRATIONS, MIGRATION_LOCK, "relation", "relation schema"
)

_PAGE = """
SELECT b.blocked, b.blocked_at, COALESCE(p.display_name, '') FROM player_blocks b
  LEFT JOIN players p ON p.player_id = b.blocked
 WHERE b.blocker = %s {after}
 ORDER BY b.blocked_at DESC, b.blocked DESC LIMIT %s
"""


class PostgresBlockStore(FriendWrites, PooledStore):
    what = "relation store"
    pool_name = "fiveup-relations"
    schema = SCHEMA
    default_max_size = 2

    async def block(self, blocker: str, blocked: str, now: float, limit: int) -> BlockRecord | None:
        async with self.pool.connection() as conn, conn.transaction():
            # One block at a time per blocker (across replicas): the count below holds.
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended('block:' || %s, 0))", (blocker,)
            )
            cur = await conn.execute(
                "SELECT blocked_at FROM player_blocks WHERE blocker = %s AND blocked = %s",
                (blocker, blocked),
            )
            row = await cur.fetchone()
            if row is not None:
                return BlockRecord(blocker, blocked, float(row[0]))
            cur = await conn.execute(
                "SELECT COUNT(*) FROM player_blocks WHERE blocker = %s", (blocker,)
            )
            counted = await cur.fetchone()
            if counted is not None and int(counted[0]) >= limit:
                return None
            await conn.execute(
                "INSERT INTO player_blocks VALUES (%s, %s, %s)", (blocker, blocked, now)
            )
            await run_script(conn, friends_sql.end_friendship(blocker, blocked, now))
            return BlockRecord(blocker, blocked, now)

    async def unblock(self, blocker: str, blocked: str) -> bool:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "DELETE FROM player_blocks WHERE blocker = %s AND blocked = %s", (blocker, blocked)
            )
            return cur.rowcount > 0

    async def blocked_either_way(self, a: str, b: str) -> bool:
        rows = await fetch_all(
            self.pool,
            "SELECT 1 FROM player_blocks WHERE (blocker = %s AND blocked = %s)"
            " OR (blocker = %s AND blocked = %s) LIMIT 1",
            (a, b, b, a),
        )
        return bool(rows)

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        ids = list(player_ids)
        if len(ids) < 2:
            return set()
        rows = await fetch_all(
            self.pool,
            "SELECT blocker, blocked FROM player_blocks"
            " WHERE blocker = ANY(%s) AND blocked = ANY(%s)",
            (ids, ids),
        )
        return {frozenset((str(r[0]), str(r[1]))) for r in rows}

    async def blocked_by(self, blocker: str) -> frozenset[str]:
        rows = await fetch_all(
            self.pool, "SELECT blocked FROM player_blocks WHERE blocker = %s", (blocker,)
        )
        return frozenset(str(r[0]) for r in rows)

    async def blocks_of(
        self, blocker: str, limit: int, after: tuple[float, str] | None
    ) -> BlockPage:
        if after is None:
            rows = await fetch_all(self.pool, _PAGE.format(after=""), (blocker, limit + 1))
        else:
            rows = await fetch_all(
                self.pool,
                _PAGE.format(after="AND (b.blocked_at, b.blocked) < (%s, %s)"),
                (blocker, after[0], after[1], limit + 1),
            )
        found = tuple(BlockRecord(blocker, str(r[0]), float(r[1]), str(r[2])) for r in rows)
        more = len(found) > limit
        found = found[:limit]
        cursor = (found[-1].blocked_at, found[-1].blocked) if more and found else None
        return BlockPage(found, cursor)

    # ------------------------------------------------------------------ friends

    async def _script(self, script: Script) -> object:
        async with self.pool.connection() as conn, conn.transaction():
            return await run_script(conn, script)

    async def friends_of(self, player_id: str) -> list[FriendRecord]:
        rows = await fetch_all(self.pool, pg(friends_sql.FRIENDS_OF), (player_id,))
        return [FriendRecord(str(r[0]), str(r[1]), float(r[2]), float(r[3])) for r in rows]

    async def requests_of(self, player_id: str, outgoing: bool) -> list[RequestRecord]:
        query = friends_sql.OUTGOING if outgoing else friends_sql.INCOMING
        rows = await fetch_all(self.pool, pg(query), (player_id,))
        return [RequestRecord(str(r[0]), str(r[1]), float(r[2])) for r in rows]

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]:
        ids = list(others)
        if not ids:
            return set()
        rows = await fetch_all(
            self.pool,
            "SELECT friend_id FROM friendships WHERE player_id = %s AND friend_id = ANY(%s)",
            (player_id, ids),
        )
        return {str(r[0]) for r in rows}

    async def streaming_until(self, player_ids: Sequence[str]) -> dict[str, float]:
        ids = list(player_ids)
        if not ids:
            return {}
        rows = await fetch_all(
            self.pool,
            "SELECT player_id, MAX(streaming_until) FROM player_presence"
            " WHERE player_id = ANY(%s) GROUP BY player_id",
            (ids,),
        )
        return {str(r[0]): float(r[1]) for r in rows}

    async def streaming(self, player_id: str, replica: str, until: float) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(pg(friends_sql.STREAMING), (player_id, replica, until))

    async def stopped_streaming(self, player_id: str, replica: str, now: float) -> None:
        delete, keep = friends_sql.STOPPED
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(pg(delete), (player_id, replica, now))
            await conn.execute(pg(keep), (player_id, "", now))
