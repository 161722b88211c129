"""What a process pays for another's appends (``fiveup.match.catchup``): nothing read for
a match it does not hold or that nobody there follows; one read for a match its watchers
follow, however many watchers and however many wake-ups come during the read, its
watchers served from memory and its fold taking the events from there.  Two ``Matches``
over one in-memory log are two processes sharing a database; the test says when the
wake-ups arrive (``MemoryLog.deliver``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fiveup.engine import Match, MatchConfig
from fiveup.engine.shuffle import new_seed
from fiveup.match.matches import Matches
from fiveup.match.ports import MatchRecord, StoredEvent
from fiveup.match.repository import Freshness, MatchSession
from fiveup.match.results import Resync, Viewed

from .memory_store import MemoryLog, NotifyingMemoryStore
from .test_cache_coherence import move, process, two_humans, version_of

BOUND = 10.0  # seconds: every wait here is on a condition, bounded by this


class Watching:
    """A watch stream of ``matches`` read by a task of its own, with what it saw."""

    def __init__(self, matches: Matches, match_id: str, after: int) -> None:
        self.matches = matches
        self.match_id = match_id
        self.versions: list[int] = []
        self.changed = asyncio.Event()
        self.task = asyncio.ensure_future(self._read(after))

    async def _read(self, after: int) -> None:
        async for item in self.matches.watch(self.match_id, None, after):
            assert not isinstance(item, Resync | Viewed)
            version, _ = item
            self.versions.append(version)
            self.changed.set()

    async def reach(self, version: int) -> None:
        async with asyncio.timeout(BOUND):
            while not self.versions or self.versions[-1] < version:
                self.changed.clear()
                await self.changed.wait()

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


async def idle(matches: Matches, match_id: str, watchers: int) -> None:
    """Until ``watchers`` streams wait on the match and no catch-up is running."""
    async with asyncio.timeout(BOUND):
        while (
            matches.bots.watchers(match_id) < watchers
            or not matches.repository.followed(match_id)
            or matches.catch_up.running
        ):
            await asyncio.sleep(0)


@contextlib.asynccontextmanager
async def two_processes() -> AsyncIterator[
    tuple[MemoryLog, Matches, Matches, NotifyingMemoryStore]
]:
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    b, store_b = process(log, Freshness.NOTIFIED)
    assert isinstance(store_b, NotifyingMemoryStore)
    await a.start()
    await b.start()
    try:
        yield log, a, b, store_b
    finally:
        await a.close()
        await b.close()


async def test_a_wake_up_for_a_match_not_held_here_reads_nothing() -> None:
    async with two_processes() as (log, a, b, store_b):
        match_id = await two_humans(a)
        await move(a, match_id, "a1")
        assert log.deliver() >= 1
        assert store_b.reads == 0
        assert b.cached_sessions() == 0


async def test_a_wake_up_for_a_match_nobody_here_follows_only_marks_it_behind() -> None:
    async with two_processes() as (log, a, b, store_b):
        match_id = await two_humans(a)
        log.deliver()
        seen = await version_of(b, match_id)  # b holds it; nobody watches it there
        reads = store_b.reads
        latest = 0
        for n in range(3):
            latest = (await move(a, match_id, f"a{n}")).version
            log.deliver()
        session = b.repository.cached(match_id)
        assert session is not None and session.stale and session.match.version == seen
        assert store_b.reads == reads and not b.catch_up.running
        # Whoever uses it next reads once, and has everything.
        assert await version_of(b, match_id, min_version=latest) == latest
        assert store_b.reads == reads + 1


async def test_watchers_are_caught_up_with_one_read_and_the_fold_takes_it_from_memory() -> None:
    async with two_processes() as (log, a, b, store_b):
        match_id = await two_humans(a)
        log.deliver()
        start = await version_of(b, match_id)
        watchers = [Watching(b, match_id, start) for _ in range(3)]
        try:
            await idle(b, match_id, 3)
            reads = store_b.reads
            latest = (await move(a, match_id, "a1")).version
            log.deliver()
            for watcher in watchers:
                await watcher.reach(latest)
                assert watcher.versions == list(range(start + 1, latest + 1))
            await idle(b, match_id, 3)
            assert store_b.reads == reads + 1  # one read for three watchers
            # The bots' look and a view at the new version fold from memory.
            assert await version_of(b, match_id, min_version=latest) == latest
            assert store_b.reads == reads + 1
        finally:
            for watcher in watchers:
                await watcher.stop()


class GatedStore(NotifyingMemoryStore):
    """Reads wait at a gate the test opens: wake-ups can come during a read."""

    def __init__(self, log: MemoryLog) -> None:
        super().__init__(log)
        self.gate = asyncio.Event()
        self.gate.set()
        self.waiting = asyncio.Event()

    async def read_events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        self.waiting.set()
        await self.gate.wait()
        return await super().read_events(match_id, after_version)


async def test_wake_ups_during_a_catch_up_cost_one_more_read_not_one_each() -> None:
    log = MemoryLog()
    a, _ = process(log, Freshness.NOTIFIED)
    store_b = GatedStore(log)
    b = Matches(store_b, a.config)
    await a.start()
    await b.start()
    watcher: Watching | None = None
    try:
        match_id = await two_humans(a)
        log.deliver()
        start = await version_of(b, match_id)
        watcher = Watching(b, match_id, start)
        await idle(b, match_id, 1)
        reads = store_b.reads
        store_b.gate.clear()
        store_b.waiting.clear()
        await move(a, match_id, "a1")
        log.deliver()  # the catch-up starts and waits at the gate
        async with asyncio.timeout(BOUND):
            await store_b.waiting.wait()
        latest = 0
        for n in range(3):  # three more wake-ups while it reads
            latest = (await move(a, match_id, f"a{n + 2}")).version
            log.deliver()
        store_b.gate.set()
        await watcher.reach(latest)
        await idle(b, match_id, 1)
        assert store_b.reads == reads + 2
        assert watcher.versions == list(range(start + 1, latest + 1))
    finally:
        if watcher is not None:
            await watcher.stop()
        await a.close()
        await b.close()


def test_remembering_events_already_known_keeps_the_recent_events_consecutive() -> None:
    """A catch-up may read a process's own append before the append returns: the
    overlap is skipped, not taken for a gap that empties the recent events."""
    match, events = Match.start(MatchConfig(("human", "human"), new_seed(), 61))
    session = MatchSession(MatchRecord("m", ("human", "human"), 61, b"", 0.0), match, {})
    pool = [events[i % len(events)] for i in range(6)]  # committed events, one a version
    session.remember(1, pool[:5])
    session.remember(4, pool[3:6])
    assert [v for v, _ in session.recent] == [1, 2, 3, 4, 5, 6]
    session.remember(3, pool[2:3])  # all known: nothing changes
    assert [v for v, _ in session.recent] == [1, 2, 3, 4, 5, 6]
    assert [e for _, e in session.recent] == pool[:6]
    session.remember(9, pool[:1])  # a real gap: only what is consecutive stays
    assert [v for v, _ in session.recent] == [9]
