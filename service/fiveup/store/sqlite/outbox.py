"""The outbox's write API on SQLite (``write_notices``) and its tables' schema: what the
lobby's and chat's adapters need to write notices inside their own transactions, apart
from the notification store itself (``notifications.py``, which migrates the tables and
is the event store's ``NoticeParticipant``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from ...notifications.notices import Notice, NoticeKind, encode_data

VERSION_TABLE = "notifications_schema_version"
MIGRATIONS: list[str] = [
    # 1: the log, the per-player counters, choices, subscriptions and deliveries
    """
    CREATE TABLE IF NOT EXISTS notifications (
        notice_id  TEXT PRIMARY KEY,
        player_id  TEXT NOT NULL,
        seq        INTEGER NOT NULL,
        kind       TEXT NOT NULL,
        match_id   TEXT NOT NULL,
        data       TEXT NOT NULL,
        created_at REAL NOT NULL,
        push       INTEGER NOT NULL,
        fanned_out INTEGER NOT NULL DEFAULT 0,
        UNIQUE (player_id, seq)
    );
    CREATE INDEX IF NOT EXISTS notifications_to_fan_out
        ON notifications (created_at) WHERE fanned_out = 0;
    CREATE INDEX IF NOT EXISTS notifications_by_age ON notifications (created_at);
    CREATE TABLE IF NOT EXISTS notice_counters (
        player_id TEXT PRIMARY KEY,
        last_seq  INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS notice_settings (
        player_id  TEXT PRIMARY KEY,
        webhook    INTEGER NOT NULL,
        web_push   INTEGER NOT NULL,
        updated_at REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS notice_mutes (
        player_id TEXT NOT NULL,
        match_id  TEXT NOT NULL,
        muted_at  REAL NOT NULL,
        PRIMARY KEY (player_id, match_id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS push_subscriptions (
        subscription_id TEXT PRIMARY KEY,
        player_id       TEXT NOT NULL,
        endpoint        TEXT NOT NULL UNIQUE,
        p256dh          TEXT NOT NULL,
        auth            TEXT NOT NULL,
        created_at      REAL NOT NULL
    );
    CREATE INDEX IF NOT EXISTS push_subscriptions_by_player ON push_subscriptions (player_id);
    CREATE TABLE IF NOT EXISTS deliveries (
        notice_id  TEXT NOT NULL REFERENCES notifications (notice_id) ON DELETE CASCADE,
        channel    TEXT NOT NULL,
        state      TEXT NOT NULL DEFAULT 'pending',
        attempts   INTEGER NOT NULL DEFAULT 0,
        next_at    REAL NOT NULL,
        last_error TEXT,
        done_at    REAL,
        PRIMARY KEY (notice_id, channel)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (next_at) WHERE state = 'pending';
    """,
]


def write_notices(conn: sqlite3.Connection, notices: Sequence[Notice]) -> list[str]:
    """Write ``notices`` inside the caller's write transaction (the outbox write API);
    a notice whose id is stored already is skipped.  Answer the players with a new one
    (the caller wakes their streams after the commit)."""
    players: list[str] = []
    for n in sorted(notices, key=lambda n: (n.player_id, n.notice_id)):
        if conn.execute(
            "SELECT 1 FROM notifications WHERE notice_id = ?", (n.notice_id,)
        ).fetchone():
            continue
        (seq,) = conn.execute(
            "INSERT INTO notice_counters VALUES (?, 1) ON CONFLICT (player_id)"
            " DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq",
            (n.player_id,),
        ).fetchone()
        conn.execute(
            "INSERT INTO notifications"
            " (notice_id, player_id, seq, kind, match_id, data, created_at, push)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (n.notice_id, n.player_id, seq, n.kind.value, n.match_id, encode_data(n.data),
             n.created_at, int(n.push)),
        )  # fmt: skip
        if n.player_id not in players:
            players.append(n.player_id)
    return players


NOTICE_COLUMNS = "n.notice_id, n.player_id, n.kind, n.created_at, n.match_id, n.data, n.push"


def notice_from_row(row: Sequence[object]) -> Notice:
    """A ``Notice`` from the seven ``NOTICE_COLUMNS`` (both backends)."""
    notice_id, player_id, kind, created_at, match_id, data, push = row
    return Notice(
        str(notice_id), str(player_id), NoticeKind(kind), float(created_at),  # type: ignore[arg-type]
        str(match_id), json.loads(str(data)), bool(push),
    )  # fmt: skip


# The operators' view of the outbox by channel kind (``NotificationStore.depth``): what
# waits and since when, and the dead letters still kept.  Delivered rows are left out
# first (the bulk of the table); shared with PostgreSQL (no placeholders).
DEPTH_QUERY = (
    "SELECT CASE WHEN d.channel = 'webhook' THEN 'webhook' ELSE 'web_push' END,"
    " SUM(CASE WHEN d.state = 'pending' THEN 1 ELSE 0 END),"
    " MIN(CASE WHEN d.state = 'pending' THEN n.created_at END),"
    " SUM(CASE WHEN d.state = 'dead' THEN 1 ELSE 0 END)"
    " FROM deliveries d JOIN notifications n ON n.notice_id = d.notice_id"
    " WHERE d.state <> 'delivered' GROUP BY 1 ORDER BY 1"
)
