"""The lobby store on SQLite (the port: ``fiveup.lobby.ports``): one worker thread's
connection, write transactions ``BEGIN IMMEDIATE``, formation rounds serialised in the
process.  Its schema is here; its calls are in one part per job, each over the same
connection: ``lobby_seats``, ``lobby_tables``, ``lobby_invites``, ``lobby_queue``,
``lobby_rematch``, ``lobby_directory``."""

from __future__ import annotations

from .lobby_directory import SqliteDirectory
from .lobby_invites import SqliteInvitations
from .lobby_queue import SqliteQueue
from .lobby_rematch import SqliteRematches
from .lobby_seats import SqliteSeats
from .lobby_tables import SqliteTables

MIGRATIONS: list[str] = [
    # 1: seats bound to players, private tables, the matchmaking queue
    """
    CREATE TABLE IF NOT EXISTS seat_players (
        match_id  TEXT NOT NULL,
        seat      INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX IF NOT EXISTS one_seat_per_player ON seat_players (match_id, player_id);
    CREATE INDEX IF NOT EXISTS seat_players_by_player ON seat_players (player_id, joined_at);
    CREATE TABLE IF NOT EXISTS private_tables (
        match_id    TEXT PRIMARY KEY,
        invite_hash BLOB NOT NULL UNIQUE,
        expires_at  REAL NOT NULL,
        created_by  TEXT NOT NULL,
        created_at  REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS mm_tickets (
        ticket_id     TEXT PRIMARY KEY,
        player_id     TEXT NOT NULL,
        players       INTEGER NOT NULL,
        target_points INTEGER NOT NULL,
        allow_bots    INTEGER NOT NULL,
        bots_at       REAL,
        party         TEXT,
        queued_at     REAL NOT NULL,
        heartbeat_at  REAL NOT NULL,
        state         TEXT NOT NULL,
        match_id      TEXT,
        seat          INTEGER,
        settled_at    REAL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS one_waiting_search ON mm_tickets (player_id)
        WHERE state = 'waiting';
    CREATE INDEX IF NOT EXISTS mm_waiting ON mm_tickets (state, queued_at);
    """,
    # 2: rematch offers of finished matches and the seats that accepted them
    """
    CREATE TABLE IF NOT EXISTS rematches (
        match_id     TEXT PRIMARY KEY,
        new_match_id TEXT NOT NULL,
        offered_at   REAL NOT NULL,
        started_at   REAL
    );
    CREATE TABLE IF NOT EXISTS rematch_accepts (
        match_id    TEXT NOT NULL REFERENCES rematches (match_id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        accepted_at REAL NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    """,
    # 3: a correspondence search's turn clock (only searches with the same one meet)
    """
    ALTER TABLE mm_tickets ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: the players a private table names (they may sit down without its code)
    """
    CREATE TABLE IF NOT EXISTS private_invitees (
        match_id  TEXT NOT NULL REFERENCES private_tables (match_id) ON DELETE CASCADE,
        player_id TEXT NOT NULL,
        PRIMARY KEY (match_id, player_id)
    ) WITHOUT ROWID;
    """,
    # 5: invitation limits and acquaintance (docs/security.md, "Invitations and blocks"):
    # whether an invitee was told (not when they blocked the inviter), and the indexes
    # the per-inviter and per-invitee counts read
    """
    ALTER TABLE private_invitees ADD COLUMN told INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX IF NOT EXISTS private_tables_by_creator ON private_tables (created_by, created_at);
    CREATE INDEX IF NOT EXISTS private_invitees_by_player ON private_invitees (player_id);
    """,
]


class SqliteLobbyStore(
    SqliteSeats, SqliteTables, SqliteInvitations, SqliteQueue, SqliteRematches, SqliteDirectory
):
    """The lobby store: one worker connection, its parts one per job."""

    what = "lobby store"
    thread_name = "sqlite-lobby"
    version_table = "lobby_schema_version"
    migrations = MIGRATIONS
