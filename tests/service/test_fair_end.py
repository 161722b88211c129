"""Ending a rated match fairly, through a real server (issue 21, findings 2 and 3): the
creator cannot erase a loss with CancelMatch once every seat has moved (before, it
returned OK at 7:2 down and nobody got a result), a player concedes with Resign and it is
rated as a loss, and a seat abandoned in a rated match forfeits after the stand-in has
played for it a few turns (before, the stand-in played on and the absent player won),
while an unrated match is still played to its end by the stand-in.  Every end is in the
log: the record verifies, the results list it and the stored ratings equal a rebuild
from the logs."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest

from fiveup.cli.verify import verify_record
from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.store import open_rating_store, open_store
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, human, server_fixture, start, stop
from ..postgres_db import database_on_each_store
from ..ratings.test_rated_matches import Player, sign_in
from .helpers import error_info
from .players import Watcher

db = database_on_each_store("fair_end")


running = server_fixture(on_each_store=True)


async def rated_table(
    server: Running, players: list[Player], target: int = 61, **options: bool
) -> tuple[pb.CreateMatchResponse, list[str]]:
    """A match of ``players`` (rated unless ``unrated``; a standard 61-point target),
    every seat joined with the player's access token (which then acts for the seat)."""
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human() for _ in players], target_points=target, **options)
    )
    for seat, player in enumerate(players):
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=auth(player.access)
        )
    return created, [p.access for p in players]


async def view_of(server: Running, match_id: str, token: str | None = None) -> pb.MatchView:
    md = auth(token) if token else None
    return (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=md)).view


async def move_once(server: Running, match_id: str, tokens: list[str], rng: random.Random) -> None:
    """The seat to move makes one of its legal moves."""
    view = await view_of(server, match_id)
    token = tokens[view.turn_seat]
    legal = await server.matches.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(token)
    )
    await server.matches.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=match_id,
            move=rng.choice(list(legal.moves)),
            expected_version=legal.version,
            request_id=f"m{legal.version}",
        ),
        metadata=auth(token),
    )


async def rebuilt_equals_stored(db: str) -> None:
    events, ratings = open_store(db), open_rating_store(db)
    await events.open()
    await ratings.open()
    try:
        ledger = await ratings.rated_match_ids()
        assert await ratings_from_logs(ledger, events) == await ratings.all_ratings()
    finally:
        await ratings.close()
        await events.close()


def board(server: Running) -> ratings_pb2_grpc.RatingsServiceStub:
    return ratings_pb2_grpc.RatingsServiceStub(server.channel)


async def test_a_loss_cannot_be_cancelled_once_play_has_started(running: Running) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    rng = random.Random(21)
    # Before every seat has moved the creator may still call the match off.
    early, tokens = await rated_table(running, [ann, bob])
    await move_once(running, early.match_id, tokens, rng)
    assert not (await view_of(running, early.match_id)).play_started
    called_off = await running.matches.CancelMatch(
        pb.CancelMatchRequest(match_id=early.match_id), metadata=auth(early.creator_token)
    )
    assert (await view_of(running, early.match_id)).status == pb.MATCH_STATUS_CANCELLED
    assert called_off.version > 0

    created, tokens = await rated_table(running, [ann, bob])
    match_id = created.match_id
    while not (await view_of(running, match_id)).play_started:
        await move_once(running, match_id, tokens, rng)
    for _ in range(6):
        await move_once(running, match_id, tokens, rng)
    before = await view_of(running, match_id)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await running.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=match_id), metadata=auth(created.creator_token)
        )
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(caught.value).reason == "PLAY_STARTED"
    after = await view_of(running, match_id)  # the refusal left the match as it was
    assert (after.version, after.status) == (before.version, pb.MATCH_STATUS_IN_PROGRESS)


