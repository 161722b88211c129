"""200 simulated players queue at once through two replicas on one PostgreSQL database:
every table formed is full and valid, nobody is seated twice, everyone who allowed bots
is seated once their wait is over, and whoever is left could not fill a table."""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Iterator

import pytest

from bench._server import key_directory
from bench.matchmaking import Outcome, replicas, run_crowd, wishes
from fiveup.lobby.formation import PARTY_SEATS, form_tables
from fiveup.store import open_lobby_store

from ..postgres_db import fresh_database

pytestmark = pytest.mark.postgres
BOT_WAIT = 2  # seconds the bot-allowing players agree to wait for people
SLACK = 15.0  # rounds every 0.25 s; generous for a loaded 2-core machine


@pytest.fixture
def pg_url() -> Iterator[str]:
    with fresh_database("fiveup_crowd") as url:
        yield url


async def test_200_players_through_two_replicas(pg_url: str) -> None:
    crowd = wishes(200, seed=7, bots_share=0.5)
    store = open_lobby_store(pg_url)
    async with replicas(pg_url, 2, key_directory(), matchmaker_round_seconds=0.25) as group:
        await store.open()
        try:

            async def settled(outcomes: list[Outcome]) -> bool:
                """All bot-allowing players seated, and the rest cannot fill a table."""
                if any(o.wish.allow_bots and o.seated_at is None for o in outcomes):
                    return False
                async with store.formation_round(time.time(), 0.0) as peek:
                    if not peek.acquired:
                        return False
                    return form_tables(peek.tickets, now=0.0) == []

            outcomes = await run_crowd(
                group, crowd, bot_wait=BOT_WAIT, timeout=BOT_WAIT + 90, enough=settled
            )
            stub = group[0]
            tables: dict[str, list[Outcome]] = defaultdict(list)
            for o in outcomes:
                assert not o.error or "CANCELLED" in o.error, o.error
                if o.match_id:
                    tables[o.match_id].append(o)
            # Nobody seated twice; nobody twice in one seat.
            seated = [o.player_id for o in outcomes if o.match_id]
            assert len(seated) == len(set(seated))
            for match_id, members in tables.items():
                seen = await stub.app.matches.view(match_id, None)  # seats and who joined
                view = seen.view
                size = len(view.seats)
                assert {o.wish.players for o in members} == {size}  # what they asked for
                assert len({o.seat for o in members}) == len(members)
                humans = [i for i, kind in enumerate(view.seats) if kind == "human"]
                assert sorted(o.seat for o in members) == humans  # every human seat is theirs
                assert seen.joined == frozenset(humans)  # and claimed
                if len(members) < size:  # bots filled the rest: only for those who allowed it
                    assert all(o.wish.allow_bots for o in members)
                for o in members:  # bound to the player
                    assert await store.seat_of(match_id, o.player_id) == o.seat
                parties = Counter(o.wish.party_code for o in members if o.wish.party_code)
                for code, count in parties.items():
                    assert count == 2
                    pair = tuple(sorted(o.seat for o in members if o.wish.party_code == code))
                    assert pair in PARTY_SEATS
            for o in outcomes:
                if o.wish.allow_bots:
                    assert o.waited is not None and o.waited <= BOT_WAIT + SLACK, o
            assert len(tables) >= 50
        finally:
            await store.close()
