"""The MatchDirectory contract (the operators' list of matches, issue 33), for every
backend: newest first in keyset pages; live, ended and stuck (silent past its turn clock
-- a correspondence match's own, else the server's -- plus a grace); by player; rated
only (a live match created rated, an ended one in the ledger); and each summary's
status, seats' players, version, last event time and void."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest

from fiveup.lobby.ports import (
    CANCELLED,
    FINISHED,
    IN_PROGRESS,
    LobbyStore,
    MatchFilter,
    MatchQuery,
    StuckRule,
)
from fiveup.match.ports import LAST_EVENT_PRECISION_SECONDS, EventStore, MatchRecord
from fiveup.ratings.ports import RatingStore, VoidRecord, VoidWrite
from fiveup.store import open_lobby_store, open_rating_store, open_store

from .outcomes import outcome


@dataclass
class Stores:
    events: EventStore
    lobby: LobbyStore
    ratings: RatingStore

    async def match(
        self, match_id: str, created_at: float, *, rated: bool = False,
        players: tuple[str, ...] = ("", ""), clock: int | None = None,
    ) -> None:  # fmt: skip
        seats = tuple("human" for _ in players)
        await self.events.create_match(
            MatchRecord(match_id, seats, 61, bytes(32), created_at, turn_clock_seconds=clock),
            [{"type": "match_started", "rated": rated}],
        )
        for seat, player in enumerate(players):
            if player:
                await self.lobby.bind_seat(match_id, seat, player, created_at)

    async def end(self, match_id: str, how: str = "match_ended", **outcome_: Any) -> None:
        version = await self.events.latest_version(match_id)
        end = outcome(match_id, **outcome_) if outcome_ else None
        await self.events.append(match_id, version, [{"type": how}], finished=True, outcome=end)


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[Stores]:
    ratings = open_rating_store(store_url)
    events = open_store(store_url, ratings=ratings)
    lobby = open_lobby_store(store_url)
    for store in (events, ratings, lobby):
        await store.open()
    try:
        yield Stores(events, lobby, ratings)
    finally:
        for store in (lobby, ratings, events):
            await store.close()


async def ids(stores: Stores, **query: Any) -> list[str]:
    page = await stores.lobby.list_matches(MatchQuery(**query))
    return [m.match_id for m in page.matches]


async def test_newest_first_in_pages_with_the_filters(stores: Stores) -> None:
    for n in range(5):
        await stores.match(f"m{n}", 100.0 + n, players=("ann" if n % 2 else "", "bob"))
    await stores.match("tie", 104.0)  # the same creation time as m4: ids break the tie
    await stores.end("m1")
    await stores.end("m3", "match_cancelled")
    everything = await ids(stores, limit=50)
    assert everything == ["tie", "m4", "m3", "m2", "m1", "m0"]

    seen, before = [], None
    while True:  # pages of two, each from the previous page's last row
        page = await stores.lobby.list_matches(MatchQuery(limit=2, before=before))
        seen += [m.match_id for m in page.matches]
        if page.next_cursor is None:
            break
        before = page.next_cursor
    assert seen == everything

    assert await ids(stores, which=MatchFilter.LIVE) == ["tie", "m4", "m2", "m0"]
    assert await ids(stores, which=MatchFilter.ENDED) == ["m3", "m1"]
    assert await ids(stores, player_id="ann") == ["m3", "m1"]
    assert await ids(stores, player_id="bob", which=MatchFilter.LIVE) == ["m4", "m2", "m0"]
    assert await ids(stores, player_id="nobody") == []

    summaries = {m.match_id: m for m in (await stores.lobby.list_matches(MatchQuery())).matches}
    assert (summaries["m1"].status, summaries["m3"].status, summaries["m4"].status) == (
        FINISHED, CANCELLED, IN_PROGRESS,
    )  # fmt: skip
    assert summaries["m1"].player_ids == ("ann", "bob")
    assert summaries["m0"].player_ids == ("", "bob")
    assert (summaries["m1"].version, summaries["m0"].version) == (2, 1)
    assert summaries["m0"].last_event_at == 100.0  # its creation
    assert await stores.lobby.match_summary("m1") == summaries["m1"]
    assert await stores.lobby.match_summary("nope") is None


async def test_stuck_is_live_and_silent_past_its_turn_clock_and_the_grace(
    stores: Stores,
) -> None:
    now = time.time()
    await stores.match("fresh", now - 50)  # created 50 s ago
    await stores.match("old", now - 500)
    await stores.match("mail", now - 500, clock=3600)  # a correspondence match: an hour a turn
    await stores.match("done", now - 500)
    await stores.end("done")
    appended = time.time()
    await stores.events.append("old", 1, [{"type": "tile_placed"}])  # it moved just now

    def rule(at: float) -> StuckRule:
        return StuckRule(now=at, turn_allowance=120.0, grace=30.0)

    async def stuck(at: float) -> list[str]:
        return await ids(stores, which=MatchFilter.STUCK, stuck=rule(at))

    assert await stuck(now) == []  # fresh: 50 s < 150 s; old moved; mail has an hour
    assert await stuck(now + 101) == ["fresh"]  # 151 s of silence
    assert await stuck(appended + 151) == ["fresh", "old"]  # newest first
    assert await stuck(now - 500 + 3600 + 31) == ["fresh", "old", "mail"]  # never "done"
    (old,) = [m for m in (await stores.lobby.list_matches(MatchQuery())).matches
              if m.match_id == "old"]  # fmt: skip
    assert old.last_event_at is not None and appended - 5 <= old.last_event_at <= time.time() + 5
    assert old.version == 2
    with pytest.raises(ValueError, match="StuckRule"):
        await stores.lobby.list_matches(MatchQuery(which=MatchFilter.STUCK))


async def test_rated_only_and_voided(stores: Stores) -> None:
    await stores.match("live-rated", 10.0, rated=True)
    await stores.match("live-casual", 11.0)
    await stores.match("ended-rated", 12.0, rated=True, players=("ann", "bob"))
    await stores.end("ended-rated", players=["ann", "bob"], scores=(310, 10), winner=0,
                     ended_at=20.0)  # fmt: skip
    await stores.match("ended-unrated", 13.0, rated=True, players=("ann", "bob"))
    await stores.end(
        "ended-unrated",
        players=["ann", "bob"],
        scores=(310, 10),
        winner=0,
        ended_at=21.0,
        rated=False,
    )  # created rated, recorded unrated
    assert await ids(stores, rated_only=True) == ["ended-rated", "live-rated"]
    await stores.ratings.write_void(VoidWrite(VoidRecord("ended-unrated", 30.0, "local:o", "x")))
    page = {m.match_id: m for m in (await stores.lobby.list_matches(MatchQuery())).matches}
    assert [(m, page[m].rated, page[m].voided) for m in sorted(page)] == [
        ("ended-rated", True, False), ("ended-unrated", False, True),
        ("live-casual", False, False), ("live-rated", True, False),
    ]  # fmt: skip


async def test_each_append_stamps_its_match_to_within_the_precision(
    stores: Stores, store_url: str
) -> None:
    """A fresh stamp is left alone (a match that moves often writes its row once per
    ``LAST_EVENT_PRECISION_SECONDS``); an older one is rewritten; an end always is."""
    await stores.match("m", time.time())

    async def stamp() -> float:
        summary = await stores.lobby.match_summary("m")
        assert summary is not None and summary.last_event_at is not None
        return summary.last_event_at

    async def set_back(seconds: float) -> float:
        query = "UPDATE matches SET last_event_at = last_event_at - ? WHERE match_id = 'm'"
        if store_url.startswith("postgresql://"):
            async with await psycopg.AsyncConnection.connect(store_url, autocommit=True) as conn:
                await conn.execute(query.replace("?", "%s"), (seconds,))
        else:
            with contextlib.closing(sqlite3.connect(store_url)) as conn, conn:
                conn.execute(query, (seconds,))
        return await stamp()

    fresh = await set_back(LAST_EVENT_PRECISION_SECONDS - 5)  # younger than the precision
    await stores.events.append("m", 1, [{"type": "tile_placed"}])
    assert await stamp() == fresh
    stale = await set_back(10)  # now older than the precision
    before = time.time()
    await stores.events.append("m", 2, [{"type": "tile_placed"}])
    assert before - 5 <= await stamp() != stale
    ended = await set_back(LAST_EVENT_PRECISION_SECONDS - 5)
    await stores.end("m")
    assert await stamp() > ended  # the end is stamped whatever the last stamp
