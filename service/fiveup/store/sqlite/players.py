"""The player store on SQLite: the event store's file, its own tables.

Every call runs on one worker thread's connection (sign-ins and refreshes are rare next
to moves), but for the session check and the player read that signed-in calls make,
which read inline (``WorkerStore._read``); writes are ``BEGIN IMMEDIATE``
transactions, so several processes sharing the file (``--workers``) serialise on the
write lock instead of racing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

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
from .. import players_admin_sql as q
from .events import _transaction
from .worker import WorkerStore

MIGRATIONS: list[str] = [
    # 1: players, their identities, sessions and refresh tokens
    """
    CREATE TABLE IF NOT EXISTS players (
        player_id    TEXT PRIMARY KEY,
        display_name TEXT NOT NULL,
        created_at   REAL NOT NULL,
        last_seen_at REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS player_identities (
        provider   TEXT NOT NULL,
        subject    TEXT NOT NULL,
        player_id  TEXT NOT NULL REFERENCES players(player_id),
        created_at REAL NOT NULL,
        PRIMARY KEY (provider, subject)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS player_identities_by_player
        ON player_identities (player_id, provider);
    CREATE UNIQUE INDEX IF NOT EXISTS one_external_identity_per_provider
        ON player_identities (player_id, provider) WHERE provider <> 'device';
    CREATE TABLE IF NOT EXISTS player_sessions (
        session_id     TEXT PRIMARY KEY,
        player_id      TEXT NOT NULL REFERENCES players(player_id),
        created_at     REAL NOT NULL,
        revoked_at     REAL,
        revoked_reason TEXT
    );
    CREATE TABLE IF NOT EXISTS refresh_tokens (
        token_hash  BLOB PRIMARY KEY,
        session_id  TEXT NOT NULL REFERENCES player_sessions(session_id),
        issued_at   REAL NOT NULL,
        expires_at  REAL NOT NULL,
        replaced_at REAL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS refresh_tokens_by_session ON refresh_tokens (session_id);
    CREATE INDEX IF NOT EXISTS refresh_tokens_by_expiry ON refresh_tokens (expires_at);
    """,
    # 2: the reuse interval -- which token replaced this one, sealed with this one
    """
    ALTER TABLE refresh_tokens ADD COLUMN successor_hash BLOB;
    ALTER TABLE refresh_tokens ADD COLUMN successor_sealed BLOB;
    """,
    # 3: each name's skeleton (fiveup.identity.names), so a look-alike of another
    # player's name is refused; rows of before are filled in as the store opens
    # (backfill_skeletons: the skeleton is computed in Python)
    """
    ALTER TABLE players ADD COLUMN name_skeleton TEXT;
    CREATE INDEX IF NOT EXISTS players_by_name_skeleton ON players (name_skeleton);
    """,
    # 4: a player's sessions, for the operators (listed on a profile, revoked at once)
    q.SESSIONS_BY_PLAYER,
]

_NEW_TOKEN = (
    "INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)"
)

# Guests to forget (Players.forget_guests): device identities only, no live session.
_STALE_GUESTS = """
SELECT p.player_id FROM players p
 WHERE p.created_at < ? AND p.last_seen_at < ?
   AND NOT EXISTS (SELECT 1 FROM player_identities i
                    WHERE i.player_id = p.player_id AND i.provider <> 'device')
   AND NOT EXISTS (SELECT 1 FROM player_sessions s JOIN refresh_tokens t
                     ON t.session_id = s.session_id
                    WHERE s.player_id = p.player_id AND s.revoked_at IS NULL
                      AND t.replaced_at IS NULL AND t.expires_at > ?)
   AND p.player_id > ?
 ORDER BY p.player_id LIMIT ?
"""


class SqlitePlayerStore(WorkerStore):
    what = "player store"
    thread_name = "sqlite-players"
    version_table = "player_schema_version"
    migrations = MIGRATIONS
    foreign_keys = True

    async def open(self) -> None:
        await super().open()
        await self._run(backfill_skeletons)

    # ------------------------------------------------------------------ players

    async def sign_in(
        self, identity: Identity, new_player_id: str, display_name: str, now: float,
        keys: Sequence[str] | None = None,
    ) -> SignInRecord:  # fmt: skip
        wanted = list(keys or name_keys(display_name))

        def sign_in(conn: sqlite3.Connection) -> SignInRecord:
            with _transaction(conn):
                owner = _owner(conn, identity)
                if owner is not None:
                    conn.execute(
                        "UPDATE players SET last_seen_at = ? WHERE player_id = ?", (now, owner)
                    )
                    player_id, created = owner, False
                else:
                    _check_name(conn, None, wanted)
                    conn.execute(
                        "INSERT INTO players (player_id, display_name, created_at,"
                        " last_seen_at, name_skeleton) VALUES (?, ?, ?, ?, ?)",
                        (new_player_id, display_name, now, now, wanted[0]),
                    )
                    conn.execute(
                        "INSERT INTO player_identities VALUES (?, ?, ?, ?)",
                        (identity.provider, identity.subject, new_player_id, now),
                    )
                    player_id, created = new_player_id, True
                player = _player(conn, player_id)
            assert player is not None
            return SignInRecord(player, created)

        return await self._run(sign_in)

    async def get_player(self, player_id: str) -> PlayerRecord | None:
        return await self._read(lambda conn: _player(conn, player_id))

    async def rename(
        self, player_id: str, display_name: str, keys: Sequence[str] | None = None
    ) -> PlayerRecord | None:
        wanted = list(keys or name_keys(display_name))

        def rename(conn: sqlite3.Connection) -> PlayerRecord | None:
            with _transaction(conn):  # BEGIN IMMEDIATE: check and write as one
                _check_name(conn, player_id, wanted)
                conn.execute(
                    "UPDATE players SET display_name = ?, name_skeleton = ? WHERE player_id = ?",
                    (display_name, wanted[0], player_id),
                )
                return _player(conn, player_id)

        return await self._run(rename)

    async def link(self, player_id: str, identity: Identity, now: float) -> PlayerRecord | None:
        def link(conn: sqlite3.Connection) -> PlayerRecord | None:
            with _transaction(conn):
                player = _player(conn, player_id)
                if player is None:
                    return None
                owner = _owner(conn, identity)
                if owner == player_id:
                    return player
                if owner is not None:
                    raise IdentityTaken(identity, owner)
                if identity.provider != DEVICE_PROVIDER and identity.provider in player.providers:
                    raise IdentityTaken(identity, player_id)
                conn.execute(
                    "INSERT INTO player_identities VALUES (?, ?, ?, ?)",
                    (identity.provider, identity.subject, player_id, now),
                )
                return _player(conn, player_id)

        return await self._run(link)

    # ------------------------------------------------------------------ sessions

    async def start_session(
        self, session_id: str, player_id: str, token_hash: bytes, now: float, expires_at: float
    ) -> None:
        def start(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "INSERT INTO player_sessions VALUES (?, ?, ?, NULL, NULL)",
                    (session_id, player_id, now),
                )
                conn.execute(_NEW_TOKEN, (token_hash, session_id, now, expires_at))

        await self._run(start)

    async def rotate(
        self, token_hash: bytes, successor: Successor, reuse_seconds: float
    ) -> RotationResult:
        now = successor.issued_at

        def rotate(conn: sqlite3.Connection) -> RotationResult:
            # BEGIN IMMEDIATE: the write lock is taken before the read, so concurrent
            # refreshes (threads or --workers processes) see one rotation each in turn.
            with _transaction(conn):
                row = conn.execute(
                    "SELECT t.session_id, t.expires_at, t.replaced_at, t.successor_hash,"
                    " t.successor_sealed, s.revoked_at, s.player_id"
                    " FROM refresh_tokens t JOIN player_sessions s USING (session_id)"
                    " WHERE t.token_hash = ?",
                    (token_hash,),
                ).fetchone()
                if row is None:
                    return RotationResult(Rotation.UNKNOWN)
                session_id, token_expires, replaced_at, next_hash, sealed, revoked_at, player_id = (
                    row
                )
                if revoked_at is not None:
                    return RotationResult(Rotation.REVOKED, player_id, session_id)
                if replaced_at is not None:
                    # A caller's time is taken before it waits for the row: one that waited
                    # behind the winner may predate the replacement (another replica's clock, or
                    # just the order of the wait) and is as concurrent as one that came after.
                    if next_hash is not None and abs(now - replaced_at) < reuse_seconds:
                        current = conn.execute(
                            "SELECT issued_at, expires_at FROM refresh_tokens"
                            " WHERE token_hash = ? AND replaced_at IS NULL",
                            (next_hash,),
                        ).fetchone()
                        if current is not None:
                            stored = Successor(bytes(next_hash), bytes(sealed), *current)
                            return RotationResult(Rotation.REPLAYED, player_id, session_id, stored)
                    _revoke(conn, session_id, now, "refresh token reused")
                    return RotationResult(Rotation.REUSED, player_id, session_id)
                if token_expires <= now:
                    return RotationResult(Rotation.EXPIRED, player_id, session_id)
                conn.execute(
                    "UPDATE refresh_tokens SET replaced_at = ?, successor_hash = ?,"
                    " successor_sealed = ? WHERE token_hash = ?",
                    (now, successor.token_hash, successor.sealed, token_hash),
                )
                conn.execute(
                    _NEW_TOKEN, (successor.token_hash, session_id, now, successor.expires_at)
                )
                conn.execute(
                    "UPDATE players SET last_seen_at = ? WHERE player_id = ?", (now, player_id)
                )
                return RotationResult(Rotation.ROTATED, player_id, session_id, successor)

        return await self._run(rotate)

    async def revoke(self, token_hash: bytes, now: float, reason: str) -> str | None:
        def revoke(conn: sqlite3.Connection) -> str | None:
            with _transaction(conn):
                row = conn.execute(
                    "SELECT session_id FROM refresh_tokens WHERE token_hash = ?", (token_hash,)
                ).fetchone()
                if row is None:
                    return None
                _revoke(conn, row[0], now, reason)
                return str(row[0])

        return await self._run(revoke)

    async def session_active(self, session_id: str) -> bool:
        def active(conn: sqlite3.Connection) -> bool:
            row = conn.execute(
                "SELECT revoked_at FROM player_sessions WHERE session_id = ?", (session_id,)
            ).fetchone()
            return row is not None and row[0] is None

        return await self._read(active)  # every signed-in call: inline (worker.py)

    async def prune(self, before: float) -> int:
        def prune(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                deleted = conn.execute(
                    "DELETE FROM refresh_tokens WHERE expires_at < ?", (before,)
                ).rowcount
                conn.execute(
                    "DELETE FROM player_sessions WHERE NOT EXISTS (SELECT 1 FROM refresh_tokens t"
                    " WHERE t.session_id = player_sessions.session_id)"
                )
            return int(deleted)

        return await self._run(prune)

    async def stale_guests(
        self, before: float, now: float, limit: int, after: str = ""
    ) -> list[str]:
        def stale(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(_STALE_GUESTS, (before, before, now, after, limit)).fetchall()
            return [str(row[0]) for row in rows]

        return await self._run(stale)

    async def delete_players(self, player_ids: Sequence[str]) -> int:
        ids = list(player_ids)

        def delete(conn: sqlite3.Connection) -> int:
            marks = ",".join("?" * len(ids))
            with _transaction(conn):
                conn.execute(
                    "DELETE FROM refresh_tokens WHERE session_id IN (SELECT session_id FROM"
                    f" player_sessions WHERE player_id IN ({marks}))", ids,
                )  # fmt: skip
                conn.execute(f"DELETE FROM player_sessions WHERE player_id IN ({marks})", ids)
                conn.execute(f"DELETE FROM player_identities WHERE player_id IN ({marks})", ids)
                deleted = conn.execute(f"DELETE FROM players WHERE player_id IN ({marks})", ids)
                return int(deleted.rowcount)

        return await self._run(delete) if ids else 0

    # ------------------------------------------------------------------ the operators'

    async def find_players(self, keys: Sequence[str], limit: int) -> list[PlayerRecord]:
        query, params = q.find(keys, limit)

        def find(conn: sqlite3.Connection) -> list[PlayerRecord]:
            ids = [str(r[0]) for r in conn.execute(query, params)]
            return [p for p in (_player(conn, i) for i in ids) if p is not None]

        return await self._run(find) if keys else []

    async def sessions_of(self, player_id: str, limit: int) -> list[SessionRecord]:
        def sessions(conn: sqlite3.Connection) -> list[SessionRecord]:
            return [q.session_of(r) for r in conn.execute(q.SESSIONS_OF, (player_id, limit))]

        return await self._run(sessions)

    async def revoke_player_sessions(self, player_id: str, now: float, reason: str) -> list[str]:
        def revoke(conn: sqlite3.Connection) -> list[str]:
            with _transaction(conn):
                rows = conn.execute(q.REVOKE_PLAYER_SESSIONS, (now, reason, player_id)).fetchall()
            return [str(r[0]) for r in rows]

        return await self._run(revoke)


def _check_name(conn: sqlite3.Connection, player_id: str | None, keys: Sequence[str]) -> None:
    """Raise NameTaken when another player's skeleton is one of ``keys`` -- unless the
    player's own is (keeping or re-setting one's own name is never refused)."""
    marks = ",".join("?" * len(keys))
    # the player's own name first: a look-alike of it that others had before is theirs too
    row = conn.execute(
        f"SELECT player_id = ?, name_skeleton FROM players WHERE name_skeleton IN ({marks})"
        " ORDER BY player_id = ? DESC LIMIT 1",
        [player_id, *keys, player_id],
    ).fetchone()
    if row is not None and not row[0]:
        raise NameTaken(str(row[1]))


BACKFILL_BATCH = 500


def backfill_skeletons(conn: sqlite3.Connection) -> int:
    """Fill in the skeleton of every player stored without one (rows of before
    migration 3), a batch per transaction; the number filled."""
    filled = 0
    while True:
        rows = conn.execute(
            "SELECT player_id, display_name FROM players WHERE name_skeleton IS NULL LIMIT ?",
            (BACKFILL_BATCH,),
        ).fetchall()
        if not rows:
            return filled
        with _transaction(conn):
            conn.executemany(
                "UPDATE players SET name_skeleton = ? WHERE player_id = ? AND name_skeleton IS NULL",
                [(name_skeleton(name), player_id) for player_id, name in rows],
            )
        filled += len(rows)


def _owner(conn: sqlite3.Connection, identity: Identity) -> str | None:
    row = conn.execute(
        "SELECT player_id FROM player_identities WHERE provider = ? AND subject = ?",
        (identity.provider, identity.subject),
    ).fetchone()
    return None if row is None else str(row[0])


def _player(conn: sqlite3.Connection, player_id: str) -> PlayerRecord | None:
    row = conn.execute(
        "SELECT display_name, created_at, last_seen_at FROM players WHERE player_id = ?",
        (player_id,),
    ).fetchone()
    if row is None:
        return None
    providers = conn.execute(
        "SELECT DISTINCT provider FROM player_identities WHERE player_id = ? ORDER BY provider",
        (player_id,),
    ).fetchall()
    return PlayerRecord(player_id, row[0], row[1], row[2], tuple(p[0] for p in providers))


def _revoke(conn: sqlite3.Connection, session_id: str, now: float, reason: str) -> None:
    conn.execute(
        "UPDATE player_sessions SET revoked_at = ?, revoked_reason = ?"
        " WHERE session_id = ? AND revoked_at IS NULL",
        (now, reason, session_id),
    )
