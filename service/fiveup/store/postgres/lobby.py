"""The lobby store on PostgreSQL (the port: ``fiveup.lobby.ports``): its own small pool;
formation rounds are transactions holding an advisory lock.  Its schema is here; its
calls are in one part per job, each over the same pool: ``lobby_seats``,
``lobby_tables``, ``lobby_invites``, ``lobby_queue``, ``lobby_rematch``,
``lobby_directory``."""

from __future__ import annotations

from .common import VersionedSchema
from .lobby_directory import PostgresDirectory
from .lobby_invites import PostgresInvitations
from .lobby_queue import PostgresQueue
from .lobby_rematch import PostgresRematches
from .lobby_seats import PostgresSeats
from .lobby_tables import PostgresTables

# Advisory lock key "fiveuplb": serialises the lobby's migrations (the queue's
# formation rounds take "fiveupmm": lobby_queue.ROUND_LOCK).
MIGRATION_LOCK = 0x66697665_75706C62

MIGRATIONS: list[list[str]] = [
    # 1: seats bound to players, private tables, the matchmaking queue
    [
        """
        CREATE TABLE seat_players (
            match_id  TEXT NOT NULL,
            seat      INTEGER NOT NULL,
            player_id TEXT NOT NULL,
            joined_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
        "CREATE UNIQUE INDEX one_seat_per_player ON seat_players (match_id, player_id)",
        "CREATE INDEX seat_players_by_player ON seat_players (player_id, joined_at)",
        """
        CREATE TABLE private_tables (
            match_id    TEXT PRIMARY KEY,
            invite_hash BYTEA NOT NULL UNIQUE,
            expires_at  DOUBLE PRECISION NOT NULL,
            created_by  TEXT NOT NULL,
            created_at  DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE mm_tickets (
            ticket_id     TEXT PRIMARY KEY,
            player_id     TEXT NOT NULL,
            players       INTEGER NOT NULL,
            target_points INTEGER NOT NULL,
            allow_bots    BOOLEAN NOT NULL,
            bots_at       DOUBLE PRECISION,
            party         TEXT,
            queued_at     DOUBLE PRECISION NOT NULL,
            heartbeat_at  DOUBLE PRECISION NOT NULL,
            state         TEXT NOT NULL,
            match_id      TEXT,
            seat          INTEGER,
            settled_at    DOUBLE PRECISION
        )
        """,
        "CREATE UNIQUE INDEX one_waiting_search ON mm_tickets (player_id) WHERE state = 'waiting'",
        "CREATE INDEX mm_waiting ON mm_tickets (queued_at) WHERE state = 'waiting'",
    ],
    # 2: rematch offers of finished matches and the seats that accepted them
    [
        """
        CREATE TABLE rematches (
            match_id     TEXT PRIMARY KEY,
            new_match_id TEXT NOT NULL,
            offered_at   DOUBLE PRECISION NOT NULL,
            started_at   DOUBLE PRECISION
        )
        """,
        """
        CREATE TABLE rematch_accepts (
            match_id    TEXT NOT NULL REFERENCES rematches (match_id) ON DELETE CASCADE,
            seat        INTEGER NOT NULL,
            accepted_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
    ],
    # 3: a correspondence search's turn clock (only searches with the same one meet)
    ["ALTER TABLE mm_tickets ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0"],
    # 4: the players a private table names (they may sit down without its code)
    [
        """
        CREATE TABLE private_invitees (
            match_id  TEXT NOT NULL REFERENCES private_tables (match_id) ON DELETE CASCADE,
            player_id TEXT NOT NULL,
            PRIMARY KEY (match_id, player_id)
        )
        """,
    ],
    # 5: invitation limits and acquaintance (docs/security.md, "Invitations and blocks"):
    # whether an invitee was told (not when they blocked the inviter), and the indexes
    # the per-inviter and per-invitee counts read
    [
        "ALTER TABLE private_invitees ADD COLUMN told INTEGER NOT NULL DEFAULT 1",
        "CREATE INDEX private_tables_by_creator ON private_tables (created_by, created_at)",
        "CREATE INDEX private_invitees_by_player ON private_invitees (player_id)",
    ],
]

SCHEMA = VersionedSchema(
    "lobby_schema_version", MIGRATIONS, MIGRATION_LOCK, "lobby", "lobby schema"
)


class PostgresLobbyStore(
    PostgresSeats, PostgresTables, PostgresInvitations, PostgresQueue, PostgresRematches,
    PostgresDirectory,
):  # fmt: skip
    """The lobby store: its own small pool, its parts one per job."""

    what = "lobby store"
    pool_name = "fiveup-lobby"
    schema = SCHEMA
    default_max_size = 6