async def test_resign_concedes_for_the_callers_side_and_is_rated_as_a_loss(
    running: Running, db: str
) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    created, tokens = await rated_table(running, [ann, bob])
    match_id = created.match_id
    rng = random.Random(7)
    while not (await view_of(running, match_id)).play_started:
        await move_once(running, match_id, tokens, rng)
    watcher = Watcher(running.matches, match_id).start()
    # Ann resigns, whoever is to move; a second call answers the same version.
    resigned = await running.matches.Resign(
        pb.ResignRequest(match_id=match_id), metadata=auth(ann.access)
    )
    again = await running.matches.Resign(
        pb.ResignRequest(match_id=match_id), metadata=auth(ann.access)
    )
    assert again.version == resigned.version
    await asyncio.wait_for(watcher.task, 30)  # type: ignore[arg-type]
    kinds = [e.WhichOneof("kind") for e in watcher.events[-2:]]
    assert kinds == ["forfeited", "match_ended"]
    forfeit, ended = watcher.events[-2], watcher.events[-1]
    assert forfeit.forfeited.seat == 0 and forfeit.forfeited.reason == pb.FORFEIT_REASON_RESIGNED
    assert ended.version == resigned.version
    assert ended.match_ended.winner_side == 1 and ended.match_ended.forfeited_side == 0
    view = await view_of(running, match_id)
    assert view.status == pb.MATCH_STATUS_FINISHED and view.winner_side == 1
    assert view.forfeited_seat == 0 and view.forfeit_reason == pb.FORFEIT_REASON_RESIGNED
    # Bob cannot resign a match that is over; moves are refused too.
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await running.matches.Resign(pb.ResignRequest(match_id=match_id), metadata=auth(bob.access))
    assert error_info(caught.value).reason == "MATCH_FINISHED"
    # Rated as Ann's loss: her rating fell below Bob's, her history lists a loss.
    stats = {
        p.player_id: await board(running).GetPlayerStats(
            rp.GetPlayerStatsRequest(player_id=p.player_id)
        )
        for p in (ann, bob)
    }
    two = {
        p: next(c for c in s.categories if c.category == rp.RATING_CATEGORY_TWO_PLAYERS)
        for p, s in stats.items()
    }
    assert two[ann.player_id].rating.ordinal < two[bob.player_id].rating.ordinal
    assert (two[ann.player_id].wins, two[bob.player_id].wins) == (0, 1)
    record = await running.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
    assert verify_record(record).ok
    await rebuilt_equals_stored(db)


async def test_a_seat_without_its_token_cannot_resign(running: Running) -> None:
    ann, bob, eve = [await sign_in(running, n) for n in ("Ann", "Bob", "Eve")]
    created, _ = await rated_table(running, [ann, bob])
    for metadata, code in ((None, grpc.StatusCode.UNAUTHENTICATED),
                           (auth(eve.access), grpc.StatusCode.PERMISSION_DENIED)):  # fmt: skip
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await running.matches.Resign(
                pb.ResignRequest(match_id=created.match_id), metadata=metadata
            )
        assert caught.value.code() == code
    view = await view_of(running, created.match_id)
    assert view.status == pb.MATCH_STATUS_IN_PROGRESS


@dataclass(frozen=True)
class Abandoned:
    match_id: str
    events: list[pb.MatchEvent]  # the whole log, as a spectator saw it
    bob: Player  # the player who walked away


