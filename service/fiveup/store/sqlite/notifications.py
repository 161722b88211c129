"""The notification outbox on SQLite: the event store's file, its own tables.

``write_notices`` is the outbox's write API on this backend: another store's adapter
calls it inside its own write transaction (``BEGIN IMMEDIATE``), so the notices commit
with their cause or not at all.  Everything else runs on the store's worker thread;
claims are write transactions, so processes sharing the file never claim the same row.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from ...notifications.notices import Notice, StoredNotice
from ...notifications.ports import (
    WEB_PUSH_PREFIX,
    WEBHOOK,
    ChannelDepth,
    ChannelSettings,
    Claimed,
    DeliveryCounts,
    PushSubscription,
)
from .events import _transaction
from .outbox import (
    DEPTH_QUERY,
    MIGRATIONS,
    NOTICE_COLUMNS,
    VERSION_TABLE,
    notice_from_row,
    write_notices,
)
from .worker import WorkerStore


class SqliteNotificationStore(WorkerStore):
    what = "notification store"
    thread_name = "sqlite-notifications"
    version_table = VERSION_TABLE
    migrations = MIGRATIONS
    foreign_keys = True

    # ------------------------------------------------------------------ the log

    def write_notices(self, conn: sqlite3.Connection, notices: Sequence[Notice]) -> list[str]:
        """The outbox's part in another store's write transaction (``NoticeParticipant``:
        the event store's append), on that store's connection."""
        return write_notices(conn, notices)

    async def write(self, notices: Sequence[Notice]) -> list[str]:
        def write(conn: sqlite3.Connection) -> list[str]:
            with _transaction(conn):
                return write_notices(conn, notices)

        return await self._run(write)

    async def read_after(self, player_id: str, after_seq: int, limit: int) -> list[StoredNotice]:
        def read(conn: sqlite3.Connection) -> list[StoredNotice]:
            rows = conn.execute(
                f"SELECT n.seq, {NOTICE_COLUMNS} FROM notifications n"
                " WHERE n.player_id = ? AND n.seq > ? ORDER BY n.seq LIMIT ?",
                (player_id, after_seq, limit),
            ).fetchall()
            return [StoredNotice(int(r[0]), notice_from_row(r[1:])) for r in rows]

        return await self._run(read)

    async def latest_seq(self, player_id: str) -> int:
        def latest(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT last_seq FROM notice_counters WHERE player_id = ?", (player_id,)
            ).fetchone()
            return int(row[0]) if row else 0

        return await self._run(latest)

    # ------------------------------------------------------------------ choices

    async def settings(self, player_id: str) -> ChannelSettings:
        def read(conn: sqlite3.Connection) -> ChannelSettings:
            row = conn.execute(
                "SELECT webhook, web_push FROM notice_settings WHERE player_id = ?",
                (player_id,),
            ).fetchone()
            return ChannelSettings() if row is None else ChannelSettings(bool(row[0]), bool(row[1]))

        return await self._run(read)

    async def set_settings(self, player_id: str, settings: ChannelSettings, now: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "INSERT INTO notice_settings VALUES (?, ?, ?, ?) ON CONFLICT (player_id)"
                    " DO UPDATE SET webhook = excluded.webhook, web_push = excluded.web_push,"
                    " updated_at = excluded.updated_at",
                    (player_id, int(settings.webhook), int(settings.web_push), now),
                )

        await self._run(write)

    async def set_muted(self, player_id: str, match_id: str, muted: bool, now: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                if muted:
                    conn.execute(
                        "INSERT OR IGNORE INTO notice_mutes VALUES (?, ?, ?)",
                        (player_id, match_id, now),
                    )
                else:
                    conn.execute(
                        "DELETE FROM notice_mutes WHERE player_id = ? AND match_id = ?",
                        (player_id, match_id),
                    )

        await self._run(write)

    async def muted_matches(self, player_id: str) -> list[str]:
        def read(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT match_id FROM notice_mutes WHERE player_id = ? ORDER BY muted_at",
                (player_id,),
            ).fetchall()
            return [r[0] for r in rows]

        return await self._run(read)

    async def add_subscription(self, subscription: PushSubscription) -> PushSubscription:
        s = subscription

        def write(conn: sqlite3.Connection) -> PushSubscription:
            with _transaction(conn):
                conn.execute("DELETE FROM push_subscriptions WHERE endpoint = ?", (s.endpoint,))
                conn.execute(
                    "INSERT INTO push_subscriptions VALUES (?, ?, ?, ?, ?, ?)",
                    (s.subscription_id, s.player_id, s.endpoint, s.p256dh, s.auth, s.created_at),
                )
            return s

        return await self._run(write)

    async def remove_subscription(self, player_id: str, endpoint: str) -> bool:
        def write(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                cur = conn.execute(
                    "DELETE FROM push_subscriptions WHERE player_id = ? AND endpoint = ?",
                    (player_id, endpoint),
                )
                return cur.rowcount > 0

        return await self._run(write)

    async def subscriptions(self, player_id: str) -> list[PushSubscription]:
        def read(conn: sqlite3.Connection) -> list[PushSubscription]:
            rows = conn.execute(
                "SELECT subscription_id, player_id, endpoint, p256dh, auth, created_at"
                " FROM push_subscriptions WHERE player_id = ? ORDER BY created_at",
                (player_id,),
            ).fetchall()
            return [PushSubscription(*r) for r in rows]

        return await self._run(read)

    # ------------------------------------------------------------------ delivery

    async def fan_out(self, now: float, *, webhook: bool, web_push: bool, limit: int) -> int:
        def fan_out(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                rows = conn.execute(
                    "SELECT notice_id FROM notifications WHERE fanned_out = 0"
                    " ORDER BY created_at LIMIT ?",
                    (limit,),
                ).fetchall()
                ids = [(r[0],) for r in rows]
                if webhook:
                    conn.executemany(_FAN_OUT_WEBHOOK, [(WEBHOOK, now, i) for (i,) in ids])
                if web_push:
                    conn.executemany(_FAN_OUT_WEB_PUSH, [(WEB_PUSH_PREFIX, now, i) for (i,) in ids])
                conn.executemany("UPDATE notifications SET fanned_out = 1 WHERE notice_id = ?", ids)
                return len(ids)

        return await self._run(fan_out)

    async def claim(self, now: float, lease_seconds: float, limit: int) -> list[Claimed]:
        def claim(conn: sqlite3.Connection) -> list[Claimed]:
            with _transaction(conn):
                rows = conn.execute(
                    "UPDATE deliveries SET next_at = ?, attempts = attempts + 1"
                    " WHERE (notice_id, channel) IN (SELECT notice_id, channel FROM deliveries"
                    "  WHERE state = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?)"
                    " RETURNING notice_id, channel, attempts",
                    (now + lease_seconds, now, limit),
                ).fetchall()
                return [_claimed(conn, *row) for row in rows]

        return await self._run(claim)

    async def release(self, items: Sequence[tuple[Claimed, float]]) -> None:
        def release(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.executemany(_RELEASE, [(at, c.notice.notice_id, c.channel, c.attempts)
                                            for c, at in items])  # fmt: skip

        if items:
            await self._run(release)

    async def delivered(self, claimed: Claimed, now: float) -> None:
        await self._finish(claimed, "delivered", now, None, None)

    async def failed(
        self, claimed: Claimed, now: float, error: str, retry_at: float | None
    ) -> None:
        await self._finish(claimed, "pending" if retry_at is not None else "dead", now, error,
                           retry_at)  # fmt: skip

    async def _finish(
        self, c: Claimed, state: str, now: float, error: str | None, retry_at: float | None
    ) -> None:
        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "UPDATE deliveries SET state = ?, last_error = ?,"
                    " next_at = COALESCE(?, next_at), done_at = ?"
                    " WHERE notice_id = ? AND channel = ? AND state = 'pending'",
                    (state, error, retry_at, None if state == "pending" else now,
                     c.notice.notice_id, c.channel),
                )  # fmt: skip

        await self._run(write)

    async def drop_subscription(self, subscription_id: str, now: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "DELETE FROM push_subscriptions WHERE subscription_id = ?", (subscription_id,)
                )
                conn.execute(
                    "UPDATE deliveries SET state = 'dead', done_at = ?,"
                    " last_error = 'subscription gone' WHERE channel = ? AND state = 'pending'",
                    (now, WEB_PUSH_PREFIX + subscription_id),
                )

        await self._run(write)

    async def counts(self) -> DeliveryCounts:
        def count(conn: sqlite3.Connection) -> DeliveryCounts:
            row = conn.execute(
                "SELECT COALESCE(SUM(state = 'pending'), 0), COALESCE(SUM(state = 'dead'), 0)"
                " FROM deliveries"
            ).fetchone()
            return DeliveryCounts(int(row[0]), int(row[1]))

        return await self._run(count)

    async def depth(self) -> list[ChannelDepth]:
        def read(conn: sqlite3.Connection) -> list[ChannelDepth]:
            return [depth_of(row) for row in conn.execute(DEPTH_QUERY).fetchall()]

        return await self._run(read)

    async def delete_before(self, before: float, limit: int) -> int:
        def delete(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                cur = conn.execute(
                    "DELETE FROM notifications WHERE notice_id IN (SELECT notice_id"
                    " FROM notifications WHERE created_at < ? ORDER BY created_at LIMIT ?)",
                    (before, limit),
                )
                return int(cur.rowcount)

        return await self._run(delete)


# Undo a claim: due at the given time, its attempt not counted -- only while the row is
# still under that claim (pending, with the attempts the claim counted).  Shared with
# PostgreSQL (placeholders rewritten).
_RELEASE = (
    "UPDATE deliveries SET next_at = ?, attempts = attempts - 1"
    " WHERE notice_id = ? AND channel = ? AND state = 'pending' AND attempts = ?"
)

# A push notice not muted gets a webhook delivery unless the player turned the webhook
# off, and one per Web Push subscription unless they turned Web Push off (both on when
# they never chose).  Shared with PostgreSQL (placeholders rewritten).
_NOT_MUTED = (
    " AND NOT EXISTS (SELECT 1 FROM notice_mutes m"
    "  WHERE m.player_id = n.player_id AND m.match_id = n.match_id AND n.match_id <> '')"
)
_FAN_OUT_WEBHOOK = (
    "INSERT OR IGNORE INTO deliveries (notice_id, channel, next_at)"
    " SELECT n.notice_id, ?, ? FROM notifications n"
    " LEFT JOIN notice_settings s ON s.player_id = n.player_id"
    " WHERE n.notice_id = ? AND n.push <> 0 AND COALESCE(s.webhook, 1) <> 0" + _NOT_MUTED
)
_FAN_OUT_WEB_PUSH = (
    "INSERT OR IGNORE INTO deliveries (notice_id, channel, next_at)"
    " SELECT n.notice_id, ? || p.subscription_id, ? FROM notifications n"
    " JOIN push_subscriptions p ON p.player_id = n.player_id"
    " LEFT JOIN notice_settings s ON s.player_id = n.player_id"
    " WHERE n.notice_id = ? AND n.push <> 0 AND COALESCE(s.web_push, 1) <> 0" + _NOT_MUTED
)


def _claimed(conn: sqlite3.Connection, notice_id: str, channel: str, attempts: int) -> Claimed:
    row = conn.execute(
        f"SELECT {NOTICE_COLUMNS} FROM notifications n WHERE n.notice_id = ?", (notice_id,)
    ).fetchone()
    subscription = None
    if channel.startswith(WEB_PUSH_PREFIX):
        sub = conn.execute(
            "SELECT subscription_id, player_id, endpoint, p256dh, auth, created_at"
            " FROM push_subscriptions WHERE subscription_id = ?",
            (channel.removeprefix(WEB_PUSH_PREFIX),),
        ).fetchone()
        subscription = None if sub is None else PushSubscription(*sub)
    return Claimed(notice_from_row(row), channel, int(attempts), subscription)


def depth_of(row: Sequence[Any]) -> ChannelDepth:
    """A row of DEPTH_QUERY (either backend: PostgreSQL's sums are numerics)."""
    channel, pending, oldest, dead = row
    oldest_at = None if oldest is None else float(oldest)
    return ChannelDepth(str(channel), int(pending or 0), oldest_at, int(dead or 0))
