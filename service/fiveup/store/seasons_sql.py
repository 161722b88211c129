"""The season tables of both backends (``fiveup.ratings.season_ports``): their schemas,
the boards read from the rating store's results, league groups and the archive's writes.

Queries are written once with ``?`` placeholders (SQLite's) and derived for PostgreSQL
(``ratings_sql.pg``); booleans are only tested or written from Python's bools.  The live
boards read ``player_results`` (the rating store's table, in the same database) and
``players`` for names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ratings.leagues import Tally
from ..ratings.schedule import SeasonKind, SeasonSpec
from ..ratings.season_ports import (
    BoardRow,
    GroupRow,
    LeagueChangeRecord,
    Member,
    SeasonRecord,
)
from .postgres.common import VersionedSchema

SQLITE_VERSION_TABLE = "season_schema_version"
# pg_advisory_xact_lock keys: the season schema's migrations ("fiveupsm") and the
# league's group assignments and archives ("fiveupsl").
PG_MIGRATION_LOCK = 0x66697665_7570736D
PG_LEAGUE_LOCK = 0x66697665_7570736C

SQLITE_MIGRATIONS: list[str] = [
    # 1: seasons, archived boards, league tiers, groups and changes; and the index the
    # live boards read results by (a range of ended_at, counting results only)
    """
    CREATE TABLE IF NOT EXISTS seasons (
        season_id   TEXT PRIMARY KEY,
        kind        TEXT NOT NULL,
        name        TEXT NOT NULL,
        starts_at   REAL NOT NULL,
        ends_at     REAL NOT NULL,
        league      INTEGER NOT NULL,
        state       TEXT NOT NULL,
        archived_at REAL,
        players     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS seasons_by_end ON seasons (ends_at, season_id);
    CREATE TABLE IF NOT EXISTS season_boards (
        season_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        place     INTEGER NOT NULL,
        points    INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        matches   INTEGER NOT NULL,
        PRIMARY KEY (season_id, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS season_boards_by_place ON season_boards (season_id, place);
    CREATE TABLE IF NOT EXISTS league_tiers (
        player_id TEXT PRIMARY KEY,
        tier      INTEGER NOT NULL,
        since     REAL NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS league_members (
        season_id TEXT NOT NULL,
        player_id TEXT NOT NULL,
        tier      INTEGER NOT NULL,
        group_no  INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (season_id, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS league_members_by_group
        ON league_members (season_id, tier, group_no);
    CREATE TABLE IF NOT EXISTS league_changes (
        player_id     TEXT NOT NULL,
        season_id     TEXT NOT NULL,
        season_name   TEXT NOT NULL,
        from_tier     INTEGER NOT NULL,
        to_tier       INTEGER NOT NULL,
        move          TEXT NOT NULL,
        place         INTEGER NOT NULL,
        group_players INTEGER NOT NULL,
        points        INTEGER NOT NULL,
        held_back     INTEGER NOT NULL,
        changed_at    REAL NOT NULL,
        PRIMARY KEY (player_id, season_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS league_changes_by_season ON league_changes (season_id);
    CREATE INDEX IF NOT EXISTS player_results_counting
        ON player_results (ended_at) WHERE rated AND NOT voided
    """,
]

PG_MIGRATIONS: list[list[str]] = [
    [
        """
        CREATE TABLE seasons (
            season_id   TEXT COLLATE "C" PRIMARY KEY,
            kind        TEXT NOT NULL,
            name        TEXT NOT NULL,
            starts_at   DOUBLE PRECISION NOT NULL,
            ends_at     DOUBLE PRECISION NOT NULL,
            league      BOOLEAN NOT NULL,
            state       TEXT NOT NULL,
            archived_at DOUBLE PRECISION,
            players     INTEGER NOT NULL DEFAULT 0
        )
        """,
        "CREATE INDEX seasons_by_end ON seasons (ends_at, season_id)",
        """
        CREATE TABLE season_boards (
            season_id TEXT COLLATE "C" NOT NULL,
            player_id TEXT COLLATE "C" NOT NULL,
            place     INTEGER NOT NULL,
            points    INTEGER NOT NULL,
            wins      INTEGER NOT NULL,
            matches   INTEGER NOT NULL,
            PRIMARY KEY (season_id, player_id)
        )
        """,
        "CREATE INDEX season_boards_by_place ON season_boards (season_id, place)",
        """
        CREATE TABLE league_tiers (
            player_id TEXT COLLATE "C" PRIMARY KEY,
            tier      INTEGER NOT NULL,
            since     DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE league_members (
            season_id TEXT COLLATE "C" NOT NULL,
            player_id TEXT COLLATE "C" NOT NULL,
            tier      INTEGER NOT NULL,
            group_no  INTEGER NOT NULL,
            joined_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (season_id, player_id)
        )
        """,
        "CREATE INDEX league_members_by_group ON league_members (season_id, tier, group_no)",
        """
        CREATE TABLE league_changes (
            player_id     TEXT COLLATE "C" NOT NULL,
            season_id     TEXT COLLATE "C" NOT NULL,
            season_name   TEXT NOT NULL,
            from_tier     INTEGER NOT NULL,
            to_tier       INTEGER NOT NULL,
            move          TEXT NOT NULL,
            place         INTEGER NOT NULL,
            group_players INTEGER NOT NULL,
            points        INTEGER NOT NULL,
            held_back     BOOLEAN NOT NULL,
            changed_at    DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, season_id)
        )
        """,
        "CREATE INDEX league_changes_by_season ON league_changes (season_id)",
        "CREATE INDEX player_results_counting ON player_results (ended_at)"
        " WHERE rated AND NOT voided",
    ],
]

PG_SCHEMA = VersionedSchema(
    "season_schema_version", PG_MIGRATIONS, PG_MIGRATION_LOCK, "season", "season schema"
)

# ---------------------------------------------------------------------- seasons

_SEASON_COLUMNS = "season_id, kind, name, starts_at, ends_at, league, state, archived_at, players"
ENSURE = (
    f"INSERT INTO seasons ({_SEASON_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'open', NULL, 0)"
    " ON CONFLICT (season_id) DO UPDATE SET name = excluded.name,"
    " starts_at = excluded.starts_at, ends_at = excluded.ends_at, league = excluded.league"
    " WHERE seasons.state = 'open' AND (seasons.name <> excluded.name"
    " OR seasons.starts_at <> excluded.starts_at OR seasons.ends_at <> excluded.ends_at"
    " OR seasons.league <> excluded.league)"
)
SEASON = f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE season_id = ?"
PAST = (
    f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE (state = 'archived' OR ends_at <= ?)"
    " AND (? = '' OR kind = ?) ORDER BY ends_at DESC, season_id DESC LIMIT ? OFFSET ?"
)
ALL_SEASONS = f"SELECT {_SEASON_COLUMNS} FROM seasons ORDER BY ends_at, season_id"
DUE = (
    f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE state = 'open' AND ends_at <= ? ORDER BY ends_at"
)
CLAIM = (
    "UPDATE seasons SET state = 'archived', archived_at = ? WHERE season_id = ? AND state = 'open'"
)
SET_PLAYERS = "UPDATE seasons SET players = ? WHERE season_id = ?"
STATE = "SELECT state FROM seasons WHERE season_id = ?"


def ensure_params(spec: SeasonSpec) -> tuple[Any, ...]:
    return (spec.season_id, spec.kind.value, spec.name, spec.starts_at, spec.ends_at, spec.league)


def season_of(row: Sequence[Any]) -> SeasonRecord:
    season_id, kind, name, starts, ends, league, state, archived_at, players = row
    spec = SeasonSpec(
        str(season_id), SeasonKind(kind), str(name), float(starts), float(ends), bool(league)
    )
    return SeasonRecord(
        spec, str(state), None if archived_at is None else float(archived_at), int(players)
    )


# ---------------------------------------------------------------------- boards

# A result's season points (leagues.season_points): 1, one per side placed above, one
# for the win; a match of three players has three sides, every other two.
POINTS = (
    "1 + (CASE WHEN category = '3' THEN 3 ELSE 2 END) - placement"
    " + (CASE WHEN won THEN 1 ELSE 0 END)"
)
COUNTING = "rated AND NOT voided AND ended_at >= ? AND ended_at < ?"
TALLY = (
    f"SELECT player_id, SUM({POINTS}) AS points, SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins,"
    f" COUNT(*) AS matches FROM player_results WHERE {COUNTING} GROUP BY player_id"
)
_RANKED = (
    f"WITH t AS ({TALLY}), ranked AS (SELECT ROW_NUMBER() OVER (ORDER BY t.points DESC,"
    " t.wins DESC, t.matches, t.player_id) AS place, t.player_id, t.points, t.wins, t.matches"
    " FROM t)"
    " SELECT r.place, r.player_id, COALESCE(p.display_name, ''), r.points, r.wins, r.matches"
    " FROM ranked r LEFT JOIN players p ON p.player_id = r.player_id"
)
LIVE_PAGE = _RANKED + " ORDER BY r.place LIMIT ? OFFSET ?"


def display_names(players: int) -> str:
    marks = ", ".join("?" * players)
    return f"SELECT player_id, display_name FROM players WHERE player_id IN ({marks})"


LIVE_TOTAL = f"SELECT COUNT(DISTINCT player_id) FROM player_results WHERE {COUNTING}"

_ARCHIVED = (
    "SELECT b.place, b.player_id, COALESCE(p.display_name, ''), b.points, b.wins, b.matches"
    " FROM season_boards b LEFT JOIN players p ON p.player_id = b.player_id WHERE b.season_id = ?"
)
ARCHIVED_PAGE = _ARCHIVED + " ORDER BY b.place LIMIT ? OFFSET ?"
ARCHIVED_ROW = _ARCHIVED + " AND b.player_id = ?"
ARCHIVED_TOTAL = "SELECT COUNT(*) FROM season_boards WHERE season_id = ?"
ARCHIVED_TALLIES = "SELECT player_id, points, wins, matches FROM season_boards WHERE season_id = ?"
INSERT_BOARD = (
    "INSERT INTO season_boards (season_id, player_id, place, points, wins, matches)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


def row_of(row: Sequence[Any]) -> BoardRow:
    place, player, name, points, wins, matches = row
    return BoardRow(int(place), str(player), str(name), int(points), int(wins), int(matches))


def tally_of(row: Sequence[Any]) -> Tally:
    player, points, wins, matches = row
    return Tally(str(player), int(points), int(wins), int(matches))


# ---------------------------------------------------------------------- league

PENDING = (
    "SELECT player_id, MIN(ended_at) AS first_at FROM player_results WHERE "
    + COUNTING
    + " AND ended_at >= ?"
    " AND player_id NOT IN (SELECT player_id FROM league_members WHERE season_id = ?)"
    " GROUP BY player_id ORDER BY first_at, player_id"
)
TIER = "SELECT tier FROM league_tiers WHERE player_id = ?"
GROUP_COUNTS = (
    "SELECT group_no, COUNT(*) FROM league_members WHERE season_id = ? AND tier = ?"
    " GROUP BY group_no"
)
INSERT_MEMBER = (
    "INSERT INTO league_members (season_id, player_id, tier, group_no, joined_at)"
    " VALUES (?, ?, ?, ?, ?)"
)
_MEMBER_COLUMNS = "season_id, player_id, tier, group_no, joined_at"
MEMBER = f"SELECT {_MEMBER_COLUMNS} FROM league_members WHERE season_id = ? AND player_id = ?"
MEMBERS = (
    f"SELECT {_MEMBER_COLUMNS} FROM league_members WHERE season_id = ?"
    " ORDER BY tier, group_no, player_id"
)
# A group's members with their live tallies (zero without a counting result left):
# the season's bounds, then the season, tier and group twice (the tally's and the table's).
_IN_GROUP = "SELECT player_id FROM league_members WHERE season_id = ? AND tier = ? AND group_no = ?"
GROUP_TABLE = (
    f"WITH t AS (SELECT player_id, SUM({POINTS}) AS points,"
    " SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins, COUNT(*) AS matches"
    f" FROM player_results WHERE {COUNTING} AND player_id IN ({_IN_GROUP}) GROUP BY player_id)"
    " SELECT m.player_id, COALESCE(t.points, 0), COALESCE(t.wins, 0), COALESCE(t.matches, 0),"
    " COALESCE(p.display_name, '') FROM league_members m"
    " LEFT JOIN t ON t.player_id = m.player_id LEFT JOIN players p ON p.player_id = m.player_id"
    " WHERE m.season_id = ? AND m.tier = ? AND m.group_no = ?"
)
UPSERT_TIER = (
    "INSERT INTO league_tiers (player_id, tier, since) VALUES (?, ?, ?)"
    " ON CONFLICT (player_id) DO UPDATE SET tier = excluded.tier, since = excluded.since"
)
_CHANGE_COLUMNS = (
    "season_id, season_name, player_id, from_tier, to_tier, move, place, group_players,"
    " points, held_back, changed_at"
)
INSERT_CHANGE = (
    f"INSERT INTO league_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
CHANGES_OF = (
    f"SELECT {_CHANGE_COLUMNS} FROM league_changes WHERE player_id = ?"
    " ORDER BY changed_at DESC, season_id DESC LIMIT ? OFFSET ?"
)
SEASON_CHANGES = (
    f"SELECT {_CHANGE_COLUMNS} FROM league_changes WHERE season_id = ? ORDER BY player_id"
)

LEDGER_TIMES = "SELECT match_id, ended_at FROM rated_matches"
VOID_TIMES = "SELECT match_id, voided_at FROM voided_results"


def member_of(row: Sequence[Any]) -> Member:
    season, player, tier, group_no, joined = row
    return Member(str(season), str(player), int(tier), int(group_no), float(joined))


def group_row_of(row: Sequence[Any]) -> GroupRow:
    player, points, wins, matches, name = row
    return GroupRow(Tally(str(player), int(points), int(wins), int(matches)), str(name))


def change_of(row: Sequence[Any]) -> LeagueChangeRecord:
    season, name, player, from_tier, to_tier, move, place, players, points, held, at = row
    return LeagueChangeRecord(
        str(season), str(name), str(player), int(from_tier), int(to_tier), str(move),
        int(place), int(players), int(points), bool(held), float(at),
    )  # fmt: skip


def change_params(c: LeagueChangeRecord) -> tuple[Any, ...]:
    return (
        c.season_id, c.season_name, c.player_id, c.from_tier, c.to_tier, c.change, c.rank,
        c.group_players, c.points, c.held_back, c.changed_at,
    )  # fmt: skip


def bounds(spec: SeasonSpec) -> tuple[float, float]:
    return (spec.starts_at, spec.ends_at)
