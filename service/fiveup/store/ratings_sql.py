"""The rating tables of both backends: their schemas, the writes of a match's outcome
(inside the event store's append that ends the match) and the read queries.

Queries are written once with ``?`` placeholders (SQLite's) and derived for PostgreSQL
(``pg``); none contains a literal ``?`` or ``%``.  Booleans are 0/1 integers in SQLite
and BOOLEAN in PostgreSQL: the queries only test them (``WHERE rated``, ``CASE WHEN
won``), which means the same in both.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..ratings.model import Rating, rate
from ..ratings.outcome import MatchOutcome
from ..ratings.ports import BoardRule
from .postgres.common import Conn, VersionedSchema

SQLITE_VERSION_TABLE = "rating_schema_version"
# pg_advisory_xact_lock keys: the rating schema's migrations ("fiveuprm") and every rating
# update ("fiveuprt"), which the finishing append takes before it appends.
PG_MIGRATION_LOCK = 0x66697665_7570726D
PG_RATING_LOCK = 0x66697665_75707274

SQLITE_MIGRATIONS: list[str] = [
    # 1: results per player, ratings per category, their history and the ledger
    """
    CREATE TABLE IF NOT EXISTS player_results (
        player_id      TEXT NOT NULL,
        match_id       TEXT NOT NULL,
        ended_at       REAL NOT NULL,
        category       TEXT NOT NULL,
        seat           INTEGER NOT NULL,
        side           INTEGER NOT NULL,
        won            INTEGER NOT NULL,
        placement      INTEGER NOT NULL,
        rounds         INTEGER NOT NULL,
        points         INTEGER NOT NULL,
        deducted       INTEGER NOT NULL,
        blocked_rounds INTEGER NOT NULL,
        best_placement INTEGER NOT NULL,
        rated          INTEGER NOT NULL,
        mu_before      REAL,
        sigma_before   REAL,
        mu_after       REAL,
        sigma_after    REAL,
        PRIMARY KEY (player_id, match_id)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX IF NOT EXISTS player_results_one_per_seat
        ON player_results (match_id, seat);
    CREATE INDEX IF NOT EXISTS player_results_newest
        ON player_results (player_id, ended_at, match_id);
    CREATE INDEX IF NOT EXISTS player_results_window
        ON player_results (category, ended_at) WHERE rated;
    CREATE TABLE IF NOT EXISTS ratings (
        category  TEXT NOT NULL,
        player_id TEXT NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        ordinal   REAL NOT NULL,
        matches   INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        last_seq  INTEGER NOT NULL,
        PRIMARY KEY (category, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS ratings_board ON ratings (category, ordinal DESC, player_id);
    CREATE INDEX IF NOT EXISTS ratings_by_player ON ratings (player_id);
    CREATE TABLE IF NOT EXISTS rating_history (
        player_id TEXT NOT NULL,
        category  TEXT NOT NULL,
        seq       INTEGER NOT NULL,
        match_id  TEXT NOT NULL,
        ended_at  REAL NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        ordinal   REAL NOT NULL,
        PRIMARY KEY (player_id, category, seq)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS rated_matches (
        seq      INTEGER PRIMARY KEY,
        match_id TEXT NOT NULL UNIQUE,
        category TEXT NOT NULL,
        ended_at REAL NOT NULL
    );
    """,
    # 2: boards order by mu (settled, recent players: docs/ratings.md)
    "CREATE INDEX IF NOT EXISTS ratings_by_mu ON ratings (category, mu DESC, player_id)",
    # 3: each result's mode -- rated, casual or practice -- which statistics keep apart.
    # Results written before say only rated or not: the unrated ones are 'legacy' until
    # the rating store resolves them from their logs (RESOLVE_LEGACY_MODES).
    """
    ALTER TABLE player_results ADD COLUMN mode TEXT NOT NULL DEFAULT 'legacy';
    UPDATE player_results SET mode = 'rated' WHERE rated;
    CREATE INDEX IF NOT EXISTS player_results_mode_newest
        ON player_results (player_id, mode, ended_at, match_id);
    CREATE INDEX IF NOT EXISTS player_results_legacy
        ON player_results (match_id) WHERE mode = 'legacy'
    """,
    # 4: each result's own play (moves the player made, not a stand-in's; rounds wholly
    # their own) and why a match its log rates was recorded unrated (issue 31).  Results
    # written before have NULL own play: they count for no guest's standing (the strict
    # reading: nothing proves that play was the player's own).
    """
    ALTER TABLE player_results ADD COLUMN own_moves INTEGER;
    ALTER TABLE player_results ADD COLUMN own_rounds INTEGER;
    ALTER TABLE player_results ADD COLUMN unrated_reason TEXT NOT NULL DEFAULT ''
    """,
    # 5: results an operator voided (AdminService.VoidResult, issue 33): who, when and
    # why, per match; and each result's flag, so every figure leaves them out with a
    # column test instead of a look-up (ratings_voids.py writes both in one transaction)
    """
    CREATE TABLE IF NOT EXISTS voided_results (
        match_id    TEXT PRIMARY KEY,
        voided_at   REAL NOT NULL,
        operator_id TEXT NOT NULL,
        reason      TEXT NOT NULL
    );
    ALTER TABLE player_results ADD COLUMN voided INTEGER NOT NULL DEFAULT 0
    """,
]

# Ids sort bytewise (COLLATE "C") as in SQLite, so both order ties and cursors alike.
PG_MIGRATIONS: list[list[str]] = [
    [
        """
        CREATE TABLE player_results (
            player_id      TEXT COLLATE "C" NOT NULL,
            match_id       TEXT COLLATE "C" NOT NULL,
            ended_at       DOUBLE PRECISION NOT NULL,
            category       TEXT NOT NULL,
            seat           INTEGER NOT NULL,
            side           INTEGER NOT NULL,
            won            BOOLEAN NOT NULL,
            placement      INTEGER NOT NULL,
            rounds         INTEGER NOT NULL,
            points         INTEGER NOT NULL,
            deducted       INTEGER NOT NULL,
            blocked_rounds INTEGER NOT NULL,
            best_placement INTEGER NOT NULL,
            rated          BOOLEAN NOT NULL,
            mu_before      DOUBLE PRECISION,
            sigma_before   DOUBLE PRECISION,
            mu_after       DOUBLE PRECISION,
            sigma_after    DOUBLE PRECISION,
            PRIMARY KEY (player_id, match_id)
        )
        """,
        "CREATE UNIQUE INDEX player_results_one_per_seat ON player_results (match_id, seat)",
        "CREATE INDEX player_results_newest ON player_results (player_id, ended_at, match_id)",
        "CREATE INDEX player_results_window ON player_results (category, ended_at) WHERE rated",
        """
        CREATE TABLE ratings (
            category  TEXT NOT NULL,
            player_id TEXT COLLATE "C" NOT NULL,
            mu        DOUBLE PRECISION NOT NULL,
            sigma     DOUBLE PRECISION NOT NULL,
            ordinal   DOUBLE PRECISION NOT NULL,
            matches   INTEGER NOT NULL,
            wins      INTEGER NOT NULL,
            last_seq  BIGINT NOT NULL,
            PRIMARY KEY (category, player_id)
        )
        """,
        "CREATE INDEX ratings_board ON ratings (category, ordinal DESC, player_id)",
        "CREATE INDEX ratings_by_player ON ratings (player_id)",
        """
        CREATE TABLE rating_history (
            player_id TEXT COLLATE "C" NOT NULL,
            category  TEXT NOT NULL,
            seq       BIGINT NOT NULL,
            match_id  TEXT NOT NULL,
            ended_at  DOUBLE PRECISION NOT NULL,
            mu        DOUBLE PRECISION NOT NULL,
            sigma     DOUBLE PRECISION NOT NULL,
            ordinal   DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, category, seq)
        )
        """,
        """
        CREATE TABLE rated_matches (
            seq      BIGINT PRIMARY KEY,
            match_id TEXT NOT NULL UNIQUE,
            category TEXT NOT NULL,
            ended_at DOUBLE PRECISION NOT NULL
        )
        """,
    ],
    # 2: boards order by mu (settled, recent players: docs/ratings.md)
    ["CREATE INDEX ratings_by_mu ON ratings (category, mu DESC, player_id)"],
    # 3: each result's mode (as SQLite's migration 3)
    [
        "ALTER TABLE player_results ADD COLUMN mode TEXT NOT NULL DEFAULT 'legacy'",
        "UPDATE player_results SET mode = 'rated' WHERE rated",
        "CREATE INDEX player_results_mode_newest"
        " ON player_results (player_id, mode, ended_at, match_id)",
        "CREATE INDEX player_results_legacy ON player_results (match_id) WHERE mode = 'legacy'",
    ],
    # 4: each result's own play and why it was not rated (as SQLite's migration 4)
    [
        "ALTER TABLE player_results ADD COLUMN own_moves INTEGER",
        "ALTER TABLE player_results ADD COLUMN own_rounds INTEGER",
        "ALTER TABLE player_results ADD COLUMN unrated_reason TEXT NOT NULL DEFAULT ''",
    ],
    # 5: voided results (as SQLite's migration 5)
    [
        """
        CREATE TABLE voided_results (
            match_id    TEXT COLLATE "C" PRIMARY KEY,
            voided_at   DOUBLE PRECISION NOT NULL,
            operator_id TEXT NOT NULL,
            reason      TEXT NOT NULL
        )
        """,
        "ALTER TABLE player_results ADD COLUMN voided BOOLEAN NOT NULL DEFAULT FALSE",
    ],
]

# The unrated results written before results had a mode, resolved from their match's
# first event (match_started says practice).  The rating store runs it on every open,
# after its migrations, once the event log's table exists (the composition root opens
# the event store first); once done it finds no row (the partial index
# player_results_legacy holds none) and costs nothing.  Retention keeps every match with a result, so each log is there.
_RESOLVE_LEGACY = (
    "UPDATE player_results SET mode = CASE WHEN EXISTS (SELECT 1 FROM events e"
    " WHERE e.match_id = player_results.match_id AND e.version = 1 AND {practice})"
    " THEN 'practice' ELSE 'casual' END WHERE mode = 'legacy'"
)
RESOLVE_LEGACY_MODES_SQLITE = _RESOLVE_LEGACY.format(
    practice="json_extract(e.body, '$.practice') = 1"
)
RESOLVE_LEGACY_MODES_PG = _RESOLVE_LEGACY.format(practice="(e.body ->> 'practice') = 'true'")

PG_SCHEMA = VersionedSchema(
    "rating_schema_version", PG_MIGRATIONS, PG_MIGRATION_LOCK, "rating", "rating schema"
)


def pg(query: str) -> str:
    """A query written for SQLite with PostgreSQL's placeholders."""
    return query.replace("?", "%s")


# ---------------------------------------------------------------------- writes

NEXT_SEQ = "SELECT COALESCE(MAX(seq), 0) + 1 FROM rated_matches"
INSERT_LEDGER = "INSERT INTO rated_matches (seq, match_id, category, ended_at) VALUES (?, ?, ?, ?)"
INSERT_RESULT = (
    "INSERT INTO player_results (player_id, match_id, ended_at, category, seat, side, won,"
    " placement, rounds, points, deducted, blocked_rounds, best_placement, rated,"
    " mu_before, sigma_before, mu_after, sigma_after, mode, own_moves, own_rounds,"
    " unrated_reason)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
UPSERT_RATING = (
    "INSERT INTO ratings (category, player_id, mu, sigma, ordinal, matches, wins, last_seq)"
    " VALUES (?, ?, ?, ?, ?, 1, ?, ?)"
    " ON CONFLICT (category, player_id) DO UPDATE SET mu = excluded.mu,"
    " sigma = excluded.sigma, ordinal = excluded.ordinal, matches = ratings.matches + 1,"
    " wins = ratings.wins + excluded.wins, last_seq = excluded.last_seq"
)
INSERT_HISTORY = (
    "INSERT INTO rating_history (player_id, category, seq, match_id, ended_at, mu, sigma,"
    " ordinal) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def ratings_of(players: int) -> str:
    """The ratings of ``players`` players in one category (category first)."""
    marks = ", ".join("?" * players)
    return f"SELECT player_id, mu, sigma FROM ratings WHERE category = ? AND player_id IN ({marks})"


@dataclass(frozen=True, slots=True)
class OutcomeWrites:
    """The rows one finished match adds (``ledger`` etc. empty when it is unrated)."""

    ledger: tuple[tuple[Any, ...], ...]
    results: tuple[tuple[Any, ...], ...]
    ratings: tuple[tuple[Any, ...], ...]
    history: tuple[tuple[Any, ...], ...]


def outcome_writes(outcome: MatchOutcome, seq: int, before: Mapping[str, Rating]) -> OutcomeWrites:
    """What to write for ``outcome``: ``seq`` is its place in the rating order and
    ``before`` its players' stored ratings in its category (both unused when unrated)."""
    after: dict[str, Rating] = rate(before, outcome.rated_match()) if outcome.rated else {}
    results = []
    ratings = []
    history = []
    for s in outcome.players:
        player = str(s.player_id)
        old = before.get(player, Rating()) if outcome.rated else None
        new = after.get(player)
        results.append(
            (
                player, outcome.match_id, outcome.ended_at, outcome.category, s.seat, s.side,
                s.won, s.placement, s.rounds, s.points, s.deducted, s.blocked_rounds,
                s.best_placement, outcome.rated,
                None if old is None else old.mu, None if old is None else old.sigma,
                None if new is None else new.mu, None if new is None else new.sigma,
                outcome.mode, s.own_moves, s.own_rounds, outcome.unrated_because,
            )
        )  # fmt: skip
        if new is not None:
            ratings.append(
                (outcome.category, player, new.mu, new.sigma, new.ordinal, int(s.won), seq)
            )
            history.append(
                (player, outcome.category, seq, outcome.match_id, outcome.ended_at,
                 new.mu, new.sigma, new.ordinal)
            )  # fmt: skip
    ledger = ((seq, outcome.match_id, outcome.category, outcome.ended_at),) if outcome.rated else ()
    return OutcomeWrites(ledger, tuple(results), tuple(ratings), tuple(history))


def write_outcome_sqlite(conn: sqlite3.Connection, outcome: MatchOutcome) -> None:
    """Record ``outcome`` inside the caller's write transaction (which, holding SQLite's
    write lock, also serialises it with every other rating update)."""
    seq, before = 0, {}
    if outcome.rated:
        seq = int(conn.execute(NEXT_SEQ).fetchone()[0])
        ids = [str(s.player_id) for s in outcome.players]
        rows = conn.execute(ratings_of(len(ids)), (outcome.category, *ids)).fetchall()
        before = {str(p): Rating(float(mu), float(sigma)) for p, mu, sigma in rows}
    writes = outcome_writes(outcome, seq, before)
    _execute_sqlite(conn, writes)


def _execute_sqlite(conn: sqlite3.Connection, writes: OutcomeWrites) -> None:
    for query, rows in _statements(writes):
        conn.executemany(query, rows)


async def write_outcome_postgres(conn: Conn, outcome: MatchOutcome) -> None:
    """Record ``outcome`` inside the caller's transaction, which must already hold
    ``PG_RATING_LOCK`` when the outcome is rated (the ledger's ``MAX(seq) + 1`` and the
    ratings read are only safe under it)."""
    seq, before = 0, {}
    if outcome.rated:
        cur = await conn.execute(NEXT_SEQ)
        row = await cur.fetchone()
        assert row is not None
        seq = int(row[0])
        ids = [str(s.player_id) for s in outcome.players]
        cur = await conn.execute(pg(ratings_of(len(ids))), (outcome.category, *ids))
        before = {str(p): Rating(float(mu), float(sigma)) for p, mu, sigma in await cur.fetchall()}
    writes = outcome_writes(outcome, seq, before)
    for query, rows in _statements(writes):
        if rows:
            async with conn.cursor() as cur:
                await cur.executemany(pg(query), rows)


def _statements(writes: OutcomeWrites) -> Sequence[tuple[str, Sequence[tuple[Any, ...]]]]:
    return (
        (INSERT_LEDGER, writes.ledger),
        (UPSERT_RATING, writes.ratings),
        (INSERT_HISTORY, writes.history),
        (INSERT_RESULT, writes.results),
    )


# ---------------------------------------------------------------------- reads

# A leaderboard's candidates: every rated player of the category (all time, with the
# ratings' own counts) or those with a rated result in the window (counted there), each
# with their rating and when their last rated match there ended (the history row of the
# rating's last_seq: one primary-key look-up).  The board is the candidates whose sigma
# is settled and who played recently, by mu (docs/ratings.md, "A board people believe").
QUALIFY_ALL_TIME = "SELECT player_id, matches, wins FROM ratings WHERE category = ?"
QUALIFY_SINCE = (
    "SELECT player_id, COUNT(*) AS matches, SUM(CASE WHEN won THEN 1 ELSE 0 END) AS wins"
    " FROM player_results WHERE category = ? AND rated AND NOT voided AND ended_at >= ?"
    " GROUP BY player_id"
)
_RANKED = (
    "WITH q AS ({qualify}), c AS ("
    " SELECT r.player_id, r.mu, r.sigma, r.ordinal, q.matches, q.wins, h.ended_at AS last_at"
    " FROM q JOIN ratings r ON r.category = ? AND r.player_id = q.player_id"
    " JOIN rating_history h ON h.player_id = r.player_id AND h.category = r.category"
    " AND h.seq = r.last_seq),"
    " ranked AS ("
    " SELECT ROW_NUMBER() OVER (ORDER BY c.mu DESC, c.player_id) AS rank, c.player_id, c.mu,"
    " c.sigma, c.ordinal, c.matches, c.wins, c.last_at"
    " FROM c WHERE c.sigma <= ? AND c.last_at >= ?{opponents})"
)
# Settled players who have beaten or lost to enough different people (issue 31): the
# distinct players of another side in their rated results of the category, all time
# (the results' (match_id, seat) index finds a match's other seats).  Left out when the
# rule asks for none, so that board costs what it did.
_OPPONENTS = (
    " AND (SELECT COUNT(DISTINCT o.player_id) FROM player_results m"
    " JOIN player_results o ON o.match_id = m.match_id AND o.side <> m.side AND o.rated"
    " AND NOT o.voided"
    " WHERE m.rated AND NOT m.voided AND m.category = ? AND m.player_id = c.player_id) >= ?"
)
_BOARD_PAGE = (
    " SELECT ranked.rank, ranked.player_id, COALESCE(p.display_name, ''), ranked.mu,"
    " ranked.sigma, ranked.ordinal, ranked.matches, ranked.wins, ranked.last_at"
    " FROM ranked LEFT JOIN players p ON p.player_id = ranked.player_id"
    " ORDER BY ranked.rank LIMIT ? OFFSET ?"
)
_BOARD_TOTAL = " SELECT COUNT(*) FROM ranked"
# One player against the board: their place on it, or the place their rating would
# hold (one more than the players on it ordered before them), and whether they are on it.
_BOARD_STANDING = (
    " SELECT COALESCE(x.rank, (SELECT COUNT(*) FROM ranked WHERE ranked.mu > c.mu"
    " OR (ranked.mu = c.mu AND ranked.player_id < c.player_id)) + 1),"
    " c.player_id, COALESCE(p.display_name, ''), c.mu, c.sigma, c.ordinal, c.matches, c.wins,"
    " c.last_at, x.rank IS NOT NULL"
    " FROM c LEFT JOIN ranked x ON x.player_id = c.player_id"
    " LEFT JOIN players p ON p.player_id = c.player_id WHERE c.player_id = ?"
)


@dataclass(frozen=True, slots=True)
class BoardQueries:
    """A leaderboard's queries and the parameters that pick its players (the category
    and the window, the category again for the ratings join, the settled sigma, the
    start of the activity window, and the category and count of distinct opponents)."""

    page: str
    total: str
    standing: str
    params: tuple[Any, ...]


def board(category: str, rule: BoardRule) -> BoardQueries:
    params: tuple[Any, ...]
    if rule.since is None:
        qualify, params = QUALIFY_ALL_TIME, (category,)
    else:
        qualify, params = QUALIFY_SINCE, (category, rule.since)
    params = (*params, category, rule.settled_sigma, rule.active_since)
    opponents = ""
    if rule.min_opponents > 0:
        opponents, params = _OPPONENTS, (*params, category, rule.min_opponents)
    ranked = _RANKED.format(qualify=qualify, opponents=opponents)
    return BoardQueries(
        ranked + _BOARD_PAGE, ranked + _BOARD_TOTAL, ranked + _BOARD_STANDING, params
    )


RESULT_COLUMNS = (
    "match_id, ended_at, category, seat, side, won, placement, rounds, points, deducted,"
    " blocked_rounds, best_placement, rated, mu_before, sigma_before, mu_after, sigma_after,"
    " mode, unrated_reason, own_moves, voided"
)
# A result not yet resolved ('legacy': written before modes, unrated) reads as casual.
MODE_OF = "CASE WHEN mode = 'legacy' THEN 'casual' ELSE mode END"


def player_results(modes: int) -> str:
    """A player's results in ``modes`` modes (their names follow the player id), newest
    first; ``before`` (ended_at, match_id) is exclusive.  No cursor: (+inf, "")."""
    marks = ", ".join("?" * modes)
    return (
        f"SELECT {RESULT_COLUMNS} FROM player_results WHERE player_id = ?"
        f" AND {MODE_OF} IN ({marks})"
        " AND (ended_at < ? OR (ended_at = ? AND match_id < ?))"
        " ORDER BY ended_at DESC, match_id DESC LIMIT ?"
    )


PLAYER_SUMMARY = (
    f"SELECT category, {MODE_OF} AS m, COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END),"
    " SUM(rounds), SUM(points), SUM(deducted), SUM(blocked_rounds), MAX(best_placement)"
    f" FROM player_results WHERE player_id = ? AND NOT voided GROUP BY category, {MODE_OF}"
    " ORDER BY category"
)
RESULT_MODES = f"SELECT DISTINCT match_id, {MODE_OF} FROM player_results"
# Each result's own play as stored (NULL: written before it was kept), for the rebuild.
RESULT_OWN_PLAY = "SELECT match_id, seat, own_moves, own_rounds FROM player_results"
PLAYER_RATINGS = "SELECT category, mu, sigma FROM ratings WHERE player_id = ?"
RATING_HISTORY = (
    "SELECT seq, match_id, ended_at, mu, sigma, ordinal FROM rating_history"
    " WHERE player_id = ? AND category = ? ORDER BY seq DESC LIMIT ?"
)
LEDGER = "SELECT match_id FROM rated_matches ORDER BY seq"
CURRENT_RATINGS_CHUNK = 500  # players per query: well below SQLite's bound on parameters


def current_ratings(players: int) -> str:
    """Every category's rating of ``players`` players, with its rated matches."""
    marks = ", ".join("?" * players)
    return (
        f"SELECT category, player_id, mu, sigma, matches FROM ratings WHERE player_id IN ({marks})"
    )


ALL_RATINGS = "SELECT category, player_id, mu, sigma FROM ratings"


# ---------------------------------------------------------------------- rated play rules

# What a player has finished by their own play (ratings.eligibility: a guest's
# standing): matches with a round wholly their own, and those rounds.  A stand-in's
# play, results from before own play was recorded (NULL) and voided results count for
# nothing.
FINISHED_RECORD = (
    "SELECT COUNT(*), COALESCE(SUM(own_rounds), 0) FROM player_results"
    " WHERE player_id = ? AND own_rounds > 0 AND NOT voided"
)


def rated_together(players: int) -> str:
    """Per rated match of the first player's in a category since a time: how many of
    ``players`` players held a seat (the caller counts the matches that held them all).
    Voided ones count too: the pairing rule limits rated play that happened, and a void
    (of farmed results, mostly) grants the same players no new matches."""
    marks = ", ".join("?" * players)
    return (
        "SELECT COUNT(*) FROM player_results"
        f" WHERE rated AND category = ? AND ended_at >= ? AND player_id IN ({marks})"
        " AND match_id IN (SELECT match_id FROM player_results"
        " WHERE rated AND category = ? AND ended_at >= ? AND player_id = ?)"
        " GROUP BY match_id"
    )
