"""The chat store on SQLite (``fiveup.chat.ports``; the queries: ``fiveup.store.chat_sql``):
one worker thread's connection; every write one ``BEGIN IMMEDIATE`` transaction, which
holds the file's write lock, so the flood rules of a message see every message written
before it, whichever process wrote it."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace

from ...chat.away import is_due
from ...chat.flood import Recent
from ...chat.ports import (
    ChatLine,
    NewLine,
    Posted,
    Released,
    Report,
    Seen,
    StoredReport,
    Tell,
)
from ...chat.table_talk import Room
from ...chat.visible import Placement, Step, author_fork, place, reach_at_post, reach_at_release
from .. import chat_sql as q
from .events import _transaction
from .outbox import write_notices
from .worker import WorkerStore


class SqliteChatStore(WorkerStore):
    what = "chat store"
    thread_name = "sqlite-chat"
    version_table = "chat_schema_version"
    migrations = q.SQLITE_MIGRATIONS

    async def post(
        self,
        line: NewLine,
        check: Callable[[Recent], None],
        window: float,
        tell: Tell | None = None,
    ) -> Posted:
        def post(conn: sqlite3.Connection) -> Posted:
            with _transaction(conn):
                author = line.author.key
                if line.request_id:
                    row = conn.execute(q.BY_REQUEST, (line.match_id, author, line.request_id))
                    found = row.fetchone()
                    if found is not None:
                        retry = q.retried(q.line_of(found), line)
                        pos = _seen_in(conn, line.match_id, line.room, author_fork(line),
                                       retry.line.seq)  # fmt: skip
                        return replace(retry, position=pos)
                since = line.sent_at - window
                check(
                    q.recent_of(
                        conn.execute(q.AUTHOR_HERE, (line.match_id, author, since)).fetchall(),
                        conn.execute(q.AUTHOR_EVERYWHERE, (author, line.sent_at - 60)).fetchall(),
                        conn.execute(
                            q.ROOM_RECENT, (line.match_id, line.room.value, since, False)
                        ).fetchall(),
                    )
                )
                seq = int(conn.execute(q.NEXT_SEQ, (line.match_id,)).fetchone()[0])
                stored = ChatLine(seq, line, None, q.new_public_id())
                conn.execute(q.INSERT_LINE, q.line_params(seq, line, stored.public_id))
                placed = _place(conn, line.match_id, line.room, [Step(seq, reach_at_post(line))])
                told = _tell(conn, [stored], tell, line.sent_at, at_release=False)
                pos = placed.position(author_fork(line), seq)
                return Posted(stored, created=True, told=told, position=pos)

        return await self._run(post)

    async def lines_after(self, match_id: str, after: int) -> list[ChatLine]:
        def lines(conn: sqlite3.Connection) -> list[ChatLine]:
            rows = conn.execute(q.LINES_AFTER, (match_id, after, after)).fetchall()
            return [q.line_of(r) for r in rows]

        return await self._run(lines)

    async def view_after(self, match_id: str, room: Room, fork: str, after: int) -> list[Seen]:
        def view(conn: sqlite3.Connection) -> list[Seen]:
            params = (match_id, room.value, match_id, room.value, fork, after)
            return [q.seen_of(r) for r in conn.execute(q.VIEW_AFTER, params).fetchall()]

        return await self._run(view)

    async def seen_in(self, match_id: str, room: Room, fork: str, seq: int) -> bool:
        return bool(await self._run(lambda conn: _seen_in(conn, match_id, room, fork, seq)))

    async def line_by_id(self, match_id: str, public_id: int) -> ChatLine | None:
        def one(conn: sqlite3.Connection) -> ChatLine | None:
            row = conn.execute(q.LINE_BY_ID, (match_id, public_id)).fetchone()
            return None if row is None else q.line_of(row)

        return await self._run(one)

    async def line(self, match_id: str, seq: int) -> ChatLine | None:
        def one(conn: sqlite3.Connection) -> ChatLine | None:
            row = conn.execute(q.LINE, (match_id, seq)).fetchone()
            return None if row is None else q.line_of(row)

        return await self._run(one)

    async def latest_seq(self, match_id: str) -> int:
        def latest(conn: sqlite3.Connection) -> int:
            row = conn.execute(q.LATEST_SEQ, (match_id,)).fetchone()
            return 0 if row is None else int(row[0])

        return await self._run(latest)

    async def release(
        self, match_id: str, up_to_round: int, now: float, tell: Tell | None = None
    ) -> Released:
        def release(conn: sqlite3.Connection) -> Released:
            with _transaction(conn):
                held = [
                    q.line_of(r) for r in conn.execute(q.HELD, (match_id, up_to_round)).fetchall()
                ]
                if not held:
                    return Released(0, ())
                seq = int(conn.execute(q.NEXT_SEQ, (match_id,)).fetchone()[0])
                conn.execute(q.RELEASE, (seq, match_id, up_to_round))
                lines = tuple(ChatLine(h.seq, h.line, seq, h.public_id) for h in held)
                for room in Room:
                    steps = [
                        Step(h.seq, reach_at_release(h.line), released=True,
                             early_in=frozenset(str(r[0]) for r in conn.execute(
                                 q.EARLY_IN, (match_id, h.seq)).fetchall()))
                        for h in lines if h.line.room is room
                    ]  # fmt: skip
                    if steps:
                        _place(conn, match_id, room, steps)
                return Released(seq, lines, _tell(conn, lines, tell, now, at_release=True))

        return await self._run(release)

    async def has_held(self, match_id: str, up_to_round: int) -> bool:
        def held(conn: sqlite3.Connection) -> bool:
            return conn.execute(q.HAS_HELD, (match_id, up_to_round)).fetchone() is not None

        return await self._run(held)

    async def pending_releases(self, limit: int) -> list[str]:
        def pending(conn: sqlite3.Connection) -> list[str]:
            return [str(r[0]) for r in conn.execute(q.PENDING, (limit,)).fetchall()]

        return await self._run(pending)

    async def set_mute(self, muter: str, target: str, muted: bool, now: float) -> None:
        def mute(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                if muted:
                    conn.execute(q.MUTE, (muter, target, now))
                else:
                    conn.execute(q.UNMUTE, (muter, target))

        await self._run(mute)

    async def muted_by(self, muter: str) -> frozenset[str]:
        def muted(conn: sqlite3.Connection) -> frozenset[str]:
            return frozenset(str(r[0]) for r in conn.execute(q.MUTED_BY, (muter,)).fetchall())

        return await self._run(muted)

    async def add_report(self, report: Report) -> bool:
        def add(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                row = conn.execute(q.LINE, (report.match_id, report.seq)).fetchone()
                if row is None:
                    return False
                cur = conn.execute(q.ADD_REPORT, q.report_params(report, q.line_of(row)))
                return cur.rowcount > 0

        return await self._run(add)

    async def reports(self, *, open_only: bool, limit: int) -> list[StoredReport]:
        def reports(conn: sqlite3.Connection) -> list[StoredReport]:
            rows = conn.execute(q.REPORTS, (int(open_only), limit)).fetchall()
            return [q.stored_report(r) for r in rows]

        return await self._run(reports)

    async def reports_involving(
        self, key: str, limit: int
    ) -> tuple[list[StoredReport], list[StoredReport]]:
        def involving(conn: sqlite3.Connection) -> tuple[list[StoredReport], list[StoredReport]]:
            filed = conn.execute(q.REPORTS_FILED, (key, limit)).fetchall()
            against = conn.execute(q.REPORTS_AGAINST_SQLITE, (key, limit)).fetchall()
            return [q.stored_report(r) for r in filed], [q.stored_report(r) for r in against]

        return await self._run(involving)

    async def resolve_report(self, report_id: int, resolution: str, now: float) -> bool:
        def resolve(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                return conn.execute(q.RESOLVE_REPORT, (now, resolution, report_id)).rowcount > 0

        return await self._run(resolve)

    async def silence(self, player_id: str, until: float, reason: str, now: float) -> None:
        def silence(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(q.SILENCE, (player_id, until, reason, now))

        await self._run(silence)

    async def silenced_until(self, player_id: str) -> float | None:
        def until(conn: sqlite3.Connection) -> float | None:
            row = conn.execute(q.SILENCED_UNTIL, (player_id,)).fetchone()
            return None if row is None else float(row[0])

        return await self._run(until)

    async def touch_presence(self, match_id: str, key: str, until: float) -> None:
        def touch(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(q.TOUCH, (match_id, key, until))

        await self._run(touch)

    async def present(self, match_id: str, now: float) -> frozenset[str]:
        def present(conn: sqlite3.Connection) -> frozenset[str]:
            rows = conn.execute(q.PRESENT, (match_id, now)).fetchall()
            return frozenset(str(r[0]) for r in rows)

        return await self._run(present)

    async def delete_before(self, before: float, limit: int) -> int:
        def delete(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                old = conn.execute(q.OLD_LINES, (before, limit)).fetchall()
                conn.executemany(q.DELETE_LINE, old)
                conn.executemany(q.DELETE_VIEWS_OF_LINE, old)
                conn.execute(q.EMPTY_ROOMS)
                conn.execute(q.EMPTY_AUDIENCES)
                conn.execute(q.OLD_PRESENCE, (before, before))
                return len(old)

        return await self._run(delete)

    async def delete_reports_before(self, before: float, limit: int) -> int:
        def delete(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return conn.execute(q.OLD_REPORTS, (before, limit)).rowcount

        return await self._run(delete)


def _place(conn: sqlite3.Connection, match_id: str, room: Room, steps: Sequence[Step]) -> Placement:
    """Put ``steps`` in the room's views (``fiveup.chat.visible``), under the write lock
    the caller's transaction holds."""
    rows = conn.execute(q.AUDIENCES, (match_id, room.value)).fetchall()
    placed = place({str(f): int(last) for f, last in rows}, steps)
    for query, params in q.placement_params(match_id, room, placed):
        conn.execute(query, params)
    return placed


