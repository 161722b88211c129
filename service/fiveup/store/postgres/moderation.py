"""The moderation store on PostgreSQL (``fiveup.identity.ports.ModerationStore``): the
operators' sanctions and the address prefixes players were seen from, in the event
store's database, tables of their own (schema version ``moderation_schema_version``),
a small pool.  A lift is one conditional UPDATE: two operators lifting at once lift it
once, and the second is told it was not in force any more."""

from __future__ import annotations

from collections.abc import Sequence

from ...identity.ports import AddressSeen, NewSanction, SanctionKind, SanctionRecord
from .. import moderation_sql as q
from .common import PooledStore, VersionedSchema, fetch_all

# pg_advisory_xact_lock key serialising these migrations: "fiveupmd" in ASCII.
MIGRATION_LOCK = 0x66697665_75706D64

MIGRATIONS: list[list[str]] = [
    # 1: sanctions and the address prefixes seen
    [
        """
        CREATE TABLE player_sanctions (
            sanction_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            player_id   TEXT NOT NULL,
            kind        TEXT NOT NULL,
            starts_at   DOUBLE PRECISION NOT NULL,
            ends_at     DOUBLE PRECISION NOT NULL,
            reason      TEXT NOT NULL,
            operator_id TEXT NOT NULL,
            lifted_at   DOUBLE PRECISION,
            lifted_by   TEXT NOT NULL DEFAULT '',
            lift_reason TEXT NOT NULL DEFAULT ''
        )
        """,
        "CREATE INDEX player_sanctions_by_player ON player_sanctions (player_id, sanction_id)",
        """
        CREATE TABLE player_addresses (
            player_id     TEXT NOT NULL,
            prefix        TEXT NOT NULL,
            first_seen_at DOUBLE PRECISION NOT NULL,
            last_seen_at  DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, prefix)
        )
        """,
        "CREATE INDEX player_addresses_by_prefix ON player_addresses (prefix, player_id)",
        "CREATE INDEX player_addresses_by_time ON player_addresses (last_seen_at)",
    ],
]

SCHEMA = VersionedSchema(
    "moderation_schema_version", MIGRATIONS, MIGRATION_LOCK, "moderation", "moderation schema"
)


def P(query: str) -> str:
    """A query of ``moderation_sql`` with PostgreSQL's placeholders."""
    return query.replace("?", "%s")


class PostgresModerationStore(PooledStore):
    what = "moderation store"
    pool_name = "fiveup-moderation"
    schema = SCHEMA
    default_max_size = 2

    async def add_sanction(self, sanction: NewSanction) -> SanctionRecord:
        rows = await fetch_all(
            self.pool, P(q.ADD_SANCTION) + " RETURNING sanction_id", q.sanction_params(sanction)
        )
        return SanctionRecord(int(rows[0][0]), sanction)

    async def lift_sanction(
        self, sanction_id: int, player_id: str, now: float, by: str, reason: str
    ) -> tuple[SanctionRecord, bool] | None:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                P(q.LIFT_SANCTION), (now, by, reason, sanction_id, player_id, now, now)
            )
            changed = cur.rowcount > 0
            cur = await conn.execute(P(q.SANCTION), (sanction_id, player_id))
            row = await cur.fetchone()
        return None if row is None else (q.sanction_of(row), changed)

    async def sanctions_of(self, player_id: str) -> list[SanctionRecord]:
        return [
            q.sanction_of(r) for r in await fetch_all(self.pool, P(q.SANCTIONS_OF), (player_id,))
        ]

    async def sanctions_in_force(
        self, player_ids: Sequence[str], now: float, kind: SanctionKind | None = None
    ) -> list[SanctionRecord]:
        ids = list(player_ids)
        if not ids:
            return []
        params = [*ids, now, now, *([kind.value] if kind is not None else [])]
        rows = await fetch_all(self.pool, P(q.in_force(len(ids), kind)), params)
        return [q.sanction_of(r) for r in rows]

    async def record_address(self, player_id: str, prefix: str, now: float) -> None:
        await fetch_all(
            self.pool, P(q.RECORD_ADDRESS) + " RETURNING 1", (player_id, prefix, now, now)
        )

    async def addresses_of(self, player_id: str) -> list[AddressSeen]:
        return [
            q.address_of(r) for r in await fetch_all(self.pool, P(q.ADDRESSES_OF), (player_id,))
        ]

    async def players_sharing(self, prefix: str) -> list[str]:
        return [str(r[0]) for r in await fetch_all(self.pool, P(q.PLAYERS_SHARING), (prefix,))]

    async def forget_addresses(self, before: float, player_ids: Sequence[str] = ()) -> int:
        ids = list(player_ids)
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(P(q.FORGET_OLD_ADDRESSES), (before,))
            deleted = cur.rowcount
            if ids:
                cur = await conn.execute(P(q.forget_players(len(ids))), ids)
                deleted += cur.rowcount
        return int(deleted)
