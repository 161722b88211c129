"""The event log's schema on PostgreSQL: its tables (matches, events, seats, requests)
and the server-side append (``fiveup_append``), as numbered migrations.  Only the event
log's: the ratings and notification tables are their own stores' (``ratings_sql``,
``outbox``)."""

from __future__ import annotations

from .common import VersionedSchema

# pg_advisory_xact_lock(bigint) key that serialises schema migrations: "fiveupmg" in ASCII.
MIGRATION_LOCK = 0x66697665_75706D67

MIGRATIONS: list[list[str]] = [
    # 1: the event log, seats, idempotency records, and the append function
    [
        """
        CREATE TABLE matches (
            match_id      TEXT PRIMARY KEY,
            seats         JSONB NOT NULL,
            target_points INTEGER NOT NULL,
            seed          BYTEA NOT NULL,
            created_at    DOUBLE PRECISION NOT NULL,
            finished      BOOLEAN NOT NULL DEFAULT FALSE
        )
        """,
        "CREATE INDEX matches_active ON matches (created_at DESC) WHERE NOT finished",
        """
        CREATE TABLE events (
            match_id TEXT NOT NULL REFERENCES matches (match_id),
            version  INTEGER NOT NULL CHECK (version > 0),
            body     JSONB NOT NULL,
            PRIMARY KEY (match_id, version)
        )
        """,
        """
        CREATE TABLE seats (
            match_id   TEXT NOT NULL REFERENCES matches (match_id),
            seat       INTEGER NOT NULL,
            token_hash BYTEA NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
        """
        CREATE TABLE requests (
            match_id      TEXT NOT NULL REFERENCES matches (match_id),
            request_id    TEXT NOT NULL,
            seat          INTEGER NOT NULL,
            fingerprint   TEXT NOT NULL,
            first_version INTEGER NOT NULL,
            last_version  INTEGER NOT NULL,
            PRIMARY KEY (match_id, request_id)
        )
        """,
        # One round trip per append.  Returns ('ok', new version), ('conflict', current),
        # ('missing', 0) or ('duplicate', current, <the stored request>).  A writer that
        # races past the checks fails on a primary key instead (handled by the caller).
        """
        CREATE FUNCTION fiveup_append(
            p_match_id TEXT, p_expected INTEGER, p_bodies TEXT[],
            p_request_id TEXT, p_seat INTEGER, p_fingerprint TEXT,
            p_first INTEGER, p_last INTEGER, p_finished BOOLEAN, p_notify BOOLEAN,
            OUT outcome TEXT, OUT current_version INTEGER,
            OUT r_seat INTEGER, OUT r_fingerprint TEXT, OUT r_first INTEGER, OUT r_last INTEGER
        ) LANGUAGE plpgsql AS $fn$
        BEGIN
            -- The version first, then the request: each statement sees the latest commits
            -- (READ COMMITTED), so a racing append of this request committed in between is
            -- seen by the second read and reported as a duplicate, not as a conflict.
            SELECT COALESCE(MAX(e.version), 0) INTO current_version
              FROM events e WHERE e.match_id = p_match_id;
            IF p_request_id IS NOT NULL THEN
                SELECT r.seat, r.fingerprint, r.first_version, r.last_version
                  INTO r_seat, r_fingerprint, r_first, r_last
                  FROM requests r
                 WHERE r.match_id = p_match_id AND r.request_id = p_request_id;
                IF FOUND THEN
                    outcome := 'duplicate';
                    RETURN;
                END IF;
            END IF;
            IF current_version <> p_expected THEN
                IF current_version = 0
                   AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.match_id = p_match_id) THEN
                    outcome := 'missing';
                ELSE
                    outcome := 'conflict';
                END IF;
                RETURN;
            END IF;
            INSERT INTO events (match_id, version, body)
                 SELECT p_match_id, p_expected + t.n::INTEGER, t.body::JSONB
                   FROM unnest(p_bodies) WITH ORDINALITY AS t(body, n);
            IF p_request_id IS NOT NULL THEN
                INSERT INTO requests VALUES
                    (p_match_id, p_request_id, p_seat, p_fingerprint, p_first, p_last);
            END IF;
            IF p_finished THEN
                UPDATE matches SET finished = TRUE WHERE match_id = p_match_id;
            END IF;
            IF p_notify THEN
                PERFORM pg_notify('fiveup_events', p_match_id);
            END IF;
            current_version := p_expected + COALESCE(array_length(p_bodies, 1), 0);
            outcome := 'ok';
        END
        $fn$
        """,
    ],
    # 2: the creator's token (CancelMatch) and when a finished match was first seen so
    # (retention)
    [
        "ALTER TABLE matches ADD COLUMN creator_hash BYTEA",
        "ALTER TABLE matches ADD COLUMN finished_at DOUBLE PRECISION",
        "CREATE INDEX matches_finished_at ON matches (finished_at) WHERE finished",
    ],
    # 3: correspondence matches: the clock per turn, and the current turn's index (whose
    # turn, until when, when to remind), for ListMyMatches and the deadline sweep
    [
        "ALTER TABLE matches ADD COLUMN turn_clock INTEGER",
        "ALTER TABLE matches ADD COLUMN turn_seat INTEGER",
        "ALTER TABLE matches ADD COLUMN turn_deadline DOUBLE PRECISION",
        "ALTER TABLE matches ADD COLUMN remind_at DOUBLE PRECISION",
        "CREATE INDEX matches_turn_deadline ON matches (turn_deadline)"
        " WHERE NOT finished AND turn_deadline IS NOT NULL",
        "CREATE INDEX matches_remind_at ON matches (remind_at)"
        " WHERE NOT finished AND remind_at IS NOT NULL",
    ],
    # 4: when each match's last event was written (the operators' list of matches: a
    # live match silent past its turn clock is stuck; NULL for matches whose appends all
    # came before), the newest-first order of that list, and the append that stamps it
    # (same signature: a replica still on the previous code stamps it too)
    [
        "ALTER TABLE matches ADD COLUMN last_event_at DOUBLE PRECISION",
        "CREATE INDEX matches_newest ON matches (created_at, match_id)",
        """
        CREATE OR REPLACE FUNCTION fiveup_append(
            p_match_id TEXT, p_expected INTEGER, p_bodies TEXT[],
            p_request_id TEXT, p_seat INTEGER, p_fingerprint TEXT,
            p_first INTEGER, p_last INTEGER, p_finished BOOLEAN, p_notify BOOLEAN,
            OUT outcome TEXT, OUT current_version INTEGER,
            OUT r_seat INTEGER, OUT r_fingerprint TEXT, OUT r_first INTEGER, OUT r_last INTEGER
        ) LANGUAGE plpgsql AS $fn$
        DECLARE
            stamp DOUBLE PRECISION;
        BEGIN
            -- The version first, then the request: each statement sees the latest commits
            -- (READ COMMITTED), so a racing append of this request committed in between is
            -- seen by the second read and reported as a duplicate, not as a conflict.
            SELECT COALESCE(MAX(e.version), 0) INTO current_version
              FROM events e WHERE e.match_id = p_match_id;
            IF p_request_id IS NOT NULL THEN
                SELECT r.seat, r.fingerprint, r.first_version, r.last_version
                  INTO r_seat, r_fingerprint, r_first, r_last
                  FROM requests r
                 WHERE r.match_id = p_match_id AND r.request_id = p_request_id;
                IF FOUND THEN
                    outcome := 'duplicate';
                    RETURN;
                END IF;
            END IF;
            IF current_version <> p_expected THEN
                IF current_version = 0
                   AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.match_id = p_match_id) THEN
                    outcome := 'missing';
                ELSE
                    outcome := 'conflict';
                END IF;
                RETURN;
            END IF;
            INSERT INTO events (match_id, version, body)
                 SELECT p_match_id, p_expected + t.n::INTEGER, t.body::JSONB
                   FROM unnest(p_bodies) WITH ORDINALITY AS t(body, n);
            IF p_request_id IS NOT NULL THEN
                INSERT INTO requests VALUES
                    (p_match_id, p_request_id, p_seat, p_fingerprint, p_first, p_last);
            END IF;
            -- When the match last moved, to within 10 seconds (LAST_EVENT_PRECISION_SECONDS
            -- in fiveup.match.ports: a fresh stamp is left alone, no row version written),
            -- by the database's clock (one for every replica); at its end, that it is over.
            stamp := extract(epoch FROM clock_timestamp());
            IF p_finished THEN
                UPDATE matches SET finished = TRUE, last_event_at = stamp
                 WHERE match_id = p_match_id;
            ELSE
                UPDATE matches SET last_event_at = stamp
                 WHERE match_id = p_match_id
                   AND (last_event_at IS NULL OR last_event_at < stamp - 10);
            END IF;
            IF p_notify THEN
                PERFORM pg_notify('fiveup_events', p_match_id);
            END IF;
            current_version := p_expected + COALESCE(array_length(p_bodies, 1), 0);
            outcome := 'ok';
        END
        $fn$
        """,
    ],
]

SCHEMA = VersionedSchema("schema_version", MIGRATIONS, MIGRATION_LOCK, "database", "schema")
