"""The notification outbox on PostgreSQL: the event store's database, its own tables and
a small pool; a LISTEN connection of its own hears every replica's new notices.

Claims take due delivery rows with ``FOR UPDATE SKIP LOCKED`` and move them a lease
ahead in the same statement, so replicas claiming at once never take the same row and
never wait for each other; nothing is held while a delivery is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...bus.ports import NOTIFY, WakeBus
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
from ..sqlite.notifications import depth_of
from ..sqlite.outbox import DEPTH_QUERY, NOTICE_COLUMNS, notice_from_row
from .common import Conn, PooledStore, fetch_all
from .listener import Listener
from .outbox import NOTIFY_CHANNEL, SCHEMA, write_notices

_SUBSCRIPTION_COLUMNS = "subscription_id, player_id, endpoint, p256dh, auth, created_at"
_NOT_MUTED = (
    " AND NOT EXISTS (SELECT 1 FROM notice_mutes m"
    "  WHERE m.player_id = n.player_id AND m.match_id = n.match_id AND n.match_id <> '')"
)


class PostgresNotificationStore(PooledStore):
    what = "notification store"
    pool_name = "fiveup-notifications"
    schema = SCHEMA

    def __init__(
        self, url: str, min_size: int = 1, max_size: int | None = None,
        *, bus: WakeBus | None = None,
    ) -> None:  # fmt: skip
        """``bus``: other replicas hear of new notices through it (``announce``), not
        NOTIFY (the connections' ``fiveup.wake`` setting: ``outbox.WAKE_BY_BUS``)."""
        super().__init__(url, min_size, max_size)
        self._bus = bus
        self._listener: Listener | None = None

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await super().close()

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(player_id)`` for every commit with new notices, any replica's,
        and ``callback(EVERYTHING)`` when some may have been missed (the listening
        connection or the bus came back)."""
        if self._bus is not None:
            await self._bus.subscribe(NOTIFY, callback)
            return
        if self._listener is None:
            self._listener = Listener(self.url, NOTIFY_CHANNEL)
        await self._listener.add(callback)

    def announce(self, player_ids: Iterable[str]) -> None:
        """Notices for these players were committed here: tell the other replicas (on
        the bus; without one the commit's NOTIFY already did)."""
        if self._bus is not None:
            for player_id in player_ids:
                self._bus.publish(NOTIFY, player_id)

    # ------------------------------------------------------------------ the log

    async def write_notices(self, conn: Conn, notices: Sequence[Notice]) -> list[str]:
        """The outbox's part in another store's transaction (``NoticeParticipant``: the
        event store's append), on that store's connection."""
        return await write_notices(conn, notices)

    async def write(self, notices: Sequence[Notice]) -> list[str]:
        async with self.pool.connection() as conn, conn.transaction():
            return await write_notices(conn, notices)

    async def read_after(self, player_id: str, after_seq: int, limit: int) -> list[StoredNotice]:
        rows = await fetch_all(
            self.pool,
            f"SELECT n.seq, {NOTICE_COLUMNS} FROM notifications n"
            " WHERE n.player_id = %s AND n.seq > %s ORDER BY n.seq LIMIT %s",
            (player_id, after_seq, limit),
        )
        return [StoredNotice(int(r[0]), notice_from_row(r[1:])) for r in rows]

    async def latest_seq(self, player_id: str) -> int:
        rows = await fetch_all(
            self.pool, "SELECT last_seq FROM notice_counters WHERE player_id = %s", (player_id,)
        )
        return int(rows[0][0]) if rows else 0

    # ------------------------------------------------------------------ choices

    async def settings(self, player_id: str) -> ChannelSettings:
        rows = await fetch_all(
            self.pool,
            "SELECT webhook, web_push FROM notice_settings WHERE player_id = %s",
            (player_id,),
        )
        return ChannelSettings(bool(rows[0][0]), bool(rows[0][1])) if rows else ChannelSettings()

    async def set_settings(self, player_id: str, settings: ChannelSettings, now: float) -> None:
        await self._execute(
            "INSERT INTO notice_settings VALUES (%s, %s, %s, %s) ON CONFLICT (player_id)"
            " DO UPDATE SET webhook = EXCLUDED.webhook, web_push = EXCLUDED.web_push,"
            " updated_at = EXCLUDED.updated_at",
            (player_id, settings.webhook, settings.web_push, now),
        )

    async def set_muted(self, player_id: str, match_id: str, muted: bool, now: float) -> None:
        if muted:
            await self._execute(
                "INSERT INTO notice_mutes VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (player_id, match_id, now),
            )
        else:
            await self._execute(
                "DELETE FROM notice_mutes WHERE player_id = %s AND match_id = %s",
                (player_id, match_id),
            )

    async def muted_matches(self, player_id: str) -> list[str]:
        rows = await fetch_all(
            self.pool,
            "SELECT match_id FROM notice_mutes WHERE player_id = %s ORDER BY muted_at",
            (player_id,),
        )
        return [r[0] for r in rows]

    async def add_subscription(self, subscription: PushSubscription) -> PushSubscription:
        s = subscription
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("DELETE FROM push_subscriptions WHERE endpoint = %s", (s.endpoint,))
            await conn.execute(
                f"INSERT INTO push_subscriptions ({_SUBSCRIPTION_COLUMNS})"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                (s.subscription_id, s.player_id, s.endpoint, s.p256dh, s.auth, s.created_at),
            )
        return s

    async def remove_subscription(self, player_id: str, endpoint: str) -> bool:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "DELETE FROM push_subscriptions WHERE player_id = %s AND endpoint = %s",
                (player_id, endpoint),
            )
            return cur.rowcount > 0

    async def subscriptions(self, player_id: str) -> list[PushSubscription]:
        rows = await fetch_all(
            self.pool,
            f"SELECT {_SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE player_id = %s"
            " ORDER BY created_at",
            (player_id,),
        )
        return [PushSubscription(*r) for r in rows]

    # ------------------------------------------------------------------ delivery

    async def fan_out(self, now: float, *, webhook: bool, web_push: bool, limit: int) -> int:
        async with self.pool.connection() as conn, conn.transaction():
            cur = await conn.execute(
                "SELECT notice_id FROM notifications WHERE NOT fanned_out"
                " ORDER BY created_at LIMIT %s FOR UPDATE SKIP LOCKED",
                (limit,),
            )
            ids = [r[0] for r in await cur.fetchall()]
            if not ids:
                return 0
            if webhook:
                await conn.execute(
                    "INSERT INTO deliveries (notice_id, channel, next_at)"
                    " SELECT n.notice_id, %s, %s FROM notifications n"
                    " LEFT JOIN notice_settings s ON s.player_id = n.player_id"
                    " WHERE n.notice_id = ANY (%s) AND n.push AND COALESCE(s.webhook, TRUE)"
                    + _NOT_MUTED
                    + " ON CONFLICT DO NOTHING",
                    (WEBHOOK, now, ids),
                )
            if web_push:
                await conn.execute(
                    "INSERT INTO deliveries (notice_id, channel, next_at)"
                    " SELECT n.notice_id, %s::TEXT || p.subscription_id, %s FROM notifications n"
                    " JOIN push_subscriptions p ON p.player_id = n.player_id"
                    " LEFT JOIN notice_settings s ON s.player_id = n.player_id"
                    " WHERE n.notice_id = ANY (%s) AND n.push AND COALESCE(s.web_push, TRUE)"
                    + _NOT_MUTED
                    + " ON CONFLICT DO NOTHING",
                    (WEB_PUSH_PREFIX, now, ids),
                )
            await conn.execute(
                "UPDATE notifications SET fanned_out = TRUE WHERE notice_id = ANY (%s)", (ids,)
            )
            return len(ids)

    async def claim(self, now: float, lease_seconds: float, limit: int) -> list[Claimed]:
        rows = await fetch_all(
            self.pool,
            "WITH due AS (SELECT notice_id, channel FROM deliveries"
            "  WHERE state = 'pending' AND next_at <= %s ORDER BY next_at LIMIT %s"
            "  FOR UPDATE SKIP LOCKED),"
            " taken AS (UPDATE deliveries d SET next_at = %s, attempts = d.attempts + 1"
            "  FROM due WHERE d.notice_id = due.notice_id AND d.channel = due.channel"
            "  RETURNING d.notice_id, d.channel, d.attempts)"
            f" SELECT t.channel, t.attempts, {NOTICE_COLUMNS},"
            " p.subscription_id, p.player_id, p.endpoint, p.p256dh, p.auth, p.created_at"
            " FROM taken t JOIN notifications n ON n.notice_id = t.notice_id"
            " LEFT JOIN push_subscriptions p"
            "  ON t.channel = %s::TEXT || p.subscription_id",
            (now, limit, now + lease_seconds, WEB_PUSH_PREFIX),
        )
        claimed = []
        for row in rows:
            channel, attempts = row[0], row[1]
            subscription = PushSubscription(*row[9:]) if row[9] is not None else None
            claimed.append(Claimed(notice_from_row(row[2:9]), channel, int(attempts), subscription))
        return claimed

    async def release(self, items: Sequence[tuple[Claimed, float]]) -> None:
        if not items:
            return
        # One statement for the lot (a busy destination's rows are put back many at once).
        await self._execute(
            "UPDATE deliveries d SET next_at = v.at, attempts = d.attempts - 1"
            " FROM unnest(%s::TEXT[], %s::TEXT[], %s::DOUBLE PRECISION[], %s::INTEGER[])"
            "  AS v (notice_id, channel, at, attempts)"
            " WHERE d.notice_id = v.notice_id AND d.channel = v.channel"
            "  AND d.state = 'pending' AND d.attempts = v.attempts",
            ([c.notice.notice_id for c, _ in items], [c.channel for c, _ in items],
             [at for _, at in items], [c.attempts for c, _ in items]),
        )  # fmt: skip

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
        await self._execute(
            "UPDATE deliveries SET state = %s, last_error = %s,"
            " next_at = COALESCE(%s, next_at), done_at = %s"
            " WHERE notice_id = %s AND channel = %s AND state = 'pending'",
            (state, error, retry_at, None if state == "pending" else now,
             c.notice.notice_id, c.channel),
        )  # fmt: skip

    async def drop_subscription(self, subscription_id: str, now: float) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "DELETE FROM push_subscriptions WHERE subscription_id = %s", (subscription_id,)
            )
            await conn.execute(
                "UPDATE deliveries SET state = 'dead', done_at = %s,"
                " last_error = 'subscription gone' WHERE channel = %s AND state = 'pending'",
                (now, WEB_PUSH_PREFIX + subscription_id),
            )

    async def counts(self) -> DeliveryCounts:
        rows = await fetch_all(
            self.pool,
            "SELECT COUNT(*) FILTER (WHERE state = 'pending'),"
            " COUNT(*) FILTER (WHERE state = 'dead') FROM deliveries",
        )
        return DeliveryCounts(int(rows[0][0]), int(rows[0][1]))

    async def depth(self) -> list[ChannelDepth]:
        return [depth_of(row) for row in await fetch_all(self.pool, DEPTH_QUERY)]

    async def delete_before(self, before: float, limit: int) -> int:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "DELETE FROM notifications WHERE notice_id IN (SELECT notice_id"
                " FROM notifications WHERE created_at < %s ORDER BY created_at LIMIT %s)",
                (before, limit),
            )
            return int(cur.rowcount)

    async def _execute(self, query: str, params: Sequence[Any]) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(query, params)
