"""The chat tables of both backends (``fiveup.chat.ports`` describes them): the queries,
written once with SQLite's ``?`` placeholders and derived for PostgreSQL (``pg``), and
the one mapping between a row and a ``ChatLine``.  Booleans are 0/1 integers in SQLite
and BOOLEAN in PostgreSQL; the queries compare them only with ``= ?`` and a Python bool,
which both accept."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from ..chat.flood import Recent, Said
from ..chat.ports import (
    Author,
    ChatLine,
    DuplicateRequest,
    NewLine,
    Posted,
    Report,
    Seen,
    SeenKind,
    StoredReport,
)
from ..chat.table_talk import ContentKind, Room
from ..chat.visible import MAX_PUBLIC_ID, Placement, Row

LINE_COLUMNS = (
    "seq, match_id, room, author_key, author_seat, author_name, author_player, kind, body,"
    " sent_at, held_round, early_seats, shadow, request_id, released_seq, public_id"
)
L_COLUMNS = ", ".join(f"l.{c.strip()}" for c in LINE_COLUMNS.split(","))

# The match's next number: the row lock (PostgreSQL) serialises the writers of a match.
NEXT_SEQ = (
    "INSERT INTO chat_rooms (match_id, last_seq) VALUES (?, 1)"
    " ON CONFLICT (match_id) DO UPDATE SET last_seq = chat_rooms.last_seq + 1"
    " RETURNING last_seq"
)
LATEST_SEQ = "SELECT last_seq FROM chat_rooms WHERE match_id = ?"
INSERT_LINE = f"INSERT INTO chat_lines ({LINE_COLUMNS}) VALUES ({', '.join('?' * 16)})"
BY_REQUEST = (
    f"SELECT {LINE_COLUMNS} FROM chat_lines"
    " WHERE match_id = ? AND author_key = ? AND request_id = ?"
)
LINE = f"SELECT {LINE_COLUMNS} FROM chat_lines WHERE match_id = ? AND seq = ?"
LINE_BY_ID = f"SELECT {LINE_COLUMNS} FROM chat_lines WHERE match_id = ? AND public_id = ?"

# Readers' views (fiveup.chat.visible).  The view a reader reads: their fork if it
# exists, else the shared one -- chosen in the same statement as the rows, so a fork
# made meanwhile cannot mix two views' positions.
THE_VIEW = (
    "(SELECT COALESCE(MAX(a.fork), '') FROM chat_audiences a"
    " WHERE a.match_id = ? AND a.room = ? AND a.fork = ?)"
)
VIEW_AFTER = (
    f"SELECT v.pos, v.kind, {L_COLUMNS} FROM chat_views v"
    " JOIN chat_lines l ON l.match_id = v.match_id AND l.seq = v.seq"
    f" WHERE v.match_id = ? AND v.room = ? AND v.fork = {THE_VIEW} AND v.pos > ?"
    " ORDER BY v.pos"
)
SEEN_IN = (
    "SELECT MIN(v.pos) FROM chat_views v WHERE v.match_id = ? AND v.room = ?"
    f" AND v.fork = {THE_VIEW} AND v.seq = ?"
)
AUDIENCES = "SELECT fork, last_pos FROM chat_audiences WHERE match_id = ? AND room = ?"
SET_LAST = (
    "INSERT INTO chat_audiences (match_id, room, fork, last_pos) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (match_id, room, fork) DO UPDATE SET last_pos = excluded.last_pos"
)
ADD_SEEN = "INSERT INTO chat_views (match_id, room, fork, pos, seq, kind) VALUES (?, ?, ?, ?, ?, ?)"
FORK_VIEW = (
    "INSERT INTO chat_views (match_id, room, fork, pos, seq, kind)"
    " SELECT match_id, room, ?, pos, seq, kind FROM chat_views"
    " WHERE match_id = ? AND room = ? AND fork = ''"
)
EARLY_IN = "SELECT fork FROM chat_views WHERE match_id = ? AND seq = ? AND kind = 'early'"
DELETE_VIEWS_OF_LINE = "DELETE FROM chat_views WHERE match_id = ? AND seq = ?"
EMPTY_AUDIENCES = (
    "DELETE FROM chat_audiences WHERE NOT EXISTS"
    " (SELECT 1 FROM chat_rooms r WHERE r.match_id = chat_audiences.match_id)"
)
LINES_AFTER = (
    f"SELECT {LINE_COLUMNS} FROM chat_lines"
    " WHERE match_id = ? AND (seq > ? OR released_seq > ?) ORDER BY seq"
)
AUTHOR_HERE = (
    "SELECT sent_at, kind, body FROM chat_lines"
    " WHERE match_id = ? AND author_key = ? AND sent_at > ? ORDER BY seq DESC LIMIT 64"
)
AUTHOR_EVERYWHERE = (
    "SELECT sent_at FROM chat_lines WHERE author_key = ? AND sent_at > ?"
    " ORDER BY sent_at DESC LIMIT 256"
)
# The room's rule counts only what every reader of the room reads at once: a refusal
# that counted held or shadowed lines would tell a writer of messages they may not read.
ROOM_RECENT = (
    "SELECT sent_at FROM chat_lines WHERE match_id = ? AND room = ? AND sent_at > ?"
    " AND held_round IS NULL AND shadow = ? ORDER BY sent_at DESC LIMIT 256"
)
HELD = (
    f"SELECT {LINE_COLUMNS} FROM chat_lines"
    " WHERE match_id = ? AND held_round IS NOT NULL AND held_round <= ?"
    " AND released_seq IS NULL ORDER BY seq"
)
HAS_HELD = (
    "SELECT 1 FROM chat_lines WHERE match_id = ? AND held_round IS NOT NULL"
    " AND held_round <= ? AND released_seq IS NULL LIMIT 1"
)
RELEASE = (
    "UPDATE chat_lines SET released_seq = ? WHERE match_id = ? AND held_round IS NOT NULL"
    " AND held_round <= ? AND released_seq IS NULL"
)
PENDING = (
    "SELECT DISTINCT match_id FROM chat_lines"
    " WHERE held_round IS NOT NULL AND released_seq IS NULL LIMIT ?"
)
MUTE = (
    "INSERT INTO chat_mutes (muter, target, created_at) VALUES (?, ?, ?)"
    " ON CONFLICT (muter, target) DO NOTHING"
)
UNMUTE = "DELETE FROM chat_mutes WHERE muter = ? AND target = ?"
MUTED_BY = "SELECT target FROM chat_mutes WHERE muter = ?"
ADD_REPORT = (
    "INSERT INTO chat_reports (match_id, seq, reporter, reason, comment, created_at, line)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, seq, reporter) DO NOTHING"
)
REPORTS = (
    "SELECT report_id, match_id, seq, reporter, reason, comment, created_at, line,"
    " resolved_at, resolution FROM chat_reports WHERE (? = 0 OR resolved_at IS NULL)"
    " ORDER BY report_id DESC LIMIT ?"
)
# The reports a player filed, and those against their messages (the copy's author key,
# element 3 of the copied line: line_json), newest first -- an operator's read of one
# player, a scan of the reports kept (their retention bounds it).
_REPORT_COLUMNS = (
    "report_id, match_id, seq, reporter, reason, comment, created_at, line, resolved_at, resolution"
)
REPORTS_FILED = (
    f"SELECT {_REPORT_COLUMNS} FROM chat_reports WHERE reporter = ? ORDER BY report_id DESC LIMIT ?"
)
REPORTS_AGAINST_SQLITE = (
    f"SELECT {_REPORT_COLUMNS} FROM chat_reports WHERE json_extract(line, '$[3]') = ?"
    " ORDER BY report_id DESC LIMIT ?"
)
REPORTS_AGAINST_POSTGRES = (
    f"SELECT {_REPORT_COLUMNS} FROM chat_reports WHERE (line::jsonb ->> 3) = ?"
    " ORDER BY report_id DESC LIMIT ?"
)
RESOLVE_REPORT = (
    "UPDATE chat_reports SET resolved_at = ?, resolution = ?"
    " WHERE report_id = ? AND resolved_at IS NULL"
)
SILENCE = (
    "INSERT INTO chat_silences (player_id, until, reason, created_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (player_id) DO UPDATE SET until = excluded.until, reason = excluded.reason,"
    " created_at = excluded.created_at"
)
SILENCED_UNTIL = "SELECT until FROM chat_silences WHERE player_id = ?"
TOUCH = (
    "INSERT INTO chat_presence (match_id, viewer, until) VALUES (?, ?, ?)"
    " ON CONFLICT (match_id, viewer) DO UPDATE SET until = excluded.until"
)
PRESENT = "SELECT viewer FROM chat_presence WHERE match_id = ? AND until > ?"
PRESENCE_OF = "SELECT until, notified_at FROM chat_presence WHERE match_id = ? AND viewer = ?"
NOTIFIED = (
    "INSERT INTO chat_presence (match_id, viewer, until, notified_at) VALUES (?, ?, 0, ?)"
    " ON CONFLICT (match_id, viewer) DO UPDATE SET notified_at = excluded.notified_at"
)
OLD_LINES = "SELECT match_id, seq FROM chat_lines WHERE sent_at < ? ORDER BY sent_at LIMIT ?"
DELETE_LINE = "DELETE FROM chat_lines WHERE match_id = ? AND seq = ?"
# A room's numbers go on while its match exists (a reader's cursor must never see them
# start again); the room goes once the match is deleted and its lines are gone.
EMPTY_ROOMS = (
    "DELETE FROM chat_rooms WHERE NOT EXISTS"
    " (SELECT 1 FROM chat_lines l WHERE l.match_id = chat_rooms.match_id)"
    " AND NOT EXISTS (SELECT 1 FROM matches x WHERE x.match_id = chat_rooms.match_id)"
)
OLD_PRESENCE = "DELETE FROM chat_presence WHERE until < ? AND COALESCE(notified_at, 0) < ?"
OLD_REPORTS = (
    "DELETE FROM chat_reports WHERE report_id IN"
    " (SELECT report_id FROM chat_reports WHERE created_at < ? ORDER BY report_id LIMIT ?)"
)


def placement_params(
    match_id: str, room: Room, placement: Placement
) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements (and their parameters) that write ``placement``, in order."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    for op in placement.ops:
        if isinstance(op, Row):
            out.append((ADD_SEEN, (match_id, room.value, op.fork, op.pos, op.seq, op.kind.value)))
        else:
            out.append((FORK_VIEW, (op, match_id, room.value)))
    for fork, last in sorted(placement.last.items()):
        out.append((SET_LAST, (match_id, room.value, fork, last)))
    return out


def pg(query: str) -> str:
    """A query written for SQLite with PostgreSQL's placeholders."""
    return query.replace("?", "%s")


