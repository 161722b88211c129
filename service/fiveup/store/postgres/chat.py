"""The chat store on PostgreSQL (``fiveup.chat.ports``; the queries:
``fiveup.store.chat_sql``): its own small pool.  Writing a message or a release locks
the match's ``chat_rooms`` row first, so the writers of one match queue in commit order
and each one's flood rules see every message committed before it; every such commit
sends ``NOTIFY fiveup_chat, <wake-up key>`` (``fiveup.chat.visible``) for the other
replicas' streams that have something new to read -- or, on a server with a bus
(``bus=``), publishes those keys there once it has committed, and sends no NOTIFY."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from psycopg import errors as pg_errors

from ...bus.ports import CHAT, WakeBus
from ...chat.away import is_due
from ...chat.flood import Recent
from ...chat.ports import ChatLine, NewLine, Posted, Released, Report, Seen, StoredReport, Tell
from ...chat.table_talk import Room
from ...chat.visible import (
    Placement,
    Step,
    author_fork,
    place,
    reach_at_post,
    reach_at_release,
    wake_keys,
)
from .. import chat_sql as q
from .common import Conn, PooledStore, VersionedSchema, fetch_all
from .listener import Listener
from .outbox import write_notices

CHANNEL = "fiveup_chat"
MIGRATION_LOCK = 0x66697665_75706374  # "fiveupct"
SCHEMA = VersionedSchema(
    "chat_schema_version", q.PG_MIGRATIONS, MIGRATION_LOCK, "chat", "chat schema"
)
P = q.pg


class PostgresChatStore(PooledStore):
    what = "chat store"
    pool_name = "fiveup-chat"
    schema = SCHEMA
    default_max_size = 4

    def __init__(
        self, url: str, min_size: int = 1, max_size: int | None = None,
        *, bus: WakeBus | None = None,
    ) -> None:  # fmt: skip
        """``bus``: wake other replicas' streams through it after each commit, instead
        of a NOTIFY in the transaction."""
        super().__init__(url, min_size, max_size)
        self._bus = bus
        self._listener: Listener | None = None

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        await super().close()

    async def listen(self, callback: Callable[[str], None]) -> None:
        if self._bus is not None:
            await self._bus.subscribe(CHAT, callback)
            return
        if self._listener is None:
            self._listener = Listener(self.url, CHANNEL)
        await self._listener.add(callback)

    async def _notify(self, conn: Conn, keys: Sequence[str]) -> None:
        """Wake the streams, on every replica, that have something new to read: a payload
        is a wake-up key of ``fiveup.chat.visible`` (never the whole match: a message
        held from a reader must not wake that reader's stream).  With a bus, nothing
        here: ``_announce`` publishes the keys once the transaction has committed."""
        if self._bus is None:
            for key in dict.fromkeys(keys):
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, key))

    def _announce(self, keys: Sequence[str]) -> None:
        if self._bus is not None:
            for key in dict.fromkeys(keys):
                self._bus.publish(CHAT, key)

    async def post(
        self,
        line: NewLine,
        check: Callable[[Recent], None],
        window: float,
        tell: Tell | None = None,
    ) -> Posted:
        author = line.author.key
        if line.request_id:
            found = await self._by_request(line)
            if found is not None:
                return await self._retried(found, line)
        try:
            async with self.pool.connection() as conn, conn.transaction():
                seq = await _next_seq(conn, line.match_id)
                since = line.sent_at - window
                here = await _all(conn, q.AUTHOR_HERE, (line.match_id, author, since))
                everywhere = await _all(conn, q.AUTHOR_EVERYWHERE, (author, line.sent_at - 60))
                room = await _all(
                    conn, q.ROOM_RECENT, (line.match_id, line.room.value, since, False)
                )
                check(q.recent_of(here, everywhere, room))
                stored = ChatLine(seq, line, None, q.new_public_id())
                await conn.execute(P(q.INSERT_LINE), q.line_params(seq, line, stored.public_id))
                reach = reach_at_post(line)
                placed = await _place(conn, line.match_id, line.room, [Step(seq, reach)])
                keys = wake_keys(line.match_id, line.room, reach)
                await self._notify(conn, keys)
                told = await _tell(conn, [stored], tell, line.sent_at, at_release=False)
            self._announce(keys)
        except pg_errors.UniqueViolation:
            found = await self._by_request(line)  # the same request, committed just now
            if found is None:
                raise
            return await self._retried(found, line)
        pos = placed.position(author_fork(line), seq)
        return Posted(stored, created=True, told=told, position=pos)

    async def _retried(self, found: ChatLine, line: NewLine) -> Posted:
        retry = q.retried(found, line)
        async with self.pool.connection() as conn:
            pos = await _seen_in(conn, line.match_id, line.room, author_fork(line), found.seq)
        return replace(retry, position=pos)

    async def view_after(self, match_id: str, room: Room, fork: str, after: int) -> list[Seen]:
        params = (match_id, room.value, match_id, room.value, fork, after)
        return [q.seen_of(r) for r in await fetch_all(self.pool, P(q.VIEW_AFTER), params)]

    async def seen_in(self, match_id: str, room: Room, fork: str, seq: int) -> bool:
        async with self.pool.connection() as conn:
            return bool(await _seen_in(conn, match_id, room, fork, seq))

    async def line_by_id(self, match_id: str, public_id: int) -> ChatLine | None:
        rows = await fetch_all(self.pool, P(q.LINE_BY_ID), (match_id, public_id))
        return q.line_of(rows[0]) if rows else None

    async def _by_request(self, line: NewLine) -> ChatLine | None:
        rows = await fetch_all(
            self.pool, P(q.BY_REQUEST), (line.match_id, line.author.key, line.request_id)
        )
        return q.line_of(rows[0]) if rows else None

    async def lines_after(self, match_id: str, after: int) -> list[ChatLine]:
        rows = await fetch_all(self.pool, P(q.LINES_AFTER), (match_id, after, after))
        return [q.line_of(r) for r in rows]

    async def line(self, match_id: str, seq: int) -> ChatLine | None:
        rows = await fetch_all(self.pool, P(q.LINE), (match_id, seq))
        return q.line_of(rows[0]) if rows else None

    async def latest_seq(self, match_id: str) -> int:
        rows = await fetch_all(self.pool, P(q.LATEST_SEQ), (match_id,))
        return int(rows[0][0]) if rows else 0

    async def release(
        self, match_id: str, up_to_round: int, now: float, tell: Tell | None = None
    ) -> Released:
        if not await self.has_held(match_id, up_to_round):
            return Released(0, ())  # the common case, without a lock
        try:
            async with self.pool.connection() as conn, conn.transaction():
                seq = await _next_seq(conn, match_id)  # locks the room: one release at a time
                held = [q.line_of(r) for r in await _all(conn, q.HELD, (match_id, up_to_round))]
                if not held:  # another replica released them while we waited for the lock
                    raise _NothingHeld  # rolls back: the number is not taken
                await conn.execute(P(q.RELEASE), (seq, match_id, up_to_round))
                lines = tuple(ChatLine(h.seq, h.line, seq, h.public_id) for h in held)
                keys: list[str] = []
                for room in Room:
                    steps = []
                    for h in (h for h in lines if h.line.room is room):
                        early = await _all(conn, q.EARLY_IN, (match_id, h.seq))
                        reach = reach_at_release(h.line)
                        steps.append(
                            Step(
                                h.seq,
                                reach,
                                released=True,
                                early_in=frozenset(str(r[0]) for r in early),
                            )
                        )
                        keys.extend(wake_keys(match_id, room, reach))  # fmt: skip
                    if steps:
                        await _place(conn, match_id, room, steps)
                await self._notify(conn, keys)
                told = await _tell(conn, lines, tell, now, at_release=True)
            self._announce(keys)
        except _NothingHeld:
            return Released(0, ())
        return Released(seq, lines, told)

    async def has_held(self, match_id: str, up_to_round: int) -> bool:
        return bool(await fetch_all(self.pool, P(q.HAS_HELD), (match_id, up_to_round)))

    async def pending_releases(self, limit: int) -> list[str]:
        return [str(r[0]) for r in await fetch_all(self.pool, P(q.PENDING), (limit,))]

    async def set_mute(self, muter: str, target: str, muted: bool, now: float) -> None:
        async with self.pool.connection() as conn:
            if muted:
                await conn.execute(P(q.MUTE), (muter, target, now))
            else:
                await conn.execute(P(q.UNMUTE), (muter, target))

    async def muted_by(self, muter: str) -> frozenset[str]:
        return frozenset(str(r[0]) for r in await fetch_all(self.pool, P(q.MUTED_BY), (muter,)))

    async def add_report(self, report: Report) -> bool:
        async with self.pool.connection() as conn, conn.transaction():
            rows = await _all(conn, q.LINE, (report.match_id, report.seq))
            if not rows:
                return False
            cur = await conn.execute(P(q.ADD_REPORT), q.report_params(report, q.line_of(rows[0])))
            return cur.rowcount > 0

    async def reports(self, *, open_only: bool, limit: int) -> list[StoredReport]:
        rows = await fetch_all(self.pool, P(q.REPORTS), (int(open_only), limit))
        return [q.stored_report(r) for r in rows]

    async def reports_involving(
        self, key: str, limit: int
    ) -> tuple[list[StoredReport], list[StoredReport]]:
        filed = await fetch_all(self.pool, P(q.REPORTS_FILED), (key, limit))
        against = await fetch_all(self.pool, P(q.REPORTS_AGAINST_POSTGRES), (key, limit))
        return [q.stored_report(r) for r in filed], [q.stored_report(r) for r in against]

    async def resolve_report(self, report_id: int, resolution: str, now: float) -> bool:
        async with self.pool.connection() as conn:
            cur = await conn.execute(P(q.RESOLVE_REPORT), (now, resolution, report_id))
            return cur.rowcount > 0

    async def silence(self, player_id: str, until: float, reason: str, now: float) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(P(q.SILENCE), (player_id, until, reason, now))

    async def silenced_until(self, player_id: str) -> float | None:
        rows = await fetch_all(self.pool, P(q.SILENCED_UNTIL), (player_id,))
        return float(rows[0][0]) if rows else None

    async def touch_presence(self, match_id: str, key: str, until: float) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(P(q.TOUCH), (match_id, key, until))

    async def present(self, match_id: str, now: float) -> frozenset[str]:
        rows = await fetch_all(self.pool, P(q.PRESENT), (match_id, now))
        return frozenset(str(r[0]) for r in rows)

    async def delete_before(self, before: float, limit: int) -> int:
        async with self.pool.connection() as conn, conn.transaction():
            old = await _all(conn, q.OLD_LINES, (before, limit))
            async with conn.cursor() as cur:
                await cur.executemany(P(q.DELETE_LINE), old)
                await cur.executemany(P(q.DELETE_VIEWS_OF_LINE), old)
            await conn.execute(P(q.EMPTY_ROOMS))
            await conn.execute(P(q.EMPTY_AUDIENCES))
            await conn.execute(P(q.OLD_PRESENCE), (before, before))
            return len(old)

    async def delete_reports_before(self, before: float, limit: int) -> int:
        async with self.pool.connection() as conn:
            cur = await conn.execute(P(q.OLD_REPORTS), (before, limit))
            return cur.rowcount


class _NothingHeld(Exception):
    pass


async def _all(conn: Conn, query: str, params: tuple[object, ...]) -> list[tuple[object, ...]]:
    cur = await conn.execute(P(query), params)
    return await cur.fetchall()


async def _next_seq(conn: Conn, match_id: str) -> int:
    cur = await conn.execute(P(q.NEXT_SEQ), (match_id,))
    row = await cur.fetchone()
    assert row is not None
    return int(row[0])


async def _place(conn: Conn, match_id: str, room: Room, steps: Sequence[Step]) -> Placement:
    """Put ``steps`` in the room's views (``fiveup.chat.visible``); the caller's
    transaction holds the room's row lock."""
    rows = await _all(conn, q.AUDIENCES, (match_id, room.value))
    placed = place({str(f): int(last) for f, last in rows}, steps)  # type: ignore[call-overload]
    for query, params in q.placement_params(match_id, room, placed):
        await conn.execute(P(query), params)
    return placed


async def _seen_in(conn: Conn, match_id: str, room: Room, fork: str, seq: int) -> int:
    """The first position of line ``seq`` in the view ``fork`` reads (0: not there)."""
    rows = await _all(conn, q.SEEN_IN, (match_id, room.value, match_id, room.value, fork, seq))
    return 0 if not rows or rows[0][0] is None else int(rows[0][0])  # type: ignore[call-overload]


async def _tell(
    conn: Conn, lines: Sequence[ChatLine], tell: Tell | None, now: float, *, at_release: bool
) -> tuple[str, ...]:
    """Write the notices of ``lines`` for their away recipients inside the caller's
    transaction, last (the outbox's counter locks come after every other lock)."""
    if tell is None:
        return ()
    notices, told = [], []
    for line in lines:
        for recipient in tell.recipients(line, at_release=at_release):
            if recipient.player_id in told:
                continue
            rows = await _all(conn, q.PRESENCE_OF, (line.line.match_id, recipient.key))
            until, notified = (None, None) if not rows else rows[0]
            if is_due(until, notified, now):  # type: ignore[arg-type]
                notices.append(tell.notice(line, recipient.player_id))
                await conn.execute(P(q.NOTIFIED), (line.line.match_id, recipient.key, now))
                told.append(recipient.player_id)
    return tuple(await write_notices(conn, notices))
