"""Seasons and leagues through a real server (SeasonService; docs/seasons.md), with the
server's clock in the test's hand: a week rolls over by moving it, no sleeping.

* the weekly board resets at Monday 00:00 UTC, and the past week is archived (by the
  server's own background task) and readable, final;
* a season's end promotes the top of each league group and relegates the bottom, each
  change a LEAGUE_CHANGED notice and a row of the player's history; a player suspended
  from rated play is held back;
* only results the ratings count are season results: a voided one stops counting, one
  the rated-play rules turned away (a resignation before any own move, a pair farming
  past the pairing limit) never counts;
* two servers on one PostgreSQL archive a season once;
* ``fiveup check-seasons`` recomputes every board from the logs and agrees.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import admin_pb2 as apb
from fiveup.v1 import notifications_pb2 as npb
from fiveup.v1 import notifications_pb2_grpc, seasons_pb2_grpc
from fiveup.v1 import seasons_pb2 as sp

from ..admin.operators import admin_stub, operator_auth
from ..admin.playing import Player, farm, fiveup, sign_in
from ..harness import Running, auth, start, stop, wait_for
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .test_rated_policy import resigned_match

SUNDAY_LATE = datetime(2026, 12, 13, 23, 50, tzinfo=UTC).timestamp()  # week of 7 Dec
MONDAY = datetime(2026, 12, 14, 0, 0, 1, tzinfo=UTC).timestamp()  # week of 14 Dec
WEEK = 7 * 86_400.0
LEAGUE = {
    "season_named": "cup|Winter Cup|2026-12-10T00:00:00Z|2026-12-20T00:00:00Z",
    "season_grace_seconds": 0.0,
    "season_board_cache_seconds": 0.0,  # every read sees the results as they are
    "league_group_size": 3,
    "league_promote": 1,
    "league_relegate": 1,
}


class Clock:
    """The server's wall clock, moved by the test."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def seasons(server: Running) -> seasons_pb2_grpc.SeasonServiceStub:
    return seasons_pb2_grpc.SeasonServiceStub(server.channel)


async def board(
    server: Running, season_id: str, player: Player | None = None
) -> sp.GetSeasonBoardResponse:
    return await seasons(server).GetSeasonBoard(
        sp.GetSeasonBoardRequest(season_id=season_id),
        metadata=auth(player.access) if player else None,
    )


def points(answer: sp.GetSeasonBoardResponse) -> dict[str, tuple[int, int, int]]:
    return {r.player_id: (r.points, r.wins, r.matches) for r in answer.rows}


async def tick(server: Running) -> tuple[str, ...]:
    assert server.app.contexts is not None and server.app.contexts.ratings.seasons is not None
    return (await server.app.contexts.ratings.seasons.tick()).archived


async def notices(server: Running, player: Player) -> list[npb.Notification]:
    stub = notifications_pb2_grpc.NotificationServiceStub(server.channel)
    answer = await stub.ListNotifications(
        npb.ListNotificationsRequest(), metadata=auth(player.access)
    )
    return [n for n in answer.notifications if n.kind == npb.NOTIFICATION_KIND_LEAGUE_CHANGED]


db = database_on_each_store("seasons")


@pytest.fixture
async def clock() -> Clock:
    return Clock(SUNDAY_LATE)


@pytest.fixture
async def weekly(db: str, clock: Clock) -> AsyncIterator[Running]:
    # the background task ticks every 50 ms: the rollover below is its own work
    server = await start(db, clock=clock, season_tick_seconds=0.05, **LEAGUE)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        await stop(server)