def line_params(seq: int, line: NewLine, public_id: int = 0) -> tuple[Any, ...]:
    a = line.author
    return (
        seq, line.match_id, line.room.value, a.key, a.seat, a.name, a.player_id,
        line.kind.value, line.body, line.sent_at, line.held_round,
        ",".join(str(s) for s in sorted(line.early_seats)), line.shadow, line.request_id, None,
        public_id,
    )  # fmt: skip


def new_public_id() -> int:
    """A message's id as readers see it: random, so it counts nothing."""
    return secrets.randbelow(MAX_PUBLIC_ID) + 1


def line_of(row: Sequence[Any]) -> ChatLine:
    """A line from its columns (a report's copy made before public ids has 15)."""
    (seq, match_id, room, key, seat, name, player, kind, body, sent_at, held_round, early,
     shadow, request_id, released_seq) = row[:15]  # fmt: skip
    public_id = int(row[15] or 0) if len(row) > 15 else 0
    new = NewLine(
        match_id=str(match_id),
        room=Room(room),
        author=Author(str(key), None if seat is None else int(seat), str(name), str(player)),
        kind=ContentKind(kind),
        body=str(body),
        sent_at=float(sent_at),
        held_round=None if held_round is None else int(held_round),
        early_seats=frozenset(int(s) for s in str(early).split(",") if s),
        shadow=bool(shadow),
        request_id=str(request_id),
    )
    return ChatLine(int(seq), new, None if released_seq is None else int(released_seq), public_id)


