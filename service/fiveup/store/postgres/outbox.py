"""The outbox's write API on PostgreSQL (``write_notices``) and its tables' schema:
what the other stores' adapters need to write notices inside their own transactions,
apart from the notification store itself (``notifications.py``).

One round trip: ``fiveup_write_notices`` takes the notices as arrays, sorted by player
(every writer locks the per-player counter rows in the same order, so two transactions
noticing the same players never deadlock), bumps each player's counter (the row lock
serialises that player's writers: numbers are handed out in commit order, never
skipped), skips a notice whose id is already stored, and NOTIFYs ``fiveup_notices``
with each noticed player (delivered at commit, to every replica's streams and fan-out)
-- unless the connection's ``fiveup.wake`` setting is ``bus`` (``WAKE_BY_BUS``: a server
run with ``--bus``), whose outbox publishes the players on the bus after the commit
instead: the commit path then sends no NOTIFY at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...notifications.notices import Notice, encode_data
from .common import Conn, VersionedSchema

# pg_advisory_xact_lock key that serialises this schema's migrations: "fiveupnt".
NOTIFICATION_MIGRATION_LOCK = 0x66697665_75706E74
NOTIFY_CHANNEL = "fiveup_notices"
# The connection option a server run with a bus opens its connections with: the notice
# writer then leaves the wake-up to the bus (libpq ``options``, so every pool has it).
WAKE_BY_BUS = "-c fiveup.wake=bus"

MIGRATIONS: list[list[str]] = [
    # 1: the log, the per-player counters, choices, subscriptions, deliveries, and the
    # write function
    [
        """
        CREATE TABLE notifications (
            notice_id  TEXT PRIMARY KEY,
            player_id  TEXT NOT NULL,
            seq        BIGINT NOT NULL,
            kind       TEXT NOT NULL,
            match_id   TEXT NOT NULL,
            data       TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            push       BOOLEAN NOT NULL,
            fanned_out BOOLEAN NOT NULL DEFAULT FALSE,
            UNIQUE (player_id, seq)
        )
        """,
        "CREATE INDEX notifications_to_fan_out ON notifications (created_at) WHERE NOT fanned_out",
        "CREATE INDEX notifications_by_age ON notifications (created_at)",
        """
        CREATE TABLE notice_counters (
            player_id TEXT PRIMARY KEY,
            last_seq  BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE notice_settings (
            player_id  TEXT PRIMARY KEY,
            webhook    BOOLEAN NOT NULL,
            web_push   BOOLEAN NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE notice_mutes (
            player_id TEXT NOT NULL,
            match_id  TEXT NOT NULL,
            muted_at  DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, match_id)
        )
        """,
        """
        CREATE TABLE push_subscriptions (
            subscription_id TEXT PRIMARY KEY,
            player_id       TEXT NOT NULL,
            endpoint        TEXT NOT NULL UNIQUE,
            p256dh          TEXT NOT NULL,
            auth            TEXT NOT NULL,
            created_at      DOUBLE PRECISION NOT NULL
        )
        """,
        "CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player_id)",
        """
        CREATE TABLE deliveries (
            notice_id  TEXT NOT NULL REFERENCES notifications (notice_id) ON DELETE CASCADE,
            channel    TEXT NOT NULL,
            state      TEXT NOT NULL DEFAULT 'pending',
            attempts   INTEGER NOT NULL DEFAULT 0,
            next_at    DOUBLE PRECISION NOT NULL,
            last_error TEXT,
            done_at    DOUBLE PRECISION,
            PRIMARY KEY (notice_id, channel)
        )
        """,
        "CREATE INDEX deliveries_due ON deliveries (next_at) WHERE state = 'pending'",
        """
        CREATE FUNCTION fiveup_write_notices(
            p_ids TEXT[], p_players TEXT[], p_kinds TEXT[], p_matches TEXT[],
            p_data TEXT[], p_created DOUBLE PRECISION[], p_push BOOLEAN[]
        ) RETURNS SETOF TEXT LANGUAGE plpgsql AS $fn$
        DECLARE
            i INTEGER;
            v_seq BIGINT;
            v_done TEXT[] := '{}';
        BEGIN
            FOR i IN 1 .. COALESCE(array_length(p_ids, 1), 0) LOOP
                INSERT INTO notice_counters AS c VALUES (p_players[i], 1)
                    ON CONFLICT (player_id) DO UPDATE SET last_seq = c.last_seq + 1
                    RETURNING c.last_seq INTO v_seq;
                INSERT INTO notifications
                    (notice_id, player_id, seq, kind, match_id, data, created_at, push)
                    VALUES (p_ids[i], p_players[i], v_seq, p_kinds[i], p_matches[i],
                            p_data[i], p_created[i], p_push[i])
                    ON CONFLICT (notice_id) DO NOTHING;
                IF NOT FOUND THEN  -- stored already: give the number back (we hold the row)
                    UPDATE notice_counters SET last_seq = last_seq - 1
                     WHERE player_id = p_players[i];
                ELSIF NOT p_players[i] = ANY (v_done) THEN
                    v_done := v_done || p_players[i];
                    PERFORM pg_notify('fiveup_notices', p_players[i]);
                    RETURN NEXT p_players[i];
                END IF;
            END LOOP;
        END
        $fn$
        """,
    ],
    # 2: no NOTIFY from a connection whose wake-ups travel through the bus
    [
        """
        CREATE OR REPLACE FUNCTION fiveup_write_notices(
            p_ids TEXT[], p_players TEXT[], p_kinds TEXT[], p_matches TEXT[],
            p_data TEXT[], p_created DOUBLE PRECISION[], p_push BOOLEAN[]
        ) RETURNS SETOF TEXT LANGUAGE plpgsql AS $fn$
        DECLARE
            i INTEGER;
            v_seq BIGINT;
            v_done TEXT[] := '{}';
            v_notify BOOLEAN := current_setting('fiveup.wake', true) IS DISTINCT FROM 'bus';
        BEGIN
            FOR i IN 1 .. COALESCE(array_length(p_ids, 1), 0) LOOP
                INSERT INTO notice_counters AS c VALUES (p_players[i], 1)
                    ON CONFLICT (player_id) DO UPDATE SET last_seq = c.last_seq + 1
                    RETURNING c.last_seq INTO v_seq;
                INSERT INTO notifications
                    (notice_id, player_id, seq, kind, match_id, data, created_at, push)
                    VALUES (p_ids[i], p_players[i], v_seq, p_kinds[i], p_matches[i],
                            p_data[i], p_created[i], p_push[i])
                    ON CONFLICT (notice_id) DO NOTHING;
                IF NOT FOUND THEN  -- stored already: give the number back (we hold the row)
                    UPDATE notice_counters SET last_seq = last_seq - 1
                     WHERE player_id = p_players[i];
                ELSIF NOT p_players[i] = ANY (v_done) THEN
                    v_done := v_done || p_players[i];
                    IF v_notify THEN
                        PERFORM pg_notify('fiveup_notices', p_players[i]);
                    END IF;
                    RETURN NEXT p_players[i];
                END IF;
            END LOOP;
        END
        $fn$
        """,
    ],
]

SCHEMA = VersionedSchema(
    "notifications_schema_version", MIGRATIONS, NOTIFICATION_MIGRATION_LOCK,
    "notifications", "notifications",
)  # fmt: skip

_WRITE = "SELECT * FROM fiveup_write_notices(%s, %s, %s, %s, %s, %s, %s)"


def write_params(notices: Sequence[Notice]) -> tuple[list[object], ...]:
    ordered = sorted(notices, key=lambda n: (n.player_id, n.notice_id))
    return (
        [n.notice_id for n in ordered],
        [n.player_id for n in ordered],
        [n.kind.value for n in ordered],
        [n.match_id for n in ordered],
        [encode_data(n.data) for n in ordered],
        [n.created_at for n in ordered],
        [n.push for n in ordered],
    )


async def write_notices(conn: Conn, notices: Sequence[Notice]) -> list[str]:
    """Write ``notices`` inside the caller's transaction on ``conn`` (the outbox write
    API); answer the players with a new one."""
    if not notices:
        return []
    cur = await conn.execute(_WRITE, write_params(notices))
    return [str(r[0]) for r in await cur.fetchall()]
