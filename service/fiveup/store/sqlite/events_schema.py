"""The event log's schema on SQLite: its tables (matches, events, seats, requests), as
numbered migration scripts.  Only the event log's: the ratings and notification tables
are their own stores' (``ratings_sql``, ``outbox``)."""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: the event log, seats and idempotency records
    """
    CREATE TABLE IF NOT EXISTS matches (
        match_id      TEXT PRIMARY KEY,
        seats         TEXT NOT NULL,
        target_points INTEGER NOT NULL,
        seed          BLOB NOT NULL,
        created_at    REAL NOT NULL,
        finished      INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS events (
        match_id TEXT NOT NULL REFERENCES matches(match_id),
        version  INTEGER NOT NULL,
        body     TEXT NOT NULL,
        PRIMARY KEY (match_id, version)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS seats (
        match_id   TEXT NOT NULL REFERENCES matches(match_id),
        seat       INTEGER NOT NULL,
        token_hash BLOB NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS requests (
        match_id      TEXT NOT NULL REFERENCES matches(match_id),
        request_id    TEXT NOT NULL,
        seat          INTEGER NOT NULL,
        fingerprint   TEXT NOT NULL,
        first_version INTEGER NOT NULL,
        last_version  INTEGER NOT NULL,
        PRIMARY KEY (match_id, request_id)
    ) WITHOUT ROWID;
    """,
    # 2: the creator's token (CancelMatch) and when a finished match was first seen so
    # (retention)
    """
    ALTER TABLE matches ADD COLUMN creator_hash BLOB;
    ALTER TABLE matches ADD COLUMN finished_at REAL;
    """,
    # 3: correspondence matches: the clock per turn, and the current turn's index (whose
    # turn, until when, when to remind), for ListMyMatches and the deadline sweep
    """
    ALTER TABLE matches ADD COLUMN turn_clock INTEGER;
    ALTER TABLE matches ADD COLUMN turn_seat INTEGER;
    ALTER TABLE matches ADD COLUMN turn_deadline REAL;
    ALTER TABLE matches ADD COLUMN remind_at REAL;
    CREATE INDEX IF NOT EXISTS matches_turn_deadline ON matches (turn_deadline)
        WHERE finished = 0 AND turn_deadline IS NOT NULL;
    CREATE INDEX IF NOT EXISTS matches_remind_at ON matches (remind_at)
        WHERE finished = 0 AND remind_at IS NOT NULL;
    """,
    # 4: when each match's last event was written (the operators' list of matches: a
    # live match silent past its turn clock is stuck; NULL for matches whose appends all
    # came before), and the newest-first order of that list
    """
    ALTER TABLE matches ADD COLUMN last_event_at REAL;
    CREATE INDEX IF NOT EXISTS matches_newest ON matches (created_at, match_id);
    """,
]
