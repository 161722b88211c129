"""The moderation store on SQLite (``fiveup.identity.ports.ModerationStore``): the
operators' sanctions and the address prefixes players were seen from, in the event
store's file, tables of their own (schema version ``moderation_schema_version``).
Writes are ``BEGIN IMMEDIATE`` transactions on the worker thread; the checks a sign-in,
a refresh or a rated seat make read inline (``WorkerStore._read``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from ...identity.ports import AddressSeen, NewSanction, SanctionKind, SanctionRecord
from .. import moderation_sql as q
from .events import _transaction
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: sanctions and the address prefixes seen
    """
    CREATE TABLE IF NOT EXISTS player_sanctions (
        sanction_id INTEGER PRIMARY KEY AUTOINCREMENT,
        player_id   TEXT NOT NULL,
        kind        TEXT NOT NULL,
        starts_at   REAL NOT NULL,
        ends_at     REAL NOT NULL,
        reason      TEXT NOT NULL,
        operator_id TEXT NOT NULL,
        lifted_at   REAL,
        lifted_by   TEXT NOT NULL DEFAULT '',
        lift_reason TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX IF NOT EXISTS player_sanctions_by_player
        ON player_sanctions (player_id, sanction_id);
    CREATE TABLE IF NOT EXISTS player_addresses (
        player_id     TEXT NOT NULL,
        prefix        TEXT NOT NULL,
        first_seen_at REAL NOT NULL,
        last_seen_at  REAL NOT NULL,
        PRIMARY KEY (player_id, prefix)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS player_addresses_by_prefix ON player_addresses (prefix, player_id);
    CREATE INDEX IF NOT EXISTS player_addresses_by_time ON player_addresses (last_seen_at);
    """,
]


class SqliteModerationStore(WorkerStore):
    what = "moderation store"
    thread_name = "sqlite-moderation"
    version_table = "moderation_schema_version"
    migrations = MIGRATIONS

    async def add_sanction(self, sanction: NewSanction) -> SanctionRecord:
        def add(conn: sqlite3.Connection) -> SanctionRecord:
            with _transaction(conn):
                cur = conn.execute(q.ADD_SANCTION, q.sanction_params(sanction))
            assert cur.lastrowid is not None
            return SanctionRecord(int(cur.lastrowid), sanction)

        return await self._run(add)

    async def lift_sanction(
        self, sanction_id: int, player_id: str, now: float, by: str, reason: str
    ) -> tuple[SanctionRecord, bool] | None:
        def lift(conn: sqlite3.Connection) -> tuple[SanctionRecord, bool] | None:
            with _transaction(conn):
                changed = conn.execute(
                    q.LIFT_SANCTION, (now, by, reason, sanction_id, player_id, now, now)
                ).rowcount
                row = conn.execute(q.SANCTION, (sanction_id, player_id)).fetchone()
            return None if row is None else (q.sanction_of(row), changed > 0)

        return await self._run(lift)

    async def sanctions_of(self, player_id: str) -> list[SanctionRecord]:
        def of(conn: sqlite3.Connection) -> list[SanctionRecord]:
            return [q.sanction_of(r) for r in conn.execute(q.SANCTIONS_OF, (player_id,))]

        return await self._run(of)

    async def sanctions_in_force(
        self, player_ids: Sequence[str], now: float, kind: SanctionKind | None = None
    ) -> list[SanctionRecord]:
        ids = list(player_ids)
        params = [*ids, now, now, *([kind.value] if kind is not None else [])]

        def found(conn: sqlite3.Connection) -> list[SanctionRecord]:
            return [q.sanction_of(r) for r in conn.execute(q.in_force(len(ids), kind), params)]

        return await self._read(found) if ids else []

    async def record_address(self, player_id: str, prefix: str, now: float) -> None:
        def record(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(q.RECORD_ADDRESS, (player_id, prefix, now, now))

        await self._run(record)

    async def addresses_of(self, player_id: str) -> list[AddressSeen]:
        def of(conn: sqlite3.Connection) -> list[AddressSeen]:
            return [q.address_of(r) for r in conn.execute(q.ADDRESSES_OF, (player_id,))]

        return await self._run(of)

    async def players_sharing(self, prefix: str) -> list[str]:
        def sharing(conn: sqlite3.Connection) -> list[str]:
            return [str(r[0]) for r in conn.execute(q.PLAYERS_SHARING, (prefix,))]

        return await self._run(sharing)

    async def forget_addresses(self, before: float, player_ids: Sequence[str] = ()) -> int:
        ids = list(player_ids)

        def forget(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                deleted = conn.execute(q.FORGET_OLD_ADDRESSES, (before,)).rowcount
                if ids:
                    deleted += conn.execute(q.forget_players(len(ids)), ids).rowcount
            return int(deleted)

        return await self._run(forget)
