"""Watchers that keep up are served the newest events from the session's memory; those
further behind, or whose session left the cache, read the store.  Either way every
watcher gets every event once, in order, exactly as stored and redacted for its viewer.

The application layer runs over a real SQLite file; the store only counts its reads.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from fiveup.engine import Event, event_from_dict, redact
from fiveup.match.matches import Matches, MatchesConfig
from fiveup.match.repository import RECENT_EVENTS
from fiveup.match.results import Resync
from fiveup.store.sqlite.events import SqliteStore


class CountingStore(SqliteStore):
    """The real SQLite store, counting the event reads made while ``counting`` is on."""

    counting = False
    reads = 0

    async def read_events(self, match_id: str, after_version: int = 0) -> Any:
        if self.counting:
            self.reads += 1
        return await super().read_events(match_id, after_version)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[CountingStore]:
    s = CountingStore(str(tmp_path / "watch.sqlite3"))
    await s.open()
    try:
        yield s
    finally:
        await s.close()


async def human_match(matches: Matches) -> tuple[str, dict[int, str]]:
    match_id = (await matches.create(["human", "human"], 61)).match_id
    tokens = {}
    for seat in (0, 1):
        joined = await matches.join(match_id, seat)
        tokens[joined.seat] = joined.token
    return match_id, tokens


async def play(matches: Matches, match_id: str, rng: random.Random, moves: int) -> int:
    """Make up to ``moves`` random legal moves for whoever is to move; the version after."""
    for _ in range(moves):
        view = (await matches.view(match_id, None)).view
        if view.finished or view.turn is None:
            break
        legal = await matches.legal_actions(match_id, view.turn)
        await matches.submit(
            match_id, view.turn, rng.choice(legal.actions), legal.version, f"m{legal.version}"
        )
    return (await matches.view(match_id, None)).view.version


async def stored_as_seen(
    store: SqliteStore, match_id: str, viewer: int | None
) -> list[tuple[int, Event]]:
    return [
        (e.version, redact(event_from_dict(e.body), viewer))
        for e in await store.read_events(match_id)
    ]


class Collector:
    """A watcher task and what it has received so far."""

    def __init__(self, matches: Matches, match_id: str, viewer: int | None, after: int) -> None:
        self.got: list[tuple[int, Event]] = []
        self.changed = asyncio.Event()
        self.task = asyncio.ensure_future(self._run(matches, match_id, viewer, after))

    async def _run(self, matches: Matches, match_id: str, viewer: int | None, after: int) -> None:
        async for item in matches.watch(match_id, viewer, after):
            assert not isinstance(item, Resync), "unexpected resync"
            self.got.append(item)
            self.changed.set()

    async def reach(self, version: int) -> None:
        async with asyncio.timeout(10):
            while not self.got or self.got[-1][0] < version:
                self.changed.clear()
                if self.task.done():
                    self.task.result()
                    raise AssertionError(f"watch ended at {self.got[-1:]} before {version}")
                await self.changed.wait()

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


@pytest.mark.parametrize("viewer", [None, 0])
async def test_a_watcher_that_keeps_up_is_served_from_memory(
    store: CountingStore, viewer: int | None
) -> None:
    matches = Matches(store)
    match_id, _ = await human_match(matches)
    rng = random.Random(7)
    start = (await matches.view(match_id, None)).view.version
    watcher = Collector(matches, match_id, viewer, 0)
    try:
        await watcher.reach(start)
        store.counting = True
        version = start
        for _ in range(40):  # one move at a time, the watcher catching up after each
            version = await play(matches, match_id, rng, 1)
            await watcher.reach(version)
        store.counting = False
        assert version > start + RECENT_EVENTS  # well past what the memory holds at once
        assert store.reads == 0
        assert watcher.got == await stored_as_seen(store, match_id, viewer)
    finally:
        await watcher.stop()


async def test_a_watcher_far_behind_reads_the_store_then_memory(store: CountingStore) -> None:
    matches = Matches(store)
    match_id, _ = await human_match(matches)
    version = await play(matches, match_id, random.Random(3), 3 * RECENT_EVENTS)
    assert version > 2 * RECENT_EVENTS
    for after in (0, version - RECENT_EVENTS - 1, version - RECENT_EVENTS, version - 1, version):
        watcher = Collector(matches, match_id, 1, after)
        try:
            if after < version:
                await watcher.reach(version)
            more = await play(matches, match_id, random.Random(after), 2)
            await watcher.reach(more)
            expected = [(v, e) for v, e in await stored_as_seen(store, match_id, 1) if v > after]
            assert watcher.got == expected
            version = more
        finally:
            await watcher.stop()


async def test_a_watcher_outlives_its_session_leaving_the_cache(store: CountingStore) -> None:
    matches = Matches(store, MatchesConfig(cache_size=1))
    match_id, _ = await human_match(matches)
    rng = random.Random(11)
    watcher = Collector(matches, match_id, None, 0)
    try:
        for _ in range(6):
            version = await play(matches, match_id, rng, 2)
            await watcher.reach(version)
            await human_match(matches)  # another match takes the only cache slot
            assert matches.cached_sessions() == 1
        assert watcher.got == await stored_as_seen(store, match_id, None)
    finally:
        await watcher.stop()


async def test_a_bot_moving_through_an_evicted_session_still_reaches_watchers(
    store: CountingStore,
) -> None:
    """A bot turn that started on a session which then left the cache appends through
    that old session; the session loaded in its place must not stay behind, or watchers
    served from its memory would never see the bot's move."""
    matches = Matches(store, MatchesConfig(cache_size=1))
    match_id = (await matches.create(["human", "greedy"], 61)).match_id
    await matches.join(match_id, 0)
    watcher = Collector(matches, match_id, None, 0)
    rng = random.Random(1)
    try:
        for _ in range(20):
            view = (await matches.view(match_id, None)).view
            await watcher.reach(view.version)
            if view.turn != 0:  # the bot is to move at the start: let it
                continue
            legal = await matches.legal_actions(match_id, 0)
            # Nothing below suspends (SQLite calls run inline), so the bot's turn, kicked
            # by this move, runs only after the session it holds has been replaced.
            await matches.submit(
                match_id, 0, rng.choice(legal.actions), legal.version, f"h{legal.version}"
            )
            await human_match(matches)  # evicts match_id's session
            view = (await matches.view(match_id, None)).view  # a new session for it
            if view.turn == 1:
                break
        else:
            pytest.fail("the bot never got a turn")
        await watcher.reach(view.version + 1)  # the bot's move, through the old session
        # The bot may move on (a draw, then the drawn tile): compare once it is done, at
        # the human's turn, not at whatever moment the watcher happened to catch up.
        view = (await matches.view(match_id, None)).view
        while view.turn == 1 and not view.finished:
            await watcher.reach(view.version + 1)
            view = (await matches.view(match_id, None)).view
        await watcher.reach(view.version)
        assert watcher.got == await stored_as_seen(store, match_id, None)
        assert (await matches.view(match_id, None)).view.version == watcher.got[-1][0]
    finally:
        await watcher.stop()
