"""Issue 21, finding 5, through a real server on both stores: statistics by mode.  Three
practice matches against a random bot (undo and hints allowed) used to count in Ann's
public win rate beside her rated play; now rated, casual and practice figures are apart,
each with its own interval, and practice is shown only to Ann, when she asks."""

from __future__ import annotations

import contextlib
import sqlite3

import grpc
import psycopg
import pytest

from fiveup.ratings.wilson import wilson_interval
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .test_rated_matches import fiveup, play, sign_in

RATED, CASUAL, PRACTICE = rp.MATCH_MODE_RATED, rp.MATCH_MODE_CASUAL, rp.MATCH_MODE_PRACTICE


db = database_on_each_store("modes")


running = server_fixture(on_each_store=True)


def figures(m: rp.ModeStats | rp.CategoryStats) -> tuple[int, int, float, float, float]:
    return (m.matches, m.wins, m.win_rate, m.win_rate_interval.lower, m.win_rate_interval.upper)


def expected(won: list[bool]) -> tuple[int, int, float, float, float]:
    interval = wilson_interval(sum(won), len(won))
    return (len(won), sum(won), sum(won) / len(won), interval.lower, interval.upper)


async def refused(call, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED, caught.value.details()
    info = error_info(caught.value)
    assert (info.reason, info.metadata["field"]) == (reason, "include_practice")


async def test_rated_casual_and_practice_are_apart_and_practice_is_private(
    running: Running,
) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    practice = [await play(running, [ann, "random"], practice=True, seed=s) for s in range(3)]
    rated = await play(running, [ann, bob], seed=7)
    casual = await play(running, [ann, bob], unrated=True, seed=8)
    stub = ratings_pb2_grpc.RatingsServiceStub(running.channel)
    own = await stub.ListPlayerMatches(
        rp.ListPlayerMatchesRequest(include_practice=True), metadata=auth(ann.access)
    )
    by_id = {m.match_id: m for m in own.matches}
    assert [by_id[m].mode for m in (*practice, rated, casual)] == [PRACTICE] * 3 + [RATED, CASUAL]
    assert by_id[rated].rated and not by_id[casual].rated
    won = {
        mode: [m.won for m in own.matches if m.mode == mode] for mode in (RATED, CASUAL, PRACTICE)
    }

    # Anyone's view (and Ann's own by default): rated and casual, practice nowhere.
    public = await stub.GetPlayerStats(rp.GetPlayerStatsRequest(player_id=ann.player_id))
    mine = await stub.GetPlayerStats(rp.GetPlayerStatsRequest(), metadata=auth(ann.access))
    assert public == mine
    (two,) = public.categories
    assert [m.mode for m in two.modes] == [RATED, CASUAL]
    assert figures(two.modes[0]) == expected(won[RATED])
    assert figures(two.modes[1]) == expected(won[CASUAL])
    assert figures(two) == expected(won[RATED] + won[CASUAL])  # the totals shown
    assert two.rated_matches == 1
    listed = await stub.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=ann.player_id))
    assert [m.match_id for m in listed.matches] == [casual, rated]

    # Ann's own, asked: practice as its own mode, and in her totals.
    asked = await stub.GetPlayerStats(
        rp.GetPlayerStatsRequest(include_practice=True), metadata=auth(ann.access)
    )
    (two,) = asked.categories
    assert [m.mode for m in two.modes] == [RATED, CASUAL, PRACTICE]
    assert figures(two.modes[2]) == expected(won[PRACTICE]) and two.modes[2].matches == 3
    assert figures(two) == expected(won[RATED] + won[CASUAL] + won[PRACTICE])
    same = await stub.GetPlayerStats(
        rp.GetPlayerStatsRequest(player_id=ann.player_id, include_practice=True),
        metadata=auth(ann.access),
    )
    assert same == asked
    only = await stub.ListPlayerMatches(
        rp.ListPlayerMatchesRequest(mode=PRACTICE), metadata=auth(ann.access)
    )
    assert [m.match_id for m in only.matches] == practice[::-1]
    ranked = await stub.ListPlayerMatches(
        rp.ListPlayerMatchesRequest(player_id=ann.player_id, mode=RATED)
    )
    assert [m.match_id for m in ranked.matches] == [rated]

    # Another player's practice is not shown to anyone else, signed in or not.
    for call in (
        stub.GetPlayerStats(
            rp.GetPlayerStatsRequest(player_id=ann.player_id, include_practice=True),
            metadata=auth(bob.access),
        ),
        stub.GetPlayerStats(
            rp.GetPlayerStatsRequest(player_id=ann.player_id, include_practice=True)
        ),
        stub.ListPlayerMatches(
            rp.ListPlayerMatchesRequest(player_id=ann.player_id, include_practice=True),
            metadata=auth(bob.access),
        ),
        stub.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=ann.player_id, mode=PRACTICE)),
    ):
        await refused(call, "PRACTICE_IS_PRIVATE")


async def test_the_rebuild_check_compares_each_results_mode_with_its_log(
    running: Running, db: str
) -> None:
    """fiveup check-ratings: the modes agree with the logs; a practice result turned
    casual (it would show in public figures) is one FAIL line naming the match."""
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    practice = await play(running, [ann, "random"], practice=True)
    await play(running, [ann, bob])
    await play(running, [ann, bob], unrated=True)
    checked = await fiveup("check-ratings", "--db", db)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == (
        "OK: 2 ratings equal a rebuild from the logs of 1 rated match; the modes of the"
        " results of 3 finished matches (rated, casual, practice) agree with their logs, and so does their own play; no rated"
        " match was aborted (fewer than 0 own moves)"
    )
    query = "UPDATE player_results SET mode = 'casual' WHERE match_id = ?"
    if db.startswith("postgresql://"):
        async with await psycopg.AsyncConnection.connect(db, autocommit=True) as conn:
            await conn.execute(query.replace("?", "%s"), (practice,))
    else:
        with contextlib.closing(sqlite3.connect(db)) as conn, conn:
            conn.execute(query, (practice,))
    checked = await fiveup("check-ratings", "--db", db)
    assert checked.returncode == 1
    assert checked.stderr.strip() == (
        f"FAIL: match {practice}: results say casual, its log says practice"
    )


async def test_a_player_who_only_practised_shows_no_public_figures(running: Running) -> None:
    cat = await sign_in(running, "Cat")
    await play(running, [cat, "random"], practice=True)
    stub = ratings_pb2_grpc.RatingsServiceStub(running.channel)
    public = await stub.GetPlayerStats(rp.GetPlayerStatsRequest(player_id=cat.player_id))
    assert list(public.categories) == []
    assert (
        list(
            (
                await stub.ListPlayerMatches(rp.ListPlayerMatchesRequest(player_id=cat.player_id))
            ).matches
        )
        == []
    )
    own = await stub.GetPlayerStats(
        rp.GetPlayerStatsRequest(include_practice=True), metadata=auth(cat.access)
    )
    (two,) = own.categories
    assert [(m.mode, m.matches) for m in two.modes] == [(PRACTICE, 1)]
    assert two.provisional and not two.HasField("rating")
