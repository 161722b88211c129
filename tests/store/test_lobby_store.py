"""The LobbyStore contract, for every backend: seat bindings, open tables and their
paging, invites, the queue and formation rounds."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from fiveup.identity.ports import Identity, PlayerStore
from fiveup.lobby.formation import SeatPlan, TablePlan, Ticket
from fiveup.lobby.ports import (
    InviteLookup,
    LeftWaiting,
    LobbyStore,
    SeatAlreadyBound,
    TableFilter,
    TicketState,
)
from fiveup.match.ports import EventStore
from fiveup.notifications.notices import Notice, NoticeKind
from fiveup.store import open_lobby_store, open_notification_store, open_player_store, open_store

from .conftest import record


@dataclass
class Stores:
    events: EventStore
    players: PlayerStore
    lobby: LobbyStore
    url: str

    async def player(self, n: int, name: str | None = None) -> str:
        identity = Identity("device", hashlib.sha256(f"d{n}".encode()).hexdigest())
        signed = await self.players.sign_in(identity, f"p{n}", name or f"Player {n}", 1.0)
        return signed.player.player_id

    async def match(
        self, match_id: str, seats: tuple[str, ...], created: float, target: int = 61
    ) -> None:
        rec = record(match_id, seats)
        rec = type(rec)(match_id, seats, target, rec.seed, created)
        await self.events.create_match(rec, [{"kind": "test"}])


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[Stores]:
    events = open_store(store_url)
    await events.open()
    outbox = open_notification_store(store_url)  # the outbox's tables: the lobby writes notices
    await outbox.open()
    players = open_player_store(store_url)
    await players.open()
    lobby = open_lobby_store(store_url)
    await lobby.open()
    try:
        yield Stores(events, players, lobby, store_url)
    finally:
        await lobby.close()
        await players.close()
        await outbox.close()
        await events.close()


async def test_bindings(stores: Stores) -> None:
    p1, p2 = await stores.player(1), await stores.player(2)
    await stores.match("m", ("human", "human"), 1.0)
    await stores.lobby.bind_seat("m", 0, p1, 2.0)
    assert await stores.lobby.seat_of("m", p1) == 0
    assert await stores.lobby.seat_of("m", p2) is None
    with pytest.raises(SeatAlreadyBound) as twice:
        await stores.lobby.bind_seat("m", 1, p1, 3.0)  # one seat per player and match
    assert twice.value.seat == 0
    with pytest.raises(SeatAlreadyBound) as taken:
        await stores.lobby.bind_seat("m", 0, p2, 3.0)  # the seat is someone else's
    assert taken.value.seat is None
    assert await stores.lobby.seat_owners("m") == {0: p1}
    await stores.lobby.bind_seat("m", 1, p2, 3.0)
    assert await stores.lobby.seat_owners("m") == {0: p1, 1: p2}
    assert await stores.lobby.seat_owners("other") == {}


async def test_open_tables_filters_and_paging(stores: Stores) -> None:
    p1 = await stores.player(1, "Zoë")
    await stores.match("two", ("human", "greedy"), 1.0)
    await stores.match("three", ("human", "human", "human"), 2.0, target=21)
    await stores.match("four", ("human", "human", "human", "human"), 3.0)
    await stores.match("bots", ("greedy", "random"), 4.0)  # no human seat: never open
    await stores.match("full", ("human", "greedy"), 5.0)
    await stores.events.claim_seat("full", 0, b"h")
    await stores.match("private", ("human", "human"), 6.0)
    await stores.lobby.create_invite("private", b"invite", 100.0, p1, 6.0)
    await stores.match("done", ("human", "human"), 7.0)
    await stores.events.append("done", 1, [{"kind": "end"}], finished=True)
    await stores.events.claim_seat("three", 1, b"x")
    await stores.lobby.bind_seat("three", 1, p1, 8.0)

    page = await stores.lobby.open_tables(TableFilter(), 10, None)
    assert [t.match_id for t in page.tables] == ["four", "three", "two"]
    assert page.next_cursor is None
    three = page.tables[1]
    assert [(s.kind, s.taken, s.display_name) for s in three.seats] == [
        ("human", False, ""), ("human", True, "Zoë"), ("human", False, ""),
    ]  # fmt: skip
    assert three.target_points == 21 and three.created_at == 2.0
    assert [s.taken for s in page.tables[2].seats] == [False, True]  # the bot's seat

    seen, cursor = [], None
    while True:
        part = await stores.lobby.open_tables(TableFilter(), 1, cursor)
        seen += [t.match_id for t in part.tables]
        cursor = part.next_cursor
        if cursor is None:
            break
    assert seen == ["four", "three", "two"]

    def ids(page):  # type: ignore[no-untyped-def]
        return [t.match_id for t in page.tables]

    assert ids(await stores.lobby.open_tables(TableFilter(players=3), 10, None)) == ["three"]
    assert ids(await stores.lobby.open_tables(TableFilter(partnerships=True), 10, None)) == ["four"]
    assert ids(await stores.lobby.open_tables(TableFilter(partnerships=False), 10, None)) == [
        "three", "two",
    ]  # fmt: skip
    assert ids(await stores.lobby.open_tables(TableFilter(target_points=21), 10, None)) == ["three"]


async def test_invites(stores: Stores) -> None:
    p1 = await stores.player(1)
    await stores.match("private", ("human", "human"), 1.0)
    await stores.lobby.create_invite("private", b"code-hash", 100.0, p1, 1.0)
    found = await stores.lobby.find_invite(b"code-hash", 50.0)
    assert (found.outcome, found.match_id) == (InviteLookup.FOUND, "private")
    assert (await stores.lobby.find_invite(b"code-hash", 100.0)).outcome is InviteLookup.EXPIRED
    assert (await stores.lobby.find_invite(b"other", 50.0)).outcome is InviteLookup.UNKNOWN


async def test_my_matches_unfinished_first_newest_first_paged(stores: Stores) -> None:
    p1 = await stores.player(1)
    for n, finished in enumerate([False, True, False, True, False]):
        await stores.match(f"m{n}", ("human", "human"), float(n))
        await stores.lobby.bind_seat(f"m{n}", n % 2, p1, float(10 + n))
        if finished:
            await stores.events.append(f"m{n}", 1, [{"kind": "end"}], finished=True)
    order, cursor = [], None
    while True:
        page = await stores.lobby.my_matches(p1, 2, cursor)
        order += [(m.table.match_id, m.seat, m.table.finished) for m in page.matches]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert order == [
        ("m4", 0, False), ("m2", 0, False), ("m0", 0, False), ("m3", 1, True), ("m1", 1, True),
    ]  # fmt: skip


def ticket(n: int, player: str, at: float, **kw: object) -> Ticket:
    return Ticket(f"t{n}", player, 2, 61, at, **kw)  # type: ignore[arg-type]


async def test_queue_one_waiting_search_per_player(stores: Stores) -> None:
    p1 = await stores.player(1)
    first = await stores.lobby.enqueue(ticket(1, p1, 10.0), 0.0)
    assert first.created and first.status.state is TicketState.WAITING
    again = await stores.lobby.enqueue(ticket(2, p1, 20.0), 0.0)  # a second device: same search
    assert not again.created and again.status.ticket.ticket_id == "t1"
    assert (await stores.lobby.ticket("t1")).heartbeat_at == 20.0  # type: ignore[union-attr]
    assert await stores.lobby.waiting_count(2, 61) == 1
    assert await stores.lobby.cancel("t1", 30.0)
    assert not await stores.lobby.cancel("t1", 31.0)
    assert (await stores.lobby.ticket("t1")).state is TicketState.CANCELLED  # type: ignore[union-attr]
    assert (await stores.lobby.enqueue(ticket(3, p1, 40.0), 0.0)).created  # may queue again


async def test_a_round_settles_tables_and_expires_the_stale(stores: Stores) -> None:
    p1, p2, p3 = [await stores.player(n) for n in (1, 2, 3)]
    await stores.lobby.enqueue(ticket(1, p1, 10.0), 0.0)
    await stores.lobby.enqueue(ticket(2, p2, 11.0), 0.0)
    await stores.lobby.enqueue(ticket(3, p3, 1.0), 0.0)  # its stream stopped renewing it
    await stores.match("formed", ("human", "human"), 12.0)
    async with stores.lobby.formation_round(now=20.0, stale_before=5.0) as round_:
        assert round_.acquired
        assert [t.ticket_id for t in round_.tickets] == ["t1", "t2"]
        plan = TablePlan(2, 61, (SeatPlan(0, round_.tickets[0]), SeatPlan(1, round_.tickets[1])))
        assert await round_.settle(plan, "formed", 20.0)
    status = await stores.lobby.ticket("t2")
    assert status is not None and (status.state, status.match_id, status.seat) == (
        TicketState.MATCHED, "formed", 1,
    )  # fmt: skip
    assert (await stores.lobby.ticket("t3")).state is TicketState.EXPIRED  # type: ignore[union-attr]
    assert await stores.lobby.seat_of("formed", p1) == 0
    assert await stores.lobby.seat_of("formed", p2) == 1
    # The player asks again (their stream broke before it told them): the seat just given.
    again = await stores.lobby.enqueue(ticket(9, p1, 22.0), matched_since=15.0)
    assert not again.created and again.status.state is TicketState.MATCHED
    assert (again.status.match_id, again.status.seat) == ("formed", 0)
    other_wish = Ticket("t10", p1, 3, 61, 22.0)  # another table size: a new search
    assert (await stores.lobby.enqueue(other_wish, matched_since=15.0)).created
    assert await stores.lobby.cancel("t10", 23.0)
    later = await stores.lobby.enqueue(ticket(11, p1, 40.0), matched_since=30.0)
    assert later.created  # long after: a new search
    assert await stores.lobby.cancel("t11", 41.0)
    # Settling the same tickets again (a second round, another replica) changes nothing.
    async with stores.lobby.formation_round(now=21.0, stale_before=5.0) as round_:
        assert round_.tickets == []
        assert not await round_.settle(plan, "other", 21.0)
    assert await stores.lobby.seat_of("other", p1) is None


async def test_a_cancel_racing_a_round_either_wins_or_sees_the_seat(stores: Stores) -> None:
    p1, p2 = await stores.player(1), await stores.player(2)
    await stores.lobby.enqueue(ticket(1, p1, 10.0), 0.0)
    await stores.lobby.enqueue(ticket(2, p2, 11.0), 0.0)
    await stores.match("formed", ("human", "human"), 12.0)

    async def round_() -> bool:
        async with stores.lobby.formation_round(now=20.0, stale_before=0.0) as r:
            if len(r.tickets) < 2:
                return False
            await asyncio.sleep(0.05)  # a cancel arrives while the round is forming the table
            plan = TablePlan(2, 61, (SeatPlan(0, r.tickets[0]), SeatPlan(1, r.tickets[1])))
            return await r.settle(plan, "formed", 20.0)

    async def cancel() -> bool:
        await asyncio.sleep(0.01)
        return await stores.lobby.cancel("t1", 20.0)

    settled, cancelled = await asyncio.gather(round_(), cancel())
    assert settled != cancelled  # exactly one of them took effect
    bound = await stores.lobby.seat_of("formed", p1)
    assert (bound is not None) == settled


@pytest.mark.postgres
async def test_one_round_at_a_time_across_replicas(store_url: str, stores: Stores) -> None:
    if not store_url.startswith("postgres"):
        pytest.skip("the advisory lock is PostgreSQL's")
    other = open_lobby_store(store_url)
    await other.open()
    try:
        async with stores.lobby.formation_round(time.time(), 0.0) as mine:
            assert mine.acquired
            async with other.formation_round(time.time(), 0.0) as theirs:
                assert not theirs.acquired
        async with other.formation_round(time.time(), 0.0) as theirs:
            assert theirs.acquired  # released with the first round's transaction
    finally:
        await other.close()


async def test_a_settlement_tells_only_the_searches_left_waiting(stores: Stores) -> None:
    """The "table found" notices go with the settlement, for the searches no heartbeat
    renewed since ``LeftWaiting.before``; a settlement refused writes none."""
    p1, p2, p3 = [await stores.player(n) for n in (1, 2, 3)]
    await stores.lobby.enqueue(ticket(1, p1, 10.0), 0.0)  # its stream died at 10
    await stores.lobby.enqueue(ticket(2, p2, 11.0), 0.0)
    await stores.lobby.heartbeat(["t2"], 19.0)  # followed: renewed just now
    await stores.match("formed", ("human", "human"), 12.0)

    def found(t: Ticket, now: float) -> Notice:
        return Notice.of(
            NoticeKind.TABLE_FOUND, t.player_id, "formed/found", now, match_id="formed"
        )

    async with stores.lobby.formation_round(now=20.0, stale_before=5.0) as round_:
        plan = TablePlan(2, 61, (SeatPlan(0, round_.tickets[0]), SeatPlan(1, round_.tickets[1])))
        left = LeftWaiting(15.0, {t.ticket_id: found(t, 20.0) for t in plan.tickets})
        assert await round_.settle(plan, "formed", 20.0, left)
    assert round_.told == [p1]
    # A table whose search ended meanwhile is not settled, and tells nobody.
    await stores.lobby.enqueue(ticket(3, p3, 1.0), 0.0)
    await stores.lobby.enqueue(Ticket("t4", p2, 2, 61, 21.0), 21.0)
    assert await stores.lobby.cancel("t4", 21.5)
    async with stores.lobby.formation_round(now=22.0, stale_before=0.0) as round_:
        (waiting,) = round_.tickets
        lone = TablePlan(2, 61, (SeatPlan(0, waiting), SeatPlan(1, Ticket("t4", p2, 2, 61, 21.0))))
        left = LeftWaiting(21.0, {t.ticket_id: found(t, 22.0) for t in lone.tickets})
        assert not await round_.settle(lone, "formed", 22.0, left)
    assert round_.told == []
    outbox = open_notification_store(stores.url)
    await outbox.open()
    try:
        told = {p: await outbox.read_after(p, 0, 10) for p in (p1, p2, p3)}
    finally:
        await outbox.close()
    assert [(s.notice.kind, s.notice.match_id) for s in told[p1]] == [
        (NoticeKind.TABLE_FOUND, "formed")
    ]
    assert told[p2] == [] and told[p3] == []
