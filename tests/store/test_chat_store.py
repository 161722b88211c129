"""The chat store's contract, on SQLite and PostgreSQL: numbers in commit order across
replicas, flood checks inside the write, retries, releases that happen once, mutes,
reports with their copy, silences, presence and retention."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from fiveup.chat.away import Telling
from fiveup.chat.flood import Recent
from fiveup.chat.ports import Author, ChatStore, DuplicateRequest, NewLine, Report
from fiveup.chat.table_talk import ContentKind, Room
from fiveup.notifications import Notice, NoticeKind
from fiveup.store import open_chat_store, open_notification_store

ASHA = Author("p:asha", 0, "Asha", "asha")
BILAL = Author("p:bilal", 1, "Bilal", "bilal")


class Refused(Exception):
    pass


def say(author: Author, body: str, at: float = 100.0, **kw: object) -> NewLine:
    return NewLine("m1", kw.pop("room", Room.PLAYERS), author, ContentKind.TEXT, body, at, **kw)  # type: ignore[arg-type]


def passes(recent: Recent) -> None:
    pass


@pytest.fixture
async def stores(store: object, store_url: str) -> AsyncIterator[tuple[ChatStore, ChatStore]]:
    """Two chat stores on one database (two replicas), beside its event store."""
    a, b = open_chat_store(store_url), open_chat_store(store_url)
    await a.open()
    await b.open()
    try:
        yield a, b
    finally:
        await b.close()
        await a.close()


async def test_numbers_in_order_and_what_a_reader_is_given(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    first = await a.post(say(ASHA, "hi"), passes, 60)
    second = await b.post(say(BILAL, "hello", held_round=2, early_seats=frozenset({0})), passes, 60)
    assert (first.line.seq, second.line.seq) == (1, 2) and first.created
    stored = await b.lines_after("m1", 0)
    assert [(s.seq, s.line.body, s.line.held_round, s.line.early_seats) for s in stored] == [
        (1, "hi", None, frozenset()),
        (2, "hello", 2, frozenset({0})),
    ]
    assert stored[1].line.author == BILAL and await a.latest_seq("m1") == 2
    assert [s.seq for s in await a.lines_after("m1", 1)] == [2]
    assert await a.line("m1", 2) == stored[1] and await a.line("m1", 9) is None
    assert await a.latest_seq("other") == 0 and await a.lines_after("other", 0) == []


async def test_a_refused_check_writes_nothing_and_takes_no_number(stores) -> None:  # type: ignore[no-untyped-def]
    a, _ = stores
    seen: list[Recent] = []

    def refuse(recent: Recent) -> None:
        seen.append(recent)
        raise Refused

    await a.post(say(ASHA, "one", at=95.0), passes, 60)
    await a.post(say(BILAL, "two", at=96.0), passes, 60)
    with pytest.raises(Refused):
        await a.post(say(ASHA, "three", at=100.0), refuse, 60)
    recent = seen[0]
    assert [(s.sent_at, s.fingerprint) for s in recent.author_here] == [(95.0, "text:one")]
    assert list(recent.author_everywhere) == [95.0] and list(recent.room) == [96.0, 95.0]
    assert (await a.post(say(ASHA, "four"), passes, 60)).line.seq == 3


async def test_flood_checks_count_what_other_replicas_wrote(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    for n in range(3):
        await (a if n % 2 else b).post(say(ASHA, f"m{n}", at=90.0 + n), passes, 60)
    counted: list[int] = []
    await a.post(say(ASHA, "next", at=95.0), lambda r: counted.append(len(r.author_here)), 60)
    assert counted == [3]


async def test_concurrent_writers_get_distinct_numbers(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    posts = [
        (a if n % 2 else b).post(say(ASHA, f"n{n}", at=float(n)), passes, 60) for n in range(20)
    ]
    done = await asyncio.gather(*posts)
    assert sorted(p.line.seq for p in done) == list(range(1, 21))


async def test_a_retried_request_is_written_once(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    first = await a.post(say(ASHA, "gg", request_id="r1"), passes, 60)
    again = await b.post(say(ASHA, "gg", at=101.0, request_id="r1"), passes, 60)
    assert not again.created and again.line == first.line
    with pytest.raises(DuplicateRequest):
        await a.post(say(ASHA, "other", request_id="r1"), passes, 60)
    other_author = await a.post(say(BILAL, "gg", request_id="r1"), passes, 60)  # ids per author
    assert other_author.created and len(await a.lines_after("m1", 0)) == 2


async def test_a_release_happens_once(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    await a.post(say(ASHA, "held 1", held_round=1), passes, 60)
    await a.post(say(BILAL, "held 2", held_round=2), passes, 60)
    await a.post(say(BILAL, "live"), passes, 60)
    assert await b.pending_releases(10) == ["m1"]
    assert (await a.release("m1", 0, 0.0)).seq == 0
    races = await asyncio.gather(a.release("m1", 1, 0.0), b.release("m1", 1, 0.0))
    winners = [r for r in races if r.seq]
    assert len(winners) == 1 and winners[0].seq == 4
    assert [r.line.body for r in winners[0].lines] == ["held 1"]
    assert [(s.seq, s.released_seq) for s in await a.lines_after("m1", 3)] == [(1, 4)]
    rest = await b.release("m1", 9, 0.0)
    assert rest.seq == 5 and [r.line.body for r in rest.lines] == ["held 2"]
    assert await a.pending_releases(10) == [] and (await a.release("m1", 9, 0.0)).seq == 0


async def test_mutes_reports_silences_presence(stores) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    await a.set_mute("p:asha", "p:bilal", True, 1.0)
    await a.set_mute("p:asha", "p:bilal", True, 2.0)  # twice is once
    assert await b.muted_by("p:asha") == {"p:bilal"} and await b.muted_by("p:bilal") == set()
    await b.set_mute("p:asha", "p:bilal", False, 3.0)
    assert await a.muted_by("p:asha") == set()

    line = (await a.post(say(BILAL, "rude words"), passes, 60)).line
    report = Report("m1", line.seq, "p:asha", "abuse", "insults", 200.0)
    assert await a.add_report(report) and not await b.add_report(report)
    assert not await a.add_report(Report("m1", 99, "p:asha", "spam", "", 200.0))  # no message
    [kept] = await b.reports(open_only=True, limit=10)
    assert kept.report == report and kept.line == line and kept.resolved_at is None
    assert await a.resolve_report(kept.report_id, "warned", 300.0)
    assert not await a.resolve_report(kept.report_id, "again", 301.0)
    assert await a.reports(open_only=True, limit=10) == []
    [done] = await a.reports(open_only=False, limit=10)
    assert (done.resolved_at, done.resolution) == (300.0, "warned")

    assert await a.silenced_until("bilal") is None
    await a.silence("bilal", 500.0, "abuse", 100.0)
    await b.silence("bilal", 900.0, "again", 110.0)
    assert await a.silenced_until("bilal") == 900.0

    await a.touch_presence("m1", "p:asha", 150.0)
    await b.touch_presence("m1", "p:asha", 160.0)
    await b.touch_presence("m1", "s:m1:1", 120.0)
    assert await a.present("m1", 130.0) == {"p:asha"}


async def test_retention_deletes_old_lines_but_reports_keep_their_copy(stores) -> None:  # type: ignore[no-untyped-def]
    a, _ = stores
    old = (await a.post(say(ASHA, "old", at=10.0), passes, 60)).line
    await a.post(say(ASHA, "new", at=1000.0), passes, 60)
    await a.add_report(Report("m1", old.seq, "p:bilal", "spam", "", 20.0))
    assert await a.delete_before(500.0, 100) == 1
    assert [s.line.body for s in await a.lines_after("m1", 0)] == ["new"]
    [kept] = await a.reports(open_only=True, limit=10)
    assert kept.line.line.body == "old"
    assert await a.delete_reports_before(10.0, 100) == 0
    assert await a.delete_reports_before(30.0, 100) == 1
    assert (await a.post(say(ASHA, "next", at=1001.0), passes, 60)).line.seq == 3  # numbers go on


TO_BILAL = Telling({0: "asha", 1: "bilal"}, clock=lambda: 500.0)


async def _notices(url: str, player_id: str) -> list[Notice]:
    store = open_notification_store(url)
    await store.open()
    try:
        return [s.notice for s in await store.read_after(player_id, 0, 50)]
    finally:
        await store.close()


async def test_an_away_player_is_told_in_the_messages_transaction_once_per_absence(
    stores, store_url: str,  # type: ignore[no-untyped-def]
) -> None:  # fmt: skip
    a, b = stores
    first = await a.post(say(ASHA, "your move?", at=100.0), passes, 60, TO_BILAL)
    assert first.told == ("bilal",)
    again = await b.post(say(ASHA, "hello?", at=101.0), passes, 60, TO_BILAL)
    assert again.told == ()  # told once while away
    [notice] = await _notices(store_url, "bilal")
    assert notice.kind is NoticeKind.CHAT_MESSAGE and notice.match_id == "m1"
    assert dict(notice.data) == {"from": "Asha", "message_id": first.line.public_id, "room": "players",
                                 "text": "your move?"}  # fmt: skip
    assert await _notices(store_url, "asha") == []  # the author is never told
    await a.touch_presence("m1", "p:bilal", 160.0)  # back: the chat open until 160
    assert (await a.post(say(ASHA, "there you are", at=150.0), passes, 60, TO_BILAL)).told == ()
    later = await a.post(say(ASHA, "gone again?", at=200.0), passes, 60, TO_BILAL)
    assert later.told == ("bilal",)  # a new absence
    assert len(await _notices(store_url, "bilal")) == 2


async def test_no_notice_without_the_message(stores, store_url: str) -> None:  # type: ignore[no-untyped-def]
    a, _ = stores

    def refuse(recent: Recent) -> None:
        raise Refused

    with pytest.raises(Refused):
        await a.post(say(ASHA, "flood", at=100.0), refuse, 60, TO_BILAL)
    assert await _notices(store_url, "bilal") == []
    retried = await a.post(say(ASHA, "once", request_id="r"), passes, 60, TO_BILAL)
    await a.post(say(ASHA, "once", request_id="r"), passes, 60, TO_BILAL)
    assert retried.told == ("bilal",) and len(await _notices(store_url, "bilal")) == 1


async def test_a_held_message_tells_at_its_release(stores, store_url: str) -> None:  # type: ignore[no-untyped-def]
    a, b = stores
    partners = Telling({0: "asha", 1: "bilal", 2: "chen", 3: "dana"}, clock=lambda: 700.0)
    courtesy = NewLine("m1", Room.PLAYERS, ASHA, ContentKind.PHRASE, "thanks", 100.0,
                       held_round=1, early_seats=frozenset({1, 3}))  # fmt: skip
    posted = await a.post(courtesy, passes, 60, partners)
    assert sorted(posted.told) == ["bilal", "dana"]  # the opponents read it at once
    released = await b.release("m1", 1, 700.0, partners)
    assert released.told == ("chen",)  # the partner, at the round's end
    [notice] = await _notices(store_url, "chen")
    assert notice.created_at == 700.0 and notice.data["text"] == "Thanks!"
    assert notice.data["phrase"] == "thanks"


async def test_muted_authors_and_silenced_lines_tell_nobody(stores, store_url: str) -> None:  # type: ignore[no-untyped-def]
    a, _ = stores
    muted = Telling({0: "asha", 1: "bilal"}, {"p:bilal": frozenset({"p:asha"})})
    assert (await a.post(say(ASHA, "hi"), passes, 60, muted)).told == ()
    assert (await a.post(say(ASHA, "spam", at=101.0, shadow=True), passes, 60, TO_BILAL)).told == ()
    spectators = say(Author("p:w", None, "W", "w"), "go!", at=102.0, room=Room.SPECTATORS)
    assert (await a.post(spectators, passes, 60, TO_BILAL)).told == ()
    assert await _notices(store_url, "bilal") == []


async def test_each_readers_view_is_stored_alike_on_every_replica(stores) -> None:  # type: ignore[no-untyped-def]
    """Positions (``fiveup.chat.visible``) are assigned in the writing transaction, so two
    replicas read the same; a held line takes its position in the others' views at its
    release; ids are random and found again."""
    a, b = stores
    first = await a.post(say(ASHA, "hi"), passes, 60)
    held = await b.post(say(BILAL, "psst", held_round=1), passes, 60)
    third = await a.post(say(ASHA, "still there?", at=101.0), passes, 60)
    assert (first.position, held.position, third.position) == (1, 2, 2)  # asha: shared view
    for store in (a, b):
        assert [
            (s.pos, s.line.seq) for s in await store.view_after("m1", Room.PLAYERS, "seat:0", 0)
        ] == [(1, 1), (2, 3)]
        assert [(s.pos, s.line.seq, s.kind.value) for s in await store.view_after("m1", Room.PLAYERS, "seat:1", 0)] == [
            (1, 1, "new"), (2, 2, "early"), (3, 3, "new")
        ]  # fmt: skip
        assert not await store.seen_in("m1", Room.PLAYERS, "seat:0", 2)
    await a.release("m1", 1, 200.0)
    assert [(s.pos, s.line.seq, s.kind.value) for s in await b.view_after("m1", Room.PLAYERS, "seat:0", 2)] == [
        (3, 2, "delayed")
    ]  # fmt: skip
    assert [(s.pos, s.kind.value) for s in await b.view_after("m1", Room.PLAYERS, "seat:1", 3)] == [
        (4, "released")
    ]
    found = await b.line_by_id("m1", held.line.public_id)
    assert found is not None and found.seq == 2 and held.line.public_id != 2
