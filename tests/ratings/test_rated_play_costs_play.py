"""Rated play costs play (issue 31, finding 7), through a real server on both stores.

The finding: with accounts made a day ahead (``--rated-guest-min-age-seconds 0`` stands in
for that), guests earned standing with no move of their own -- each joined an unrated
match against a bot and never moved, the stand-in took the seat after the turn timer and
played it out, and those rounds counted as the guest's -- then the target played rated
61-point matches against each sock, each sock resigning before anyone moved, and was #1
of the board.  Now a stand-in's moves and rounds count for nobody's standing, a forfeit
before every seat made ``--rated-min-own-moves`` own moves is recorded unrated
("aborted"), and a board ranks a player only after rated results against
``--rated-board-min-opponents`` distinct opponents; honest play still rates.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import grpc
import pytest

from fiveup.app.config import ServerConfig
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp

from ..harness import Running, auth, bot, human, start, stop
from ..postgres_db import database_on_each_store
from ..service.test_fair_end import rebuilt_equals_stored, view_of
from .test_rated_matches import Player, fiveup, sign_in
from .test_rated_policy import DEFAULTS, board, earn_standing, rated_count, resigned_match

db = database_on_each_store("rated_costs_play")

MIN_OWN_MOVES = ServerConfig().rated_min_own_moves
MIN_OPPONENTS = ServerConfig().rated_board_min_opponents
TWO = rp.RATING_CATEGORY_TWO_PLAYERS


@pytest.fixture
async def running(db: str) -> AsyncIterator[Running]:
    # The operator's defaults (docs/ratings.md), the accounts taken to be a day old, a
    # guest's standing after one finished match of a round (the finding's socks earned
    # three of fifteen rounds the same way: one shows it), and a short turn timer so that
    # the stand-in takes an idle seat soon (long enough for a test's own moves on a
    # loaded machine: a stand-in in their rounds would cost them their standing).
    server = await start(
        db,
        **{**DEFAULTS, "rated_guest_min_age_seconds": 0.0, "rated_guest_min_matches": 1,
           "rated_guest_min_rounds": 1},  # type: ignore[arg-type]
        turn_timeout_seconds=2.0, stand_in_delay_seconds=0.0,
        forfeit_after_stand_in_turns=3, forfeit_after_stand_in_seconds=0.0,
    )  # fmt: skip
    try:
        yield server
    finally:
        await stop(server)


async def finished(server: Running, match_id: str, timeout: float = 60.0) -> pb.MatchView:
    """The match's view once it is over (the stand-in and the bot play it out)."""

    async def over() -> pb.MatchView:
        while True:
            view = await view_of(server, match_id)
            if view.status != pb.MATCH_STATUS_IN_PROGRESS:
                return view
            await asyncio.sleep(0.05)  # the server's bots move meanwhile

    return await asyncio.wait_for(over(), timeout)


async def idle_against_a_bot(server: Running, player: Player) -> str:
    """The finding's standing: join an unrated 5-point match against a bot and never
    move; the turn timer's stand-in plays the seat to the end."""
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), bot("random")], target_points=5)
    )
    await server.matches.JoinMatch(
        pb.JoinMatchRequest(match_id=created.match_id, seat=0), metadata=auth(player.access)
    )
    view = await finished(server, created.match_id)
    assert view.status == pb.MATCH_STATUS_FINISHED
    return created.match_id


async def resign_at_once(server: Running, winner: Player, loser: Player) -> str:
    """A rated 61-point match that ``loser`` resigns before anyone moved."""
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=61)
    )
    for seat, player in enumerate((winner, loser)):
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=auth(player.access)
        )
    assert (await view_of(server, created.match_id)).rated
    await server.matches.Resign(
        pb.ResignRequest(match_id=created.match_id), metadata=auth(loser.access)
    )
    return created.match_id


async def results(server: Running, player: Player) -> dict[str, rp.PlayerMatch]:
    page = await board(server).ListPlayerMatches(
        rp.ListPlayerMatchesRequest(player_id=player.player_id, page_size=100)
    )
    return {m.match_id: m for m in page.matches}


async def not_on_the_board(server: Running, player: Player) -> None:
    request = rp.GetLeaderboardRequest(category=TWO, around_player_id=player.player_id)
    try:
        around = await board(server).GetLeaderboard(request)
    except grpc.aio.AioRpcError as exc:  # no rating at all: nothing to place
        assert exc.code() == grpc.StatusCode.FAILED_PRECONDITION
        return
    assert not around.standing.ranked
    top = await board(server).GetLeaderboard(rp.GetLeaderboardRequest(category=TWO))
    assert player.player_id not in [e.player_id for e in top.entries]


async def test_the_finding_a_place_on_the_board_for_no_play(running: Running, db: str) -> None:
    target = await sign_in(running, "Target")
    socks = [await sign_in(running, f"Sock{n}") for n in range(4)]
    for player in (target, *socks):
        match_id = await idle_against_a_bot(running, player)
        mine = (await results(running, player))[match_id]
        # the stand-in's moves are nobody's: the player made none
        assert mine.HasField("own_moves") and mine.own_moves == 0 and mine.rounds >= 1
    rated: list[str] = []
    for sock in socks:
        for _ in range(2):
            rated.append(await resign_at_once(running, target, sock))
    assert await rated_count(running, target) == 0
    mine = await results(running, target)
    # each was created rated and recorded unrated, aborted: nobody had moved
    assert [(mine[m].rated, mine[m].unrated_reason, mine[m].own_moves) for m in rated] == [
        (False, "aborted", 0)
    ] * len(rated)
    await not_on_the_board(running, target)
    top = await board(running).GetLeaderboard(rp.GetLeaderboardRequest(category=TWO))
    assert top.total_players == 0
    # and the operator's check agrees with the logs, the own play included
    checked = await fiveup("check-ratings", "--db", db, "--rated-min-own-moves", str(MIN_OWN_MOVES))
    assert checked.returncode == 0, checked.stderr


