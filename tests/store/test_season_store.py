"""The SeasonStore contract, for every backend, with two store instances on one database
(two replicas): group assignments made at once never fill a group past its size nor put
a player in two groups; archives made at once commit once, with the final board, a
league change and a notice per member; the live board is the results' (counting
results only, by the board's order)."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from fiveup.identity.ports import Identity, PlayerStore
from fiveup.match.ports import EventStore
from fiveup.notifications.ports import NotificationStore
from fiveup.ratings.leagues import LeaguePolicy
from fiveup.ratings.outcome import MatchOutcome
from fiveup.ratings.schedule import SeasonCalendar
from fiveup.ratings.season_ports import ARCHIVED, SeasonStore
from fiveup.ratings.seasons import plan_archive
from fiveup.store import (
    open_notification_store,
    open_player_store,
    open_rating_store,
    open_season_store,
    open_store,
)

from .conftest import record
from .outcomes import outcome

WEDNESDAY = datetime(2026, 12, 9, 12, tzinfo=UTC).timestamp()
SPEC = SeasonCalendar().at("weekly", WEDNESDAY)


@dataclass
class Stores:
    events: EventStore
    players: PlayerStore
    notifications: NotificationStore
    one: SeasonStore
    two: SeasonStore  # a second replica's

    async def player(self, name: str) -> str:
        identity = Identity("device", hashlib.sha256(name.encode()).hexdigest())
        return (await self.players.sign_in(identity, name, name.title(), 1.0)).player.player_id

    async def end(self, end: MatchOutcome) -> None:
        seats = tuple("human" for _ in end.seats)
        await self.events.create_match(record(end.match_id, seats), [{"kind": "start"}])
        await self.events.append(end.match_id, 1, [{"kind": "end"}], finished=True, outcome=end)


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[Stores]:
    ratings = open_rating_store(store_url)
    notifications = open_notification_store(store_url)
    events = open_store(store_url, ratings=ratings, notifications=notifications)
    players = open_player_store(store_url)
    one, two = open_season_store(store_url), open_season_store(store_url)
    opened = []
    try:
        for store in (events, ratings, notifications, players, one, two):
            await store.open()
            opened.append(store)
        yield Stores(events, players, notifications, one, two)
    finally:
        for store in reversed(opened):
            await store.close()


async def test_concurrent_assignments_and_archives_happen_once(stores: Stores) -> None:
    names = [f"p{i:02d}" for i in range(13)]
    ids = [await stores.player(n) for n in names]
    # pairs play in turn: p00-p01, p02-p03, ... the last one plays p00 again
    for n in range(0, 13, 2):
        a, b = ids[n], ids[(n + 1) % 13]
        await stores.end(outcome(f"m{n}", [a, b], (310, 120), 0, WEDNESDAY + n))
    # one unrated match and one outside the week: neither counts
    await stores.end(outcome("casual", [ids[0], ids[1]], (310, 120), 0, WEDNESDAY, rated=False))
    await stores.end(outcome("late", [ids[2], ids[3]], (310, 120), 0, SPEC.ends_at + 5))
    await stores.one.ensure_seasons([SPEC])
    await stores.two.ensure_seasons([SPEC])  # twice: one row

    assigned = await asyncio.gather(
        *(s.assign_members(SPEC, 3, WEDNESDAY + 60) for s in (stores.one, stores.two) * 3)
    )
    assert sum(assigned) == 13
    members = await stores.one.members(SPEC.season_id)
    assert sorted(m.player_id for m in members) == sorted(ids)
    sizes: dict[int, int] = {}
    for m in members:
        sizes[m.group_no] = sizes.get(m.group_no, 0) + 1
    assert sorted(sizes.values()) == [1, 3, 3, 3, 3]  # filled in order, none past 3

    live = await stores.one.live_board(SPEC, 0, 100)
    assert live.total == 13 and [r.rank for r in live.rows] == list(range(1, 14))
    by_points = [(r.points, r.wins, -r.matches) for r in live.rows]
    assert by_points == sorted(by_points, reverse=True)
    assert live.rows[0].player_id == ids[0] and live.rows[0].points == 3 + 1  # won, then lost

    policy = LeaguePolicy(3, 1, 1)
    now = SPEC.ends_at + 1
    done = await asyncio.gather(
        *(
            s.archive(SPEC.season_id, now, lambda given: plan_archive(given, policy, ()), 3)
            for s in (stores.one, stores.two) * 2
        )
    )
    won = [d for d in done if d is not None]
    assert len(won) == 1 and len(won[0].changes) == 13 and len(won[0].notices) == 13
    assert sorted(won[0].told) == sorted(ids)
    record_ = await stores.two.season(SPEC.season_id)
    assert record_ is not None and record_.state == ARCHIVED and record_.players == 13
    archived = await stores.two.archived_board(SPEC.season_id, 0, 100)
    assert archived == live  # the final board is the board as it stood
    promoted = [c for c in won[0].changes if c.to_tier == 1]
    assert len(promoted) == 4  # one from each group of three; the lone member stays
    for player in ids:
        assert await stores.one.tier_of(player) == (
            1 if player in {c.player_id for c in promoted} else 0
        )
        assert len(await stores.one.league_changes(player, 0, 10)) == 1
    # a late assignment finds the season archived and writes nothing
    assert await stores.two.assign_members(SPEC, 3, now) == 0