def seen_of(row: Sequence[Any]) -> Seen:
    """A view's row joined with its line (VIEW_AFTER)."""
    return Seen(int(row[0]), SeenKind(row[1]), line_of(row[2:]))


def line_json(line: ChatLine) -> str:
    """The copy of a message a report keeps."""
    params = list(line_params(line.seq, line.line, line.public_id))
    params[14] = line.released_seq
    return json.dumps(params)


def line_from_json(text: str) -> ChatLine:
    return line_of(json.loads(text))


def recent_of(
    here: Sequence[Sequence[Any]],
    everywhere: Sequence[Sequence[Any]],
    room: Sequence[Sequence[Any]],
) -> Recent:
    return Recent(
        author_here=[Said(float(t), f"{kind}:{str(body).casefold()}") for t, kind, body in here],
        author_everywhere=[float(r[0]) for r in everywhere],
        room=[float(r[0]) for r in room],
    )


def retried(found: ChatLine, line: NewLine) -> Posted:
    """The answer to a retried request: the first message, if the words are the same."""
    if (found.line.kind, found.line.body, found.line.room) != (line.kind, line.body, line.room):
        raise DuplicateRequest(found)
    return Posted(found, created=False)


def report_params(report: Report, line: ChatLine) -> tuple[Any, ...]:
    return (report.match_id, report.seq, report.reporter, report.reason, report.comment,
            report.created_at, line_json(line))  # fmt: skip


