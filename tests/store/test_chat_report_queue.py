"""The chat store's reads for the operators' report queue, on SQLite and PostgreSQL: the
queue's order (open oldest first, then resolved latest first), one report by id, how
many reports target an author, and a room's stored lines around a message -- held and
shadowed ones included, in the order written -- and the migration that gives the
reports kept before it their author."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator

import psycopg
import pytest

from fiveup.chat.ports import Author, ChatStore, NewLine, Report, seat_key
from fiveup.chat.table_talk import ContentKind, Room
from fiveup.store import chat_sql as q
from fiveup.store import open_chat_store
from fiveup.store.postgres.chat import MIGRATION_LOCK, PostgresChatStore
from fiveup.store.postgres.common import VersionedSchema
from fiveup.store.sqlite.chat import SqliteChatStore

ASHA = Author("p:asha", 0, "Asha", "asha")
BILAL = Author("p:bilal", 1, "Bilal", "bilal")
WATCHER = Author("p:wren", None, "Wren", "wren")
ANON = Author(seat_key("m1", 2), 2, "", "")


def say(author: Author, body: str, at: float, room: Room = Room.PLAYERS, **kw: object) -> NewLine:
    return NewLine("m1", room, author, ContentKind.TEXT, body, at, **kw)  # type: ignore[arg-type]


def passes(_recent: object) -> None:
    pass


@pytest.fixture
async def chat(store: object, store_url: str) -> AsyncIterator[ChatStore]:
    """A chat store beside the database's event store."""
    chat = open_chat_store(store_url)
    await chat.open()
    try:
        yield chat
    finally:
        await chat.close()


async def _reported(chat: ChatStore, author: Author, body: str, reporter: str, at: float) -> int:
    line = (await chat.post(say(author, body, at), passes, 60)).line
    assert await chat.add_report(Report("m1", line.seq, reporter, "abuse", "", at + 1))
    [found] = [r for r in await chat.reports(open_only=False, limit=100) if r.line.seq == line.seq]
    return found.report_id


async def test_the_queue_is_open_oldest_first_then_resolved_latest_first(chat: ChatStore) -> None:
    ids = [await _reported(chat, BILAL, f"rude {n}", "p:asha", 10.0 * n) for n in range(5)]
    assert await chat.resolve_report(ids[1], "warned", 500.0)
    assert await chat.resolve_report(ids[3], "silenced", 600.0)
    queue = await chat.report_queue(open_only=False, limit=10)
    assert [r.report_id for r in queue] == [ids[0], ids[2], ids[4], ids[3], ids[1]]
    assert [r.report_id for r in await chat.report_queue(open_only=True, limit=10)] == [
        ids[0], ids[2], ids[4],
    ]  # fmt: skip
    assert [r.report_id for r in await chat.report_queue(open_only=False, limit=4)] == [
        ids[0], ids[2], ids[4], ids[3],
    ]  # fmt: skip
    assert [r.report_id for r in await chat.report_queue(open_only=False, limit=2)] == ids[0:3:2]


async def test_one_report_and_the_reports_against_its_author(chat: ChatStore) -> None:
    first = await _reported(chat, BILAL, "rude", "p:asha", 10.0)
    await _reported(chat, BILAL, "ruder", "p:asha", 20.0)
    await _reported(chat, ANON, "anonymous rudeness", "p:asha", 30.0)
    report = await chat.report(first)
    assert report is not None and report.line.line.body == "rude"
    assert report.line.line.author == BILAL and report.resolved_at is None
    assert await chat.report(first + 100) is None
    assert await chat.count_reports_against(BILAL.key, besides=first) == 1
    assert await chat.count_reports_against(BILAL.key) == 2
    assert await chat.count_reports_against(ANON.key) == 1
    assert await chat.count_reports_against(ASHA.key) == 0
    # a second reporter of the same message is another report against the author
    assert await chat.add_report(Report("m1", report.line.seq, "p:wren", "spam", "", 40.0))
    assert await chat.count_reports_against(BILAL.key, besides=first) == 2


async def test_a_rooms_lines_around_a_message_as_the_room_held_them(chat: ChatStore) -> None:
    said = []
    for n in range(14):
        author = ASHA if n % 2 else BILAL
        kw: dict[str, object] = {}
        if n == 5:
            kw = {"held_round": 2}  # table talk held until its round ends
        if n == 8:
            kw = {"shadow": True}  # a silenced author's line: only they read it
        said.append((await chat.post(say(author, f"line {n}", float(n), **kw), passes, 60)).line)
        if n == 3:  # the other room's lines are not this room's context
            await chat.post(say(WATCHER, "spectating", 3.5, room=Room.SPECTATORS), passes, 60)
    reported = said[7]
    before, after = await chat.room_lines("m1", Room.PLAYERS, reported.seq, before=4, after=10)
    assert [line.line.body for line in before] == ["line 3", "line 4", "line 5", "line 6"]
    assert [line.line.body for line in after] == [f"line {n}" for n in range(8, 14)]
    held = next(line for line in before if line.line.body == "line 5")
    shadowed = next(line for line in after if line.line.body == "line 8")
    assert held.line.held_round == 2 and held.released_seq is None
    assert shadowed.line.shadow
    first, _ = await chat.room_lines("m1", Room.PLAYERS, said[0].seq, before=10, after=0)
    assert first == []
    spectators, _ = await chat.room_lines("m1", Room.SPECTATORS, 99, before=10, after=10)
    assert [line.line.body for line in spectators] == ["spectating"]


class _SqliteChatBefore(SqliteChatStore):
    """The chat store as the release before the report queue migrated it."""

    migrations = q.SQLITE_MIGRATIONS[:2]


class _PostgresChatBefore(PostgresChatStore):
    schema = VersionedSchema(
        "chat_schema_version", q.PG_MIGRATIONS[:2], MIGRATION_LOCK, "chat", "chat schema"
    )


async def test_reports_kept_before_the_migration_get_their_author(
    store: object, store_url: str, backend: str
) -> None:
    old: ChatStore = (
        _SqliteChatBefore(store_url) if backend == "sqlite" else _PostgresChatBefore(store_url)
    )
    await old.open()
    try:
        line = (await old.post(say(BILAL, "rude", 10.0), passes, 60)).line
    finally:
        await old.close()
    insert = (
        "INSERT INTO chat_reports (match_id, seq, reporter, reason, comment, created_at, line)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    params = ("m1", line.seq, "p:asha", "abuse", "", 11.0, q.line_json(line))
    if backend == "sqlite":
        with sqlite3.connect(store_url) as conn:
            conn.execute(insert, params)
    else:
        with psycopg.connect(store_url, autocommit=True) as pg:
            pg.execute(q.pg(insert), params)
    assert json.loads(q.line_json(line))[3] == BILAL.key
    chat = open_chat_store(store_url)
    await chat.open()
    try:
        assert await chat.count_reports_against(BILAL.key) == 1
        [kept] = await chat.report_queue(open_only=True, limit=5)
        assert kept.line == line
    finally:
        await chat.close()