async def test_standing_from_a_stand_in_is_nobodys(running: Running) -> None:
    """Even with honest own play before it, a sock whose standing match the stand-in
    played has none: its matches against a player with standing stay unrated."""
    ann, sock = await sign_in(running, "Ann"), await sign_in(running, "Sock")
    await earn_standing(running, ann)  # a round of her own against a bot
    await idle_against_a_bot(running, sock)
    await resigned_match(running, ann, sock)  # enough own moves: standing decides
    mine = await results(running, ann)
    assert [(m.rated, m.unrated_reason) for m in mine.values() if m.unrated_reason] == [
        (False, "standing")
    ]
    await earn_standing(running, sock)  # now the sock plays a round itself
    await resigned_match(running, ann, sock)
    assert (await rated_count(running, ann), await rated_count(running, sock)) == (1, 1)


async def test_a_forfeit_before_each_seat_made_its_own_moves_is_not_rated(
    running: Running, db: str
) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    for player in (ann, bob):
        await earn_standing(running, player)
    assert MIN_OWN_MOVES == 3
    early = await resigned_match(running, ann, bob, moves=MIN_OWN_MOVES - 1)
    assert await rated_count(running, ann) == 0
    assert (await results(running, ann))[early].unrated_reason == "aborted"
    # honest play still rates: both made their moves, then one side resigned
    played = await resigned_match(running, ann, bob, moves=MIN_OWN_MOVES)
    assert (await rated_count(running, ann), await rated_count(running, bob)) == (1, 1)
    row = (await results(running, bob))[played]
    assert row.rated and row.unrated_reason == "" and row.own_moves >= MIN_OWN_MOVES
    await rebuilt_equals_stored(db)


async def test_an_abandoned_seat_whose_stand_in_moved_is_aborted(running: Running) -> None:
    """Bob joins a rated match and never moves: the stand-in plays three of his turns,
    then the seat forfeits (abandoned).  Bob made no move of his own: not rated."""
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    for player in (ann, bob):
        await earn_standing(running, player)
    created = await running.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=61)
    )
    for seat, player in enumerate((ann, bob)):
        await running.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=auth(player.access)
        )
    rng = random.Random(7)

    async def ann_plays() -> pb.MatchView:
        while True:
            view = await view_of(running, created.match_id, ann.access)
            if view.status != pb.MATCH_STATUS_IN_PROGRESS:
                return view
            if view.HasField("turn_seat") and view.turn_seat == 0 and view.legal_moves:
                try:
                    await running.matches.SubmitMove(
                        pb.SubmitMoveRequest(
                            match_id=created.match_id, move=rng.choice(list(view.legal_moves)),
                            expected_version=view.version, request_id=f"a{view.version}",
                        ),
                        metadata=auth(ann.access),
                    )  # fmt: skip
                except grpc.aio.AioRpcError as exc:
                    assert exc.code() == grpc.StatusCode.ABORTED  # the stand-in moved first
            else:
                await asyncio.sleep(0.05)  # Bob's stand-in is to move

    view = await asyncio.wait_for(ann_plays(), 60)
    assert view.status == pb.MATCH_STATUS_FINISHED
    mine = (await results(running, bob))[created.match_id]
    assert (mine.rated, mine.unrated_reason, mine.own_moves) == (False, "aborted", 0)
    assert await rated_count(running, ann) == 0


async def test_the_board_ranks_after_several_distinct_opponents(db: str) -> None:
    # every rating settled at once (sigma 100), so only the opponents' rule keeps Ann off
    server = await start(
        db,
        **{**DEFAULTS, "rated_guest_min_age_seconds": 0.0, "rated_guest_min_matches": 1,
           "rated_guest_min_rounds": 1, "rating_settled_sigma": 100.0},  # type: ignore[arg-type]
    )  # fmt: skip
    try:
        ann = await sign_in(server, "Ann")
        rivals = [await sign_in(server, f"Rival{n}") for n in range(MIN_OPPONENTS)]
        for player in (ann, *rivals):
            await earn_standing(server, player)
        request = rp.GetLeaderboardRequest(category=TWO, around_player_id=ann.player_id)
        for rival in rivals[:-1]:
            await resigned_match(server, ann, rival)
            around = await board(server).GetLeaderboard(request)
            assert not around.standing.ranked and around.standing.few_opponents
            assert not around.standing.provisional and not around.standing.inactive
        await resigned_match(server, ann, rivals[-1])  # the fifth distinct opponent
        around = await board(server).GetLeaderboard(request)
        assert around.standing.ranked and not around.standing.few_opponents
        assert around.standing.entry.rank == 1
        stats = await board(server).GetPlayerStats(
            rp.GetPlayerStatsRequest(player_id=ann.player_id)
        )
        two = next(c for c in stats.categories if c.category == TWO)
        assert two.rated_matches == MIN_OPPONENTS
    finally:
        await stop(server)
