"""The player store on PostgreSQL: the event store's database, its own tables.

Its own small connection pool (sign-ins and refreshes are rare next to moves, and must
not queue behind them).  Migrations are applied like the event store's: in one
transaction under an advisory lock, so replicas starting together apply each exactly
once.  Races between replicas are settled by the database: two first sign-ins of one
identity both try to insert it and the primary key lets one win (the other re-reads);
two refreshes with one token lock its row (``FOR UPDATE``) and the second sees it
already replaced: a replay of the same successor within the reuse interval, a reuse
after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from psycopg import errors as pg_errors

from ...identity.names import name_keys, name_skeleton
from ...identity.ports import (
    DEVICE_PROVIDER,
    Identity,
    IdentityTaken,
    NameTaken,
    PlayerRecord,
    Rotation,
    RotationResult,
    SessionRecord,
    SignInRecord,
    Successor,
)
from ...match.ports import StoreError
from .. import players_admin_sql as q
from .common import Conn, PooledStore, VersionedSchema

# pg_advisory_xact_lock key serialising these migrations: "fiveuppl" in ASCII.
MIGRATION_LOCK = 0x66697665_7570706C

MIGRATIONS: list[list[str]] = [
    # 1: players, their identities, sessions and refresh tokens
    [
        """
        CREATE TABLE players (
            player_id    TEXT PRIMARY KEY,
            display_name TEXT NOT NULL,
            created_at   DOUBLE PRECISION NOT NULL,
            last_seen_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE player_identities (
            provider   TEXT NOT NULL,
            subject    TEXT NOT NULL,
            player_id  TEXT NOT NULL REFERENCES players (player_id),
            created_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (provider, subject)
        )
        """,
        "CREATE INDEX player_identities_by_player ON player_identities (player_id, provider)",
        "CREATE UNIQUE INDEX one_external_identity_per_provider"
        " ON player_identities (player_id, provider) WHERE provider <> 'device'",
        """
        CREATE TABLE player_sessions (
            session_id     TEXT PRIMARY KEY,
            player_id      TEXT NOT NULL REFERENCES players (player_id),
            created_at     DOUBLE PRECISION NOT NULL,
            revoked_at     DOUBLE PRECISION,
            revoked_reason TEXT
        )
        """,
        """
        CREATE TABLE refresh_tokens (
            token_hash  BYTEA PRIMARY KEY,
            session_id  TEXT NOT NULL REFERENCES player_sessions (session_id),
            issued_at   DOUBLE PRECISION NOT NULL,
            expires_at  DOUBLE PRECISION NOT NULL,
            replaced_at DOUBLE PRECISION
        )
        """,
        "CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id)",
        "CREATE INDEX refresh_tokens_by_expiry ON refresh_tokens (expires_at)",
    ],
    # 2: the reuse interval -- which token replaced this one, sealed with this one
    [
        "ALTER TABLE refresh_tokens ADD COLUMN successor_hash BYTEA",
        "ALTER TABLE refresh_tokens ADD COLUMN successor_sealed BYTEA",
    ],
    # 3: each name's skeleton (fiveup.identity.names), so a look-alike of another
    # player's name is refused; rows of before are filled in as the store opens
    # (backfill_skeletons: the skeleton is computed in Python)
    [
        "ALTER TABLE players ADD COLUMN name_skeleton TEXT",
        "CREATE INDEX players_by_name_skeleton ON players (name_skeleton)",
    ],
    # 4: a player's sessions, for the operators (listed on a profile, revoked at once)
    [q.SESSIONS_BY_PLAYER],
]
# pg_advisory_xact_lock(NAME_LOCK, hashtext(skeleton)): claims of one skeleton (on any
# replica) wait for each other, so two look-alike names cannot both be checked free.
NAME_LOCK = 0x6E616D65  # "name"
BACKFILL_BATCH = 500

_NEW_TOKEN = (
    "INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at)"
    " VALUES (%s, %s, %s, %s)"
)

SCHEMA = VersionedSchema(
    "player_schema_version", MIGRATIONS, MIGRATION_LOCK, "player", "player schema"
)

_PLAYER = (
    "SELECT p.display_name, p.created_at, p.last_seen_at,"
    " COALESCE(ARRAY(SELECT DISTINCT i.provider FROM player_identities i"
    "  WHERE i.player_id = p.player_id ORDER BY i.provider), '{}')"
    " FROM players p WHERE p.player_id = %s"
)


class PostgresPlayerStore(PooledStore):
    what = "player store"
    pool_name = "fiveup-players"
    schema = SCHEMA

    async def open(self) -> None:
        await super().open()
        await self.backfill_skeletons()

    async def backfill_skeletons(self) -> int:
        """Fill in the skeleton of every player stored without one (rows of before
        migration 3), a batch per transaction; the number filled.  Replicas starting
        together may fill the same rows: each writes the same value."""
        filled = 0
        while True:
            async with self.pool.connection() as conn, conn.transaction():
                cur = await conn.execute(
                    "SELECT player_id, display_name FROM players WHERE name_skeleton IS NULL"
                    " LIMIT %s FOR UPDATE SKIP LOCKED",
                    (BACKFILL_BATCH,),
                )
                rows = await cur.fetchall()
                if not rows:
                    return filled
                async with conn.cursor() as batch:
                    await batch.executemany(
                        "UPDATE players SET name_skeleton = %s WHERE player_id = %s",
                        [(name_skeleton(name), player_id) for player_id, name in rows],
                    )
            filled += len(rows)

    # ------------------------------------------------------------------ players

    async def sign_in(
        self, identity: Identity, new_player_id: str, display_name: str, now: float,
        keys: Sequence[str] | None = None,
    ) -> SignInRecord:  # fmt: skip
        wanted = list(keys or name_keys(display_name))
        for _attempt in range(3):
            async with self.pool.connection() as conn:
                try:
                    async with conn.transaction():
                        # the name's locks first: a racing sign-in of this identity that
                        # took them before us has committed when we read its owner
                        await _lock_names(conn, wanted)
                        owner = await _owner(conn, identity)
                        if owner is not None:
                            await conn.execute(
                                "UPDATE players SET last_seen_at = %s WHERE player_id = %s",
                                (now, owner),
                            )
                            player_id, created = owner, False
                        else:
                            await _check_name(conn, None, wanted)
                            await conn.execute(
                                "INSERT INTO players (player_id, display_name, created_at,"
                                " last_seen_at, name_skeleton) VALUES (%s, %s, %s, %s, %s)",
                                (new_player_id, display_name, now, now, wanted[0]),
                            )
                            await conn.execute(
                                "INSERT INTO player_identities VALUES (%s, %s, %s, %s)",
                                (identity.provider, identity.subject, new_player_id, now),
                            )
                            player_id, created = new_player_id, True
                except pg_errors.UniqueViolation:
                    continue  # another replica created the player first: read theirs
                player = await _player(conn, player_id)
                assert player is not None
                return SignInRecord(player, created)
        raise StoreError("could not sign in: the identity kept changing owner")

    async def get_player(self, player_id: str) -> PlayerRecord | None:
        async with self.pool.connection() as conn:
            return await _player(conn, player_id)

    async def rename(
        self, player_id: str, display_name: str, keys: Sequence[str] | None = None
    ) -> PlayerRecord | None:
        wanted = list(keys or name_keys(display_name))
        async with self.pool.connection() as conn:
            async with conn.transaction():
                await _check_name(conn, player_id, wanted)
                await conn.execute(
                    "UPDATE players SET display_name = %s, name_skeleton = %s WHERE player_id = %s",
                    (display_name, wanted[0], player_id),
                )
            return await _player(conn, player_id)

    async def link(self, player_id: str, identity: Identity, now: float) -> PlayerRecord | None:
        async with self.pool.connection() as conn:
            try:
                async with conn.transaction():
                    player = await _player(conn, player_id, lock=True)
                    if player is None:
                        return None
                    owner = await _owner(conn, identity)
                    if owner == player_id:
                        return player
                    if owner is not None:
                        raise IdentityTaken(identity, owner)
                    if (
                        identity.provider != DEVICE_PROVIDER
                        and identity.provider in player.providers
                    ):
                        raise IdentityTaken(identity, player_id)
                    await conn.execute(
                        "INSERT INTO player_identities VALUES (%s, %s, %s, %s)",
                        (identity.provider, identity.subject, player_id, now),
                    )
            except pg_errors.UniqueViolation:
                # Linked elsewhere between our check and our insert.
                raise IdentityTaken(identity, await _owner(conn, identity)) from None
            return await _player(conn, player_id)

    # ------------------------------------------------------------------ sessions

    async def start_session(
        self, session_id: str, player_id: str, token_hash: bytes, now: float, expires_at: float
    ) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO player_sessions VALUES (%s, %s, %s, NULL, NULL)",
                (session_id, player_id, now),
            )
            await conn.execute(_NEW_TOKEN, (token_hash, session_id, now, expires_at))

    async def rotate(
        self, token_hash: bytes, successor: Successor, reuse_seconds: float
    ) -> RotationResult:
        now = successor.issued_at
        async with self.pool.connection() as conn, conn.transaction():
            # The token's row lock orders concurrent refreshes across replicas; a waiter
            # re-reads the row once the winner commits and sees it replaced.
            cur = await conn.execute(
                "SELECT t.session_id, t.expires_at, t.replaced_at, t.successor_hash,"
                " t.successor_sealed, s.revoked_at, s.player_id"
                " FROM refresh_tokens t JOIN player_sessions s USING (session_id)"
                " WHERE t.token_hash = %s FOR UPDATE",
                (token_hash,),
            )
            row = await cur.fetchone()
            if row is None:
                return RotationResult(Rotation.UNKNOWN)
            session_id, token_expires, replaced_at, next_hash, sealed, revoked_at, player_id = row
            if revoked_at is not None:
                return RotationResult(Rotation.REVOKED, player_id, session_id)
            if replaced_at is not None:
                # A caller's time is taken before it waits for the row: one that waited
                # behind the winner may predate the replacement (another replica's clock, or
                # just the order of the wait) and is as concurrent as one that came after.
                if next_hash is not None and abs(now - replaced_at) < reuse_seconds:
                    # Locked too: a refresh of the successor racing this replay waits, so
                    # what is handed out here is still current when this commits.
                    cur = await conn.execute(
                        "SELECT issued_at, expires_at FROM refresh_tokens"
                        " WHERE token_hash = %s AND replaced_at IS NULL FOR UPDATE",
                        (next_hash,),
                    )
                    current = await cur.fetchone()
                    if current is not None:
                        stored = Successor(bytes(next_hash), bytes(sealed), *current)
                        return RotationResult(Rotation.REPLAYED, player_id, session_id, stored)
                await _revoke(conn, session_id, now, "refresh token reused")
                return RotationResult(Rotation.REUSED, player_id, session_id)
            if token_expires <= now:
                return RotationResult(Rotation.EXPIRED, player_id, session_id)
            await conn.execute(
                "UPDATE refresh_tokens SET replaced_at = %s, successor_hash = %s,"
                " successor_sealed = %s WHERE token_hash = %s",
                (now, successor.token_hash, successor.sealed, token_hash),
            )
            await conn.execute(
                _NEW_TOKEN, (successor.token_hash, session_id, now, successor.expires_at)
            )
            await conn.execute(
                "UPDATE players SET last_seen_at = %s WHERE player_id = %s", (now, player_id)
            )
            return RotationResult(Rotation.ROTATED, player_id, session_id, successor)

    async def revoke(self, token_hash: bytes, now: float, reason: str) -> str | None:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "SELECT session_id FROM refresh_tokens WHERE token_hash = %s", (token_hash,)
            )
            row = await cur.fetchone()
            if row is None:
                return None
            await _revoke(conn, row[0], now, reason)
            return str(row[0])

    async def session_active(self, session_id: str) -> bool:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT revoked_at IS NULL FROM player_sessions WHERE session_id = %s",
                (session_id,),
            )
            row = await cur.fetchone()
            return bool(row and row[0])

    async def prune(self, before: float) -> int:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute("DELETE FROM refresh_tokens WHERE expires_at < %s", (before,))
            deleted = cur.rowcount
            await conn.execute(
                "DELETE FROM player_sessions s WHERE NOT EXISTS"
                " (SELECT 1 FROM refresh_tokens t WHERE t.session_id = s.session_id)"
            )
            return int(deleted)

    async def stale_guests(
        self, before: float, now: float, limit: int, after: str = ""
    ) -> list[str]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(_STALE_GUESTS, (before, before, now, after, limit))
            return [str(row[0]) for row in await cur.fetchall()]

    async def delete_players(self, player_ids: Sequence[str]) -> int:
        ids = list(player_ids)
        if not ids:
            return 0
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "DELETE FROM refresh_tokens WHERE session_id IN (SELECT session_id FROM"
                " player_sessions WHERE player_id = ANY(%s))", (ids,),
            )  # fmt: skip
            await conn.execute("DELETE FROM player_sessions WHERE player_id = ANY(%s)", (ids,))
            await conn.execute("DELETE FROM player_identities WHERE player_id = ANY(%s)", (ids,))
            cur = await conn.execute("DELETE FROM players WHERE player_id = ANY(%s)", (ids,))
            return int(cur.rowcount)

    # ------------------------------------------------------------------ the operators'

    async def find_players(self, keys: Sequence[str], limit: int) -> list[PlayerRecord]:
        if not keys:
            return []
        query, params = q.find(keys, limit)
        async with self.pool.connection() as conn:
            cur = await conn.execute(_pg(query), params)
            ids = [str(r[0]) for r in await cur.fetchall()]
            found = [await _player(conn, i) for i in ids]
        return [p for p in found if p is not None]

    async def sessions_of(self, player_id: str, limit: int) -> list[SessionRecord]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(_pg(q.SESSIONS_OF), (player_id, limit))
            return [q.session_of(r) for r in await cur.fetchall()]

    async def revoke_player_sessions(self, player_id: str, now: float, reason: str) -> list[str]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(_pg(q.REVOKE_PLAYER_SESSIONS), (now, reason, player_id))
            return [str(r[0]) for r in await cur.fetchall()]


def _pg(query: str) -> str:
    """A query of ``players_admin_sql`` with PostgreSQL's placeholders."""
    return query.replace("?", "%s")


# Guests to forget (Players.forget_guests): device identities only, no live session.
_STALE_GUESTS = """
SELECT p.player_id FROM players p
 WHERE p.created_at < %s AND p.last_seen_at < %s
   AND NOT EXISTS (SELECT 1 FROM player_identities i
                    WHERE i.player_id = p.player_id AND i.provider <> 'device')
   AND NOT EXISTS (SELECT 1 FROM player_sessions s JOIN refresh_tokens t
                     ON t.session_id = s.session_id
                    WHERE s.player_id = p.player_id AND s.revoked_at IS NULL
                      AND t.replaced_at IS NULL AND t.expires_at > %s)
   AND p.player_id > %s
 ORDER BY p.player_id LIMIT %s
"""


async def _check_name(conn: Conn, player_id: str | None, keys: Sequence[str]) -> None:
    """Raise NameTaken when another player's skeleton is one of ``keys`` -- unless the
    player's own is.  Takes the keys' advisory locks first (``_lock_names``)."""
    await _lock_names(conn, keys)
    # the player's own name first: a look-alike of it that others had before is theirs too
    cur = await conn.execute(
        "SELECT player_id IS NOT DISTINCT FROM %s, name_skeleton FROM players"
        " WHERE name_skeleton = ANY(%s)"
        " ORDER BY player_id IS NOT DISTINCT FROM %s DESC LIMIT 1",
        (player_id, list(keys), player_id),
    )
    row = await cur.fetchone()
    if row is not None and not row[0]:
        raise NameTaken(str(row[1]))


async def _lock_names(conn: Conn, keys: Sequence[str]) -> None:
    """Each key's advisory lock (sorted: no deadlock), held to the end of the caller's
    transaction (taking one twice in a transaction is harmless)."""
    for key in sorted(keys):
        await conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (NAME_LOCK, key))


async def _owner(conn: Conn, identity: Identity) -> str | None:
    cur = await conn.execute(
        "SELECT player_id FROM player_identities WHERE provider = %s AND subject = %s",
        (identity.provider, identity.subject),
    )
    row = await cur.fetchone()
    return None if row is None else str(row[0])


async def _player(conn: Conn, player_id: str, *, lock: bool = False) -> PlayerRecord | None:
    cur = await conn.execute(_PLAYER + (" FOR UPDATE OF p" if lock else ""), (player_id,))
    row = await cur.fetchone()
    if row is None:
        return None
    name, created, seen, providers = row
    return PlayerRecord(player_id, name, float(created), float(seen), tuple(providers))


async def _revoke(conn: Conn, session_id: str, now: float, reason: str) -> None:
    await conn.execute(
        "UPDATE player_sessions SET revoked_at = %s, revoked_reason = %s"
        " WHERE session_id = %s AND revoked_at IS NULL",
        (now, reason, session_id),
    )