def _seen_in(conn: sqlite3.Connection, match_id: str, room: Room, fork: str, seq: int) -> int:
    """The first position of line ``seq`` in the view ``fork`` reads (0: not there)."""
    row = conn.execute(q.SEEN_IN, (match_id, room.value, match_id, room.value, fork, seq))
    found = row.fetchone()
    return 0 if found is None or found[0] is None else int(found[0])


def _tell(
    conn: sqlite3.Connection,
    lines: Sequence[ChatLine],
    tell: Tell | None,
    now: float,
    *,
    at_release: bool,
) -> tuple[str, ...]:
    """Write the notices of ``lines`` for their away recipients (``fiveup.chat.away``)
    inside the caller's transaction; answer the players told."""
    if tell is None:
        return ()
    notices, told = [], []
    for line in lines:
        for recipient in tell.recipients(line, at_release=at_release):
            if recipient.player_id in told:
                continue
            row = conn.execute(q.PRESENCE_OF, (line.line.match_id, recipient.key)).fetchone()
            until, notified = (None, None) if row is None else row
            if is_due(until, notified, now):
                notices.append(tell.notice(line, recipient.player_id))
                conn.execute(q.NOTIFIED, (line.line.match_id, recipient.key, now))
                told.append(recipient.player_id)
    return tuple(write_notices(conn, notices))
