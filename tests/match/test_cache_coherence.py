"""The repository's cache stays coherent with the store: each freshness mode reads the
store exactly when its cache may be behind, a write decided on a stale cache loses to the
version key and reloads, and the turn clock restarts when another process's move is folded
in.  Two ``Matches`` over one in-memory log are two processes sharing a database; the
clock is injected."""

from __future__ import annotations

import pytest

from fiveup.match.errors import StaleVersion
from fiveup.match.matches import Matches, MatchesConfig
from fiveup.match.repository import Freshness
from fiveup.match.results import MoveResult

from .memory_store import MemoryLog, MemoryStore, NotifyingMemoryStore

TIMEOUT = 60.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def process(
    log: MemoryLog, freshness: Freshness, clock: FakeClock | None = None, **config: float
) -> tuple[Matches, MemoryStore]:
    store = NotifyingMemoryStore(log) if freshness is Freshness.NOTIFIED else MemoryStore(log)
    options = MatchesConfig(freshness=freshness, **config)  # type: ignore[arg-type]
    return Matches(store, options, clock=clock or FakeClock()), store


async def two_humans(matches: Matches) -> str:
    match_id = (await matches.create(["human", "human"], 61)).match_id
    for seat in (0, 1):
        await matches.join(match_id, seat)
    return match_id


async def version_of(matches: Matches, match_id: str, min_version: int = 0) -> int:
    return (await matches.view(match_id, None, min_version)).view.version


async def move(matches: Matches, match_id: str, request_id: str) -> MoveResult:
    """The first legal move of whoever is to move, as this process sees the match."""
    view = (await matches.view(match_id, None)).view
    assert view.turn is not None
    legal = await matches.legal_actions(match_id, view.turn)
    return await matches.submit(match_id, view.turn, legal.actions[0], legal.version, request_id)


async def test_an_exclusive_cache_serves_every_read_from_memory() -> None:
    log = MemoryLog()
    matches, store = process(log, Freshness.EXCLUSIVE)
    match_id = await two_humans(matches)
    store.reads = 0
    for n in range(5):
        version = (await move(matches, match_id, f"r{n}")).version
        assert await version_of(matches, match_id) == version
        assert await version_of(matches, match_id, min_version=version) == version
    assert store.reads == 0


async def test_a_shared_cache_rereads_the_store_before_every_use() -> None:
    log = MemoryLog()
    a, _ = process(log, Freshness.SHARED)
    b, store_b = process(log, Freshness.SHARED)
    match_id = await two_humans(a)
    before = await version_of(b, match_id)
    after = (await move(a, match_id, "a1")).version
    assert after > before
    reads = store_b.reads
    assert await version_of(b, match_id) == after  # nobody told b: it looked
    assert store_b.reads == reads + 1


async def test_a_notified_cache_trusts_itself_until_told_or_shown_newer() -> None:
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    b, store_b = process(log, Freshness.NOTIFIED)
    await a.start()
    await b.start()
    try:
        match_id = await two_humans(a)
        log.deliver()
        before = await version_of(b, match_id)
        after = (await move(a, match_id, "a1")).version
        reads = store_b.reads
        # A client that says it has seen ``before`` is answered from the cache...
        assert await version_of(b, match_id, min_version=before) == before
        assert store_b.reads == reads
        # ...one that has seen more makes it read...
        assert await version_of(b, match_id, min_version=after) == after
        assert store_b.reads == reads + 1
        # ...and so does the notification, for everyone.
        latest = (await move(a, match_id, "a2")).version
        assert log.deliver() >= 1
        assert await version_of(b, match_id, min_version=after) == latest
    finally:
        await a.close()
        await b.close()


async def test_a_read_that_names_no_version_reads_a_notified_store() -> None:
    """With notifications, a read without ``min_version`` may come from a client that just
    moved through another replica whose notification is still on its way: it reads."""
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    b, _ = process(log, Freshness.NOTIFIED)
    match_id = await two_humans(a)
    await version_of(b, match_id)
    after = (await move(a, match_id, "a1")).version
    assert await version_of(b, match_id) == after


async def test_a_write_decided_on_a_stale_cache_loses_and_reloads() -> None:
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    b, store_b = process(log, Freshness.NOTIFIED)
    match_id = await two_humans(a)
    stale = await version_of(b, match_id)
    view = (await b.view(match_id, None)).view
    assert view.turn is not None
    legal = await b.legal_actions(match_id, view.turn, min_version=stale)
    won = await move(a, match_id, "a1")  # b has not heard of it
    with pytest.raises(StaleVersion):
        await b.submit(match_id, view.turn, legal.actions[0], stale, "b1")
    assert [v for v, _ in won.events] == [stale + 1]
    assert len(log.events[match_id]) == won.version  # b's events never landed
    reads = store_b.reads
    assert await version_of(b, match_id, min_version=won.version) == won.version
    assert store_b.reads == reads  # the failed append reloaded the cache already


async def test_a_retry_through_another_process_gets_the_first_answer() -> None:
    """A client whose answer was lost retries the same request on another replica, whose
    cache is behind: it gets the answer the first replica gave, and nothing is applied
    twice."""
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    b, _ = process(log, Freshness.NOTIFIED)
    match_id = await two_humans(a)
    stale = await version_of(b, match_id)
    view = (await a.view(match_id, None)).view
    assert view.turn is not None
    legal = await a.legal_actions(match_id, view.turn)
    first = await a.submit(match_id, view.turn, legal.actions[0], stale, "once")
    again = await b.submit(match_id, view.turn, legal.actions[0], stale, "once")
    assert again == first
    assert len(log.events[match_id]) == first.version


async def test_the_turn_clock_restarts_when_another_process_moves() -> None:
    """The turn timer of a process whose cache folds in another process's move counts the
    new turn from then, not from when its cache last changed."""
    log = MemoryLog()
    clock = FakeClock()
    a, _ = process(log, Freshness.SHARED, clock, turn_timeout_seconds=TIMEOUT)
    b, _ = process(log, Freshness.SHARED, clock, turn_timeout_seconds=TIMEOUT)
    match_id = await two_humans(a)
    await version_of(b, match_id)  # b's turn clock starts now
    clock.advance(TIMEOUT - 1)
    moved = await move(a, match_id, "a1")  # just in time, through a
    clock.advance(2)
    assert await b.sweep_turns() == []  # b reads the move: a fresh turn
    assert len(log.events[match_id]) == moved.version
    clock.advance(TIMEOUT)
    taken = await b.sweep_turns()
    assert len(taken) == 1 and taken[0][0] == match_id
    await b.close()


async def test_the_cache_holds_at_most_cache_size_sessions() -> None:
    log = MemoryLog()
    matches, _ = process(log, Freshness.EXCLUSIVE, cache_size=2)
    ids = [await two_humans(matches) for _ in range(4)]
    assert matches.cached_sessions() == 2
    versions = [await version_of(matches, m) for m in ids]  # evicted ones load again
    assert versions == [len(log.events[m]) for m in ids]
    assert matches.cached_sessions() == 2


def test_notified_freshness_needs_a_store_that_notifies() -> None:
    log = MemoryLog()
    assert Freshness.for_store(NotifyingMemoryStore(log), shared=False) is Freshness.NOTIFIED
    assert Freshness.for_store(MemoryStore(log), shared=True) is Freshness.SHARED
    assert Freshness.for_store(MemoryStore(log), shared=False) is Freshness.EXCLUSIVE
    with pytest.raises(TypeError):
        Matches(MemoryStore(log), MatchesConfig(freshness=Freshness.NOTIFIED))