async def abandon(server: Running, rated: bool) -> Abandoned:
    """Ann plays on (the first legal move each turn); Bob stops answering after his first
    move: his turns time out and a stand-in plays them."""
    ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
    created, tokens = await rated_table(
        server, [ann, bob], target=61 if rated else 10, unrated=not rated
    )
    match_id = created.match_id
    rng = random.Random(3)
    while not (await view_of(server, match_id)).play_started:
        await move_once(server, match_id, tokens, rng)
    watcher = Watcher(server.matches, match_id).start()

    async def ann_moves() -> None:
        while not watcher.done:
            view = await view_of(server, match_id, ann.access)
            if view.status != pb.MATCH_STATUS_IN_PROGRESS:
                return
            if view.HasField("turn_seat") and view.turn_seat == 0:
                try:
                    await server.matches.SubmitMove(
                        pb.SubmitMoveRequest(
                            match_id=match_id, move=view.legal_moves[0],
                            expected_version=view.version, request_id=f"a{view.version}",
                        ), metadata=auth(ann.access),
                    )  # fmt: skip
                except grpc.aio.AioRpcError as exc:
                    if exc.code() not in (grpc.StatusCode.ABORTED,
                                          grpc.StatusCode.FAILED_PRECONDITION):  # fmt: skip
                        raise
                continue
            await watcher.wait_change(60)

    await asyncio.wait_for(ann_moves(), 120)
    await asyncio.wait_for(watcher.task, 60)  # type: ignore[arg-type]
    return Abandoned(match_id, watcher.events, bob)


async def test_an_abandoned_seat_of_a_rated_match_forfeits(tmp_path: Path) -> None:
    db = str(tmp_path / "abandoned.sqlite3")
    server = await start(
        db, turn_timeout_seconds=0.3, turn_sweep_seconds=0.05, stand_in_delay_seconds=0.0,
        forfeit_after_stand_in_turns=2, forfeit_after_stand_in_seconds=0.0,
    )  # fmt: skip
    try:
        abandoned = await abandon(server, rated=True)
        match_id, events, bob = abandoned.match_id, abandoned.events, abandoned.bob
        kinds = [e.WhichOneof("kind") for e in events]
        assert kinds[-2:] == ["forfeited", "match_ended"], kinds[-8:]
        forfeit, ended = events[-2].forfeited, events[-1].match_ended
        assert (forfeit.seat, forfeit.reason) == (1, pb.FORFEIT_REASON_ABANDONED)
        assert (ended.winner_side, ended.forfeited_side) == (0, 1)
        # the stand-in played exactly its allowance of Bob's turns before the forfeit
        took_over = max(i for i, e in enumerate(events) if e.WhichOneof("kind") ==
                        "seat_auto_played" and e.seat_auto_played.active)  # fmt: skip
        stand_in_turns = [e for e in events[took_over:] if
                          (e.WhichOneof("kind") == "tile_placed" and e.tile_placed.seat == 1)
                          or (e.WhichOneof("kind") == "passed" and e.passed.seat == 1)]  # fmt: skip
        assert len(stand_in_turns) == 2
        stats = await board(server).GetPlayerStats(
            rp.GetPlayerStatsRequest(player_id=bob.player_id)
        )
        two = next(c for c in stats.categories if c.category == rp.RATING_CATEGORY_TWO_PLAYERS)
        assert (two.matches, two.wins) == (1, 0)  # the absent player lost, rated
        record = await server.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
        assert verify_record(record).ok
    finally:
        await stop(server)
    await rebuilt_equals_stored(db)


async def test_the_stand_in_plays_an_unrated_match_to_its_end(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "unrated.sqlite3", turn_timeout_seconds=0.3, turn_sweep_seconds=0.05,
        stand_in_delay_seconds=0.0, forfeit_after_stand_in_turns=2, forfeit_after_stand_in_seconds=0.0,
    )  # fmt: skip
    try:
        events = (await abandon(server, rated=False)).events
        kinds = [e.WhichOneof("kind") for e in events]
        assert "forfeited" not in kinds and kinds[-1] == "match_ended"
        assert not events[-1].match_ended.HasField("forfeited_side")
        took_over = next(i for i, e in enumerate(events) if e.WhichOneof("kind") ==
                         "seat_auto_played" and e.seat_auto_played.active)  # fmt: skip
        stand_in_turns = [e for e in events[took_over:] if e.WhichOneof("kind") == "tile_placed"
                          and e.tile_placed.seat == 1]  # fmt: skip
        assert len(stand_in_turns) > 2  # well past the rated allowance
    finally:
        await stop(server)