def stored_report(row: Sequence[Any]) -> StoredReport:
    report_id, match_id, seq, reporter, reason, comment, created_at, line, resolved, how = row
    return StoredReport(
        int(report_id),
        Report(
            str(match_id), int(seq), str(reporter), str(reason), str(comment), float(created_at)
        ),
        line_from_json(str(line)),
        None if resolved is None else float(resolved),
        str(how),
    )


SQLITE_MIGRATIONS: list[str] = [
    # 1: rooms, lines, mutes, reports, silences, presence
    """
    CREATE TABLE IF NOT EXISTS chat_rooms (
        match_id TEXT PRIMARY KEY,
        last_seq INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS chat_lines (
        seq           INTEGER NOT NULL,
        match_id      TEXT NOT NULL,
        room          TEXT NOT NULL,
        author_key    TEXT NOT NULL,
        author_seat   INTEGER,
        author_name   TEXT NOT NULL,
        author_player TEXT NOT NULL,
        kind          TEXT NOT NULL,
        body          TEXT NOT NULL,
        sent_at       REAL NOT NULL,
        held_round    INTEGER,
        early_seats   TEXT NOT NULL,
        shadow        INTEGER NOT NULL,
        request_id    TEXT NOT NULL,
        released_seq  INTEGER,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS chat_lines_released ON chat_lines (match_id, released_seq)
        WHERE released_seq IS NOT NULL;
    CREATE INDEX IF NOT EXISTS chat_lines_held ON chat_lines (match_id)
        WHERE held_round IS NOT NULL AND released_seq IS NULL;
    CREATE INDEX IF NOT EXISTS chat_lines_author ON chat_lines (author_key, sent_at);
    CREATE INDEX IF NOT EXISTS chat_lines_room ON chat_lines (match_id, room, sent_at);
    CREATE INDEX IF NOT EXISTS chat_lines_sent ON chat_lines (sent_at);
    CREATE UNIQUE INDEX IF NOT EXISTS chat_lines_request
        ON chat_lines (match_id, author_key, request_id) WHERE request_id <> '';
    CREATE TABLE IF NOT EXISTS chat_mutes (
        muter      TEXT NOT NULL,
        target     TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (muter, target)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS chat_reports (
        report_id   INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id    TEXT NOT NULL,
        seq         INTEGER NOT NULL,
        reporter    TEXT NOT NULL,
        reason      TEXT NOT NULL,
        comment     TEXT NOT NULL,
        created_at  REAL NOT NULL,
        line        TEXT NOT NULL,
        resolved_at REAL,
        resolution  TEXT NOT NULL DEFAULT '',
        UNIQUE (match_id, seq, reporter)
    );
    CREATE INDEX IF NOT EXISTS chat_reports_open ON chat_reports (report_id)
        WHERE resolved_at IS NULL;
    CREATE TABLE IF NOT EXISTS chat_silences (
        player_id  TEXT PRIMARY KEY,
        until      REAL NOT NULL,
        reason     TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS chat_presence (
        match_id    TEXT NOT NULL,
        viewer      TEXT NOT NULL,
        until       REAL NOT NULL,
        notified_at REAL,
        PRIMARY KEY (match_id, viewer)
    ) WITHOUT ROWID;
    """,
    # 2: readers' views (fiveup.chat.visible) and random public ids; the messages every
    # reader already read take their shared positions in the order they reached them.
    """
    ALTER TABLE chat_lines ADD COLUMN public_id INTEGER;
    UPDATE chat_lines SET public_id = 1 + abs(random() % 9007199254740990);
    CREATE UNIQUE INDEX IF NOT EXISTS chat_lines_public ON chat_lines (match_id, public_id);
    CREATE TABLE IF NOT EXISTS chat_audiences (
        match_id TEXT NOT NULL,
        room     TEXT NOT NULL,
        fork     TEXT NOT NULL,
        last_pos INTEGER NOT NULL,
        PRIMARY KEY (match_id, room, fork)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS chat_views (
        match_id TEXT NOT NULL,
        room     TEXT NOT NULL,
        fork     TEXT NOT NULL,
        pos      INTEGER NOT NULL,
        seq      INTEGER NOT NULL,
        kind     TEXT NOT NULL,
        PRIMARY KEY (match_id, room, fork, pos)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS chat_views_line ON chat_views (match_id, seq);
    INSERT INTO chat_views (match_id, room, fork, pos, seq, kind)
        SELECT match_id, room, '', ROW_NUMBER() OVER
            (PARTITION BY match_id, room ORDER BY COALESCE(released_seq, seq), seq),
            seq, CASE WHEN released_seq IS NULL THEN 'new' ELSE 'delayed' END
        FROM chat_lines
        WHERE shadow = 0 AND (held_round IS NULL OR released_seq IS NOT NULL);
    INSERT INTO chat_audiences (match_id, room, fork, last_pos)
        SELECT match_id, room, '', MAX(pos) FROM chat_views GROUP BY match_id, room;
    """,
]