async def test_the_weekly_board_resets_at_the_weeks_end_and_the_past_week_is_archived(
    weekly: Running, clock: Clock, db: str
) -> None:
    ann, bob, cat = [await sign_in(weekly, n) for n in ("Ann", "Bob", "Cat")]
    await farm(weekly, ann, bob)  # the suite's relaxed rules rate it (tests/rated_play.py)
    await farm(weekly, cat, ann)
    week = await board(weekly, "weekly", ann)
    assert week.season.season_id == "week-2026-12-07" and week.season.league
    assert week.season.state == sp.SEASON_STATE_OPEN
    assert points(week) == {
        ann.player_id: (4, 1, 2),
        cat.player_id: (3, 1, 1),
        bob.player_id: (1, 0, 1),
    }
    assert [r.display_name for r in week.rows] == ["Ann", "Cat", "Bob"]  # points, then wins
    assert week.my_row.rank == 1 and week.total_players == 3
    assert points(await board(weekly, "named-cup")) == points(week)  # every season alike

    clock.at = MONDAY  # the week is over: the server's task archives it by itself

    async def archived() -> sp.Season | None:
        listed = await seasons(weekly).ListSeasons(
            sp.ListSeasonsRequest(kind=sp.SEASON_KIND_WEEKLY)
        )
        past = [s for s in listed.archived if s.season_id == "week-2026-12-07"]
        return past[0] if past and past[0].state == sp.SEASON_STATE_ARCHIVED else None

    past = await wait_for(archived)
    assert past.players == 3 and past.archived_at.seconds >= int(MONDAY)
    new = await board(weekly, "weekly", ann)
    assert new.season.season_id == "week-2026-12-14" and list(new.rows) == []
    assert not new.HasField("my_row")
    # a match of the new week counts there only; the archive is final
    await farm(weekly, bob, cat)
    assert points(await board(weekly, "weekly")) == {
        bob.player_id: (3, 1, 1),
        cat.player_id: (1, 0, 1),
    }
    cup = await board(weekly, "named-cup")  # the named season runs on, across both weeks
    assert cup.season.kind == sp.SEASON_KIND_NAMED and cup.season.name == "Winter Cup"
    assert points(cup) == {p.player_id: (4, 1, 2) for p in (ann, bob, cat)}
    listed = await seasons(weekly).ListSeasons(sp.ListSeasonsRequest())
    assert [s.season_id for s in listed.current] == [  # by end
        "named-cup",
        "week-2026-12-14",
        "month-2026-12",
    ]
    old = await board(weekly, "week-2026-12-07", cat)
    assert old.season.state == sp.SEASON_STATE_ARCHIVED and old.my_row.rank == 2
    assert points(old) == points(week)
    # paging the archive
    first = await seasons(weekly).GetSeasonBoard(
        sp.GetSeasonBoardRequest(season_id="week-2026-12-07", page_size=2)
    )
    rest = await seasons(weekly).GetSeasonBoard(
        sp.GetSeasonBoardRequest(
            season_id="week-2026-12-07", page_size=2, page_token=first.next_page_token
        )
    )
    assert [r.rank for r in (*first.rows, *rest.rows)] == [1, 2, 3] and not rest.next_page_token
    # unknown seasons and another season's token are refused
    for request, code, reason in (
        (sp.GetSeasonBoardRequest(season_id="week-1999-01-04"), grpc.StatusCode.NOT_FOUND, "SEASON_NOT_FOUND"),
        (sp.GetSeasonBoardRequest(season_id="weekly", page_token=first.next_page_token),
         grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT"),
    ):  # fmt: skip
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await seasons(weekly).GetSeasonBoard(request)
        assert (caught.value.code(), error_info(caught.value).reason) == (code, reason)

    # the boards equal a recomputation from the logs
    ran = await fiveup(
        "check-seasons",
        "--db",
        db,
        "--league-group-size",
        "3",
        "--league-promote",
        "1",
        "--league-relegate",
        "1",
    )
    assert ran.returncode == 0, ran.stderr
    assert "OK" in ran.stdout


@pytest.fixture
async def league(tmp_path: object, clock: Clock) -> AsyncIterator[Running]:
    # ticks by the test's hand (tick()): the task's first tick only
    server = await start(
        f"{tmp_path}/league.sqlite3",
        clock=clock,
        season_tick_seconds=3600.0,
        **LEAGUE,  # type: ignore[arg-type]
    )
    try:
        yield server
    finally:
        await stop(server)


async def test_a_seasons_end_promotes_the_top_and_relegates_the_bottom_with_a_notice_each(
    league: Running, clock: Clock
) -> None:
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal")
    ann, bob, cat, dan, eve, fay, gil, hal = [await sign_in(league, n) for n in names]
    # Week 1, everyone Bronze: groups of three fill in the order of first results.
    for winner, loser in ((ann, bob), (ann, cat), (dan, eve), (dan, fay), (gil, hal)):
        await farm(league, winner, loser)
        clock.at += 1
    mine = await seasons(league).GetLeague(sp.GetLeagueRequest(), metadata=auth(ann.access))
    assert mine.joined and mine.tier == sp.LEAGUE_TIER_BRONZE and mine.my_rank == 1
    # (Bob and Cat tie on everything: the player ids order them)
    assert sorted((r.row.display_name, r.row.points, r.zone) for r in mine.table) == [
        ("Ann", 6, sp.LEAGUE_ZONE_PROMOTION), ("Bob", 1, sp.LEAGUE_ZONE_SAFE),
        ("Cat", 1, sp.LEAGUE_ZONE_SAFE),
    ]  # fmt: skip
    assert (mine.promotion_places, mine.relegation_places) == (1, 0)  # nobody below Bronze
    # Dan farmed: an operator suspends him from rated play before the week ends
    await admin_stub(league).ImposeSanction(
        apb.ImposeSanctionRequest(
            player_id=dan.player_id, kind=apb.SANCTION_KIND_RATED_PLAY_SUSPENSION,
            ends_at=_stamp(clock.at + WEEK), reason="farmed wins",
        ),
        metadata=operator_auth(league),
    )  # fmt: skip
    dans = await seasons(league).GetLeague(sp.GetLeagueRequest(), metadata=auth(dan.access))
    assert dans.table[0].row.player_id == dan.player_id and dans.table[0].suspended
    eves = await seasons(league).GetLeague(sp.GetLeagueRequest(), metadata=auth(eve.access))
    assert eves.table[0].row.player_id == dan.player_id and not eves.table[0].suspended

    clock.at = MONDAY
    assert await tick(league) == ("week-2026-12-07",)
    assert await tick(league) == ()  # once
    tiers = {p.player_id: (await seasons(league).GetLeague(sp.GetLeagueRequest(), metadata=auth(p.access))).tier
             for p in (ann, bob, dan, gil)}  # fmt: skip
    assert tiers == {
        ann.player_id: sp.LEAGUE_TIER_SILVER, bob.player_id: sp.LEAGUE_TIER_BRONZE,
        dan.player_id: sp.LEAGUE_TIER_BRONZE, gil.player_id: sp.LEAGUE_TIER_SILVER,
    }  # fmt: skip
    held = (
        await seasons(league).ListLeagueChanges(
            sp.ListLeagueChangesRequest(), metadata=auth(dan.access)
        )
    ).changes
    assert [(c.kind, c.held_back, c.rank) for c in held] == [
        (sp.LEAGUE_CHANGE_KIND_STAYED, True, 1)
    ]

    # Week 2: Ann and Gil meet in Silver; a group of two promotes one, relegates one.
    clock.at += 60
    await farm(league, ann, gil)
    silver = await seasons(league).GetLeague(sp.GetLeagueRequest(), metadata=auth(gil.access))
    assert silver.tier == sp.LEAGUE_TIER_SILVER and (
        silver.promotion_places,
        silver.relegation_places,
    ) == (1, 1)
    assert [r.zone for r in silver.table] == [sp.LEAGUE_ZONE_PROMOTION, sp.LEAGUE_ZONE_RELEGATION]
    clock.at = MONDAY + WEEK
    assert await tick(league) == ("named-cup", "week-2026-12-14")  # the cup ended too

    anns = (
        await seasons(league).ListLeagueChanges(
            sp.ListLeagueChangesRequest(), metadata=auth(ann.access)
        )
    ).changes
    assert [(c.season_id, c.from_tier, c.to_tier, c.kind) for c in anns] == [
        ("week-2026-12-14", sp.LEAGUE_TIER_SILVER, sp.LEAGUE_TIER_GOLD, sp.LEAGUE_CHANGE_KIND_PROMOTED),
        ("week-2026-12-07", sp.LEAGUE_TIER_BRONZE, sp.LEAGUE_TIER_SILVER, sp.LEAGUE_CHANGE_KIND_PROMOTED),
    ]  # fmt: skip
    gils = (
        await seasons(league).ListLeagueChanges(
            sp.ListLeagueChangesRequest(), metadata=auth(gil.access)
        )
    ).changes
    assert [c.kind for c in gils] == [
        sp.LEAGUE_CHANGE_KIND_RELEGATED,
        sp.LEAGUE_CHANGE_KIND_PROMOTED,
    ]
    # every change a notice, once, in the player's own outbox
    told = await notices(league, gil)
    assert [(n.facts["change"], n.facts["to_tier"], n.title) for n in told] == [
        ("promoted", "silver", "Promoted"), ("relegated", "bronze", "Relegated"),
    ]  # fmt: skip
    assert len(await notices(league, ann)) == 2 and len(await notices(league, bob)) == 1
    assert len(await notices(league, eve)) == 1  # stayed: told too
    # the league is the caller's own
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await seasons(league).GetLeague(sp.GetLeagueRequest())
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED


def _stamp(at: float) -> object:
    from google.protobuf.timestamp_pb2 import Timestamp

    stamp = Timestamp()
    stamp.FromNanoseconds(int(at * 1e9))
    return stamp


async def test_a_voided_result_stops_counting(league: Running) -> None:
    ann, bob, cat = [await sign_in(league, n) for n in ("Ann", "Bob", "Cat")]
    farmed = await farm(league, ann, bob)
    await farm(league, cat, ann)
    assert points(await board(league, "weekly"))[ann.player_id] == (4, 1, 2)
    await admin_stub(league).VoidResult(
        apb.VoidResultRequest(match_id=farmed, reason="a sock resigned at once"),
        metadata=operator_auth(league),
    )
    after = points(await board(league, "weekly"))
    assert after == {cat.player_id: (3, 1, 1), ann.player_id: (1, 0, 1)}  # Bob's only result gone
    assert points(await board(league, "monthly")) == after  # every season alike


async def test_a_void_after_the_archive_leaves_the_final_board_and_its_moves(
    league: Running, clock: Clock
) -> None:
    ann, bob = await sign_in(league, "Ann"), await sign_in(league, "Bob")
    farmed = await farm(league, ann, bob)
    clock.at = MONDAY
    assert "week-2026-12-07" in await tick(league)
    clock.at += 60  # a minute after the archive
    await admin_stub(league).VoidResult(
        apb.VoidResultRequest(match_id=farmed, reason="found after the week"),
        metadata=operator_auth(league),
    )
    final = await board(league, "week-2026-12-07")
    assert points(final) == {ann.player_id: (3, 1, 1), bob.player_id: (1, 0, 1)}
    assert points(await board(league, "monthly")) == {}  # a running season drops it
    changes = await seasons(league).ListLeagueChanges(
        sp.ListLeagueChangesRequest(), metadata=auth(ann.access)
    )
    assert [c.kind for c in changes.changes] == [sp.LEAGUE_CHANGE_KIND_PROMOTED]
    ran = await fiveup(
        "check-seasons", "--db", str(league.db), "--league-group-size", "3",
        "--league-promote", "1", "--league-relegate", "1",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr  # the recomputation keeps it where it was final


@pytest.fixture
async def strict(tmp_path: object, clock: Clock) -> AsyncIterator[Running]:
    # the operator's rules of own moves and repeated pairings (standing: any guest)
    server = await start(
        f"{tmp_path}/strict.sqlite3", clock=clock, season_tick_seconds=3600.0,
        rated_min_own_moves=3, rated_pair_limit=2, **LEAGUE,  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        yield server
    finally:
        await stop(server)


async def test_results_the_rated_play_rules_turn_away_never_count(strict: Running) -> None:
    ann, bob = await sign_in(strict, "Ann"), await sign_in(strict, "Bob")
    await farm(strict, ann, bob)  # resigned before any own move: recorded unrated
    assert list((await board(strict, "weekly")).rows) == []
    # two accounts trading wins: the pairing limit counts two a day, whatever the volume
    for winner, loser in ((ann, bob), (bob, ann), (ann, bob), (bob, ann)):
        await resigned_match(strict, winner, loser)  # type: ignore[arg-type]
    assert points(await board(strict, "weekly")) == {
        ann.player_id: (4, 1, 2),
        bob.player_id: (4, 1, 2),
    }
    league = await seasons(strict).GetLeague(sp.GetLeagueRequest(), metadata=auth(ann.access))
    assert sorted(r.row.points for r in league.table) == [4, 4]


async def test_the_rollover_runs_once_with_two_servers_on_one_postgresql(
    db: str, clock: Clock, tmp_path: Path
) -> None:
    if not db.startswith("postgres"):
        pytest.skip("two replicas share PostgreSQL")
    keys = tmp_path / "keys"  # one access-token key: a session works on both replicas
    keys.mkdir()
    (keys / "k1").write_text(secrets.token_urlsafe(48))
    shared = {**LEAGUE, "season_tick_seconds": 3600.0, "access_token_keys": str(keys)}
    one = await start(db, clock=clock, **shared)  # type: ignore[arg-type]
    two = await start(db, clock=clock, **shared)  # type: ignore[arg-type]
    try:
        ann, bob, cat = [await sign_in(one, n) for n in ("Ann", "Bob", "Cat")]
        await farm(one, ann, bob)
        await farm(two, ann, cat)
        clock.at = MONDAY
        done = await asyncio.gather(*(tick(s) for s in (one, two, one, two, one, two)))
        assert sorted(d for d in done if d) == [("week-2026-12-07",)]
        for server in (one, two):
            changes = await seasons(server).ListLeagueChanges(
                sp.ListLeagueChangesRequest(), metadata=auth(ann.access)
            )
            assert [c.kind for c in changes.changes] == [sp.LEAGUE_CHANGE_KIND_PROMOTED]
        assert [len(await notices(two, p)) for p in (ann, bob, cat)] == [1, 1, 1]
        old = await board(two, "week-2026-12-07")
        assert old.season.state == sp.SEASON_STATE_ARCHIVED and old.total_players == 3
    finally:
        await stop(two)
        await stop(one)