PG_MIGRATIONS: list[list[str]] = [
    [
        "CREATE TABLE chat_rooms (match_id TEXT PRIMARY KEY, last_seq BIGINT NOT NULL)",
        """
        CREATE TABLE chat_lines (
            seq           BIGINT NOT NULL,
            match_id      TEXT NOT NULL,
            room          TEXT NOT NULL,
            author_key    TEXT NOT NULL,
            author_seat   INTEGER,
            author_name   TEXT NOT NULL,
            author_player TEXT NOT NULL,
            kind          TEXT NOT NULL,
            body          TEXT NOT NULL,
            sent_at       DOUBLE PRECISION NOT NULL,
            held_round    INTEGER,
            early_seats   TEXT NOT NULL,
            shadow        BOOLEAN NOT NULL,
            request_id    TEXT NOT NULL,
            released_seq  BIGINT,
            PRIMARY KEY (match_id, seq)
        )
        """,
        "CREATE INDEX chat_lines_released ON chat_lines (match_id, released_seq)"
        " WHERE released_seq IS NOT NULL",
        "CREATE INDEX chat_lines_held ON chat_lines (match_id)"
        " WHERE held_round IS NOT NULL AND released_seq IS NULL",
        "CREATE INDEX chat_lines_author ON chat_lines (author_key, sent_at)",
        "CREATE INDEX chat_lines_room ON chat_lines (match_id, room, sent_at)",
        "CREATE INDEX chat_lines_sent ON chat_lines (sent_at)",
        "CREATE UNIQUE INDEX chat_lines_request ON chat_lines (match_id, author_key, request_id)"
        " WHERE request_id <> ''",
        """
        CREATE TABLE chat_mutes (
            muter      TEXT NOT NULL,
            target     TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (muter, target)
        )
        """,
        """
        CREATE TABLE chat_reports (
            report_id   BIGSERIAL PRIMARY KEY,
            match_id    TEXT NOT NULL,
            seq         BIGINT NOT NULL,
            reporter    TEXT NOT NULL,
            reason      TEXT NOT NULL,
            comment     TEXT NOT NULL,
            created_at  DOUBLE PRECISION NOT NULL,
            line        TEXT NOT NULL,
            resolved_at DOUBLE PRECISION,
            resolution  TEXT NOT NULL DEFAULT '',
            UNIQUE (match_id, seq, reporter)
        )
        """,
        "CREATE INDEX chat_reports_open ON chat_reports (report_id) WHERE resolved_at IS NULL",
        """
        CREATE TABLE chat_silences (
            player_id  TEXT PRIMARY KEY,
            until      DOUBLE PRECISION NOT NULL,
            reason     TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE chat_presence (
            match_id    TEXT NOT NULL,
            viewer      TEXT NOT NULL,
            until       DOUBLE PRECISION NOT NULL,
            notified_at DOUBLE PRECISION,
            PRIMARY KEY (match_id, viewer)
        )
        """,
    ],
    [
        "ALTER TABLE chat_lines ADD COLUMN public_id BIGINT",
        "UPDATE chat_lines SET public_id = 1 + floor(random() * 9007199254740990)::bigint",
        "CREATE UNIQUE INDEX chat_lines_public ON chat_lines (match_id, public_id)",
        """
        CREATE TABLE chat_audiences (
            match_id TEXT NOT NULL,
            room     TEXT NOT NULL,
            fork     TEXT NOT NULL,
            last_pos BIGINT NOT NULL,
            PRIMARY KEY (match_id, room, fork)
        )
        """,
        """
        CREATE TABLE chat_views (
            match_id TEXT NOT NULL,
            room     TEXT NOT NULL,
            fork     TEXT NOT NULL,
            pos      BIGINT NOT NULL,
            seq      BIGINT NOT NULL,
            kind     TEXT NOT NULL,
            PRIMARY KEY (match_id, room, fork, pos)
        )
        """,
        "CREATE INDEX chat_views_line ON chat_views (match_id, seq)",
        """
        INSERT INTO chat_views (match_id, room, fork, pos, seq, kind)
            SELECT match_id, room, '', ROW_NUMBER() OVER
                (PARTITION BY match_id, room ORDER BY COALESCE(released_seq, seq), seq),
                seq, CASE WHEN released_seq IS NULL THEN 'new' ELSE 'delayed' END
            FROM chat_lines
            WHERE NOT shadow AND (held_round IS NULL OR released_seq IS NOT NULL)
        """,
        """
        INSERT INTO chat_audiences (match_id, room, fork, last_pos)
            SELECT match_id, room, '', MAX(pos) FROM chat_views GROUP BY match_id, room
        """,
    ],
]
