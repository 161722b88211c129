"""RatingsService after real matches played through the API, on both stores: every
finished match of a player is listed (newest first), opens with GetMatchRecord, verifies
with `fiveup verify`, and its figures are the record's; the statistics add them up; the
leaderboard ranks the qualified players by the ratings the matches left; and the
matchmaker seats players by their ratings' bands."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

import grpc
import pytest
from prometheus_client import REGISTRY

from fiveup.cli.verify import verify_record
from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.ratings.wilson import wilson_interval
from fiveup.store import open_rating_store, open_store
from fiveup.v1 import lobby_pb2 as lb
from fiveup.v1 import lobby_pb2_grpc, ratings_pb2_grpc
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp

from ..harness import Running, auth, start, stop, wait_for
from ..postgres_db import database_on_each_store
from ..ratings.test_rated_matches import Player, play, sign_in
from .players import play_seat

SETTLED = 7.9  # --rating-settled-sigma: two rated matches against newcomers settle (7.83)
CATEGORY = {2: rp.RATING_CATEGORY_TWO_PLAYERS, 3: rp.RATING_CATEGORY_THREE_PLAYERS,
            4: rp.RATING_CATEGORY_FOUR_PARTNERSHIPS}  # fmt: skip


db = database_on_each_store("rated_play")


@pytest.fixture
async def running(db: str) -> AsyncIterator[Running]:
    # Bands of width 0 that never widen: two established players with different
    # ratings never share a table (the band test below relies on it).
    server = await start(
        db, rating_settled_sigma=SETTLED, matchmaker_band_width=0.0,  # type: ignore[arg-type]
        matchmaker_band_widen_per_second=0.0, matchmaker_round_seconds=0.05,
    )  # fmt: skip
    try:
        yield server
    finally:
        await stop(server)


def ratings(server: Running) -> ratings_pb2_grpc.RatingsServiceStub:
    return ratings_pb2_grpc.RatingsServiceStub(server.channel)


@dataclass(frozen=True)
class Figures:
    """One seat's figures, worked out from the match's public record."""

    category: int
    side: int
    won: bool
    rounds: int
    points: int
    deducted: int
    blocked_rounds: int
    best_placement: int


def figures(record: pb.GetMatchRecordResponse, seat: int) -> Figures:
    n = len(record.seats)
    side = seat % 2 if n == 4 else seat
    points = [e.tile_placed.points for e in record.events if e.HasField("tile_placed")
              and e.tile_placed.seat == seat]  # fmt: skip
    rounds = [e.round_ended for e in record.events if e.HasField("round_ended")]
    (ended,) = [e.match_ended for e in record.events if e.HasField("match_ended")]
    return Figures(
        category=CATEGORY[n],
        side=side,
        won=ended.winner_side == side,
        rounds=len(rounds),
        points=sum(points) // 5,
        deducted=sum(r.deductions[seat] for r in rounds) // 5,
        blocked_rounds=sum(r.blocked for r in rounds),
        best_placement=max(points, default=0) // 5,
    )


async def all_matches(server: Running, player: Player) -> list[rp.PlayerMatch]:
    out: list[rp.PlayerMatch] = []
    token = ""
    while True:
        page = await ratings(server).ListPlayerMatches(
            rp.ListPlayerMatchesRequest(page_size=2, page_token=token), metadata=auth(player.access)
        )
        out += page.matches
        if not page.next_page_token:
            return out
        token = page.next_page_token


async def fiveup_verify(server: Running, match_id: str) -> tuple[int, str]:
    """`fiveup verify MATCH_ID --server ...` in a child process (the server runs on this
    event loop, so the child is awaited, never waited for)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fiveup.cli", "verify", match_id, "--server", server.target,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(child.communicate(), 60)
    return child.returncode or 0, out.decode()


async def test_played_matches_are_listed_verified_added_up_and_ranked(running: Running) -> None:
    ann, bob, cat = [await sign_in(running, n) for n in ("Ann", "Bob", "Cat")]
    played = [
        (await play(running, [ann, bob], seed=1), True),
        (await play(running, [bob, ann], seed=2), True),
        (await play(running, [bob, cat], seed=3), True),
        (await play(running, [ann, "greedy"], seed=4), False),  # a bot: unrated
        (await play(running, [ann, bob], seed=5, unrated=True), False),
        (await play(running, [ann, bob, cat], seed=6), True),
    ]
    seat_of = {}  # (match, player) -> seat, from the views
    for match_id, _ in played:
        view = (await running.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
        assert view.status == pb.MATCH_STATUS_FINISHED
    for player in (ann, bob, cat):
        for match_id, _ in played:
            mine = await running.matches.GetMatch(
                pb.GetMatchRequest(match_id=match_id), metadata=auth(player.access)
            )
            if mine.view.HasField("viewer_seat"):
                seat_of[(match_id, player.player_id)] = mine.view.viewer_seat

    verified_by_cli = False
    for player in (ann, bob, cat):
        listed = await all_matches(running, player)
        expected = [(m, rated) for m, rated in played if (m, player.player_id) in seat_of]
        assert [m.match_id for m in listed] == [m for m, _ in reversed(expected)]  # newest first
        assert [m.rated for m in listed] == [r for _, r in reversed(expected)]
        for entry in listed:
            record = await running.matches.GetMatchRecord(
                pb.GetMatchRecordRequest(match_id=entry.match_id)
            )
            assert verify_record(record).ok
            seat = seat_of[(entry.match_id, player.player_id)]
            want = figures(record, seat)
            got = Figures(
                entry.category, entry.side, entry.won, entry.rounds, entry.points,
                entry.deducted, entry.blocked_rounds, entry.best_placement_points,
            )  # fmt: skip
            assert (entry.seat, got) == (seat, want), entry.match_id
            assert entry.HasField("rating_after") == entry.rated
        if not verified_by_cli:  # the command line, once: the same check over the API
            code, out = await fiveup_verify(running, listed[0].match_id)
            assert code == 0 and out.startswith("OK:"), out
            verified_by_cli = True

        stats = await ratings(running).GetPlayerStats(
            rp.GetPlayerStatsRequest(), metadata=auth(player.access)
        )
        for category in stats.categories:
            in_it = [m for m in listed if m.category == category.category]
            wins = sum(m.won for m in in_it)
            rounds = sum(m.rounds for m in in_it)
            assert (category.matches, category.wins, category.rounds) == (len(in_it), wins, rounds)
            assert category.points == sum(m.points for m in in_it)
            assert category.deducted == sum(m.deducted for m in in_it)
            assert category.points_per_round == category.points / rounds
            assert category.best_placement_points == max(m.best_placement_points for m in in_it)
            interval = wilson_interval(wins, len(in_it))
            assert category.win_rate_interval.lower == interval.lower
            rated = [m for m in in_it if m.rated]
            assert category.rated_matches == len(rated)
            assert category.provisional == (not rated or category.rating.sigma > SETTLED)
            assert category.provisional == (not rated or category.rating.provisional)
            assert [p.match_id for p in category.history] == [m.match_id for m in reversed(rated)]
            if rated:
                assert category.rating == rated[0].rating_after  # the newest
    # Ann and Bob have two rated two-player matches each: on the board; Cat has one.
    board = await ratings(running).GetLeaderboard(rp.GetLeaderboardRequest(category=CATEGORY[2]))
    on_board = [e.player_id for e in board.entries]
    assert sorted(on_board) == sorted([ann.player_id, bob.player_id])
    shown = [e.rating.mu for e in board.entries]  # ranked by the rating
    assert shown == sorted(shown, reverse=True)
    assert board.entries[0].matches == 3 if board.entries[0].player_id == bob.player_id else 2


async def until_matched(stream) -> lb.Matched:  # type: ignore[no-untyped-def]
    while True:
        message = await stream.read()
        assert message is not grpc.aio.EOF, "the stream ended without a seat"
        if message.HasField("matched"):
            return message.matched


async def a_round_saw(waiting: int) -> None:
    """Wait until a formation round has run over ``waiting`` searches (the queue-length
    gauge each round sets)."""

    async def seen() -> bool:
        return REGISTRY.get_sample_value("fiveup_matchmaking_queue_length") == waiting

    await wait_for(seen, timeout=30)


async def test_the_matchmaker_keeps_established_ratings_apart_within_their_bands(
    running: Running,
) -> None:
    """Bands of width 0: Ann and Bob, both established with different ratings, never share
    a table; Cat, unrated, is acceptable to anyone and sits with the one who queued first."""
    ann, bob, cat = [await sign_in(running, n) for n in ("Ann", "Bob", "Cat")]
    for seed in (1, 2):
        await play(running, [ann, bob], seed=seed)
    stats = [
        await ratings(running).GetPlayerStats(rp.GetPlayerStatsRequest(player_id=p.player_id))
        for p in (ann, bob)
    ]
    assert all(not s.categories[0].provisional for s in stats)
    assert stats[0].categories[0].rating.ordinal != stats[1].categories[0].rating.ordinal

    lobby = lobby_pb2_grpc.LobbyServiceStub(running.channel)
    streams = {}
    for count, player in enumerate((ann, bob), start=1):
        streams[player.player_id] = lobby.FindMatch(
            lb.FindMatchRequest(players=2), metadata=auth(player.access)
        )
        assert (await streams[player.player_id].read()).HasField("searching")
        await a_round_saw(count)
    # Rounds over Ann and Bob have seated nobody; Cat, unrated, sits with Ann at once.
    cat_stream = lobby.FindMatch(lb.FindMatchRequest(players=2), metadata=auth(cat.access))
    seated_cat = await asyncio.wait_for(until_matched(cat_stream), 30)
    seated_ann = await asyncio.wait_for(until_matched(streams[ann.player_id]), 30)
    assert seated_ann.match_id == seated_cat.match_id
    # Bob is still waiting: his search is there to cancel.
    cancelled = await lobby.CancelFindMatch(lb.CancelFindMatchRequest(), metadata=auth(bob.access))
    assert cancelled.cancelled
    streams[bob.player_id].cancel()


async def test_a_matchmade_match_is_rated_by_its_log_alone(running: Running, db: str) -> None:
    """The matchmaker's claims name their players too: the match's record says who sat
    where, and the logs alone rebuild the ratings it left."""
    dee, eve = [await sign_in(running, n) for n in ("Dee", "Eve")]
    lobby = lobby_pb2_grpc.LobbyServiceStub(running.channel)
    request = lb.FindMatchRequest(players=2, target_points=5)
    seated = await asyncio.wait_for(
        asyncio.gather(
            *(until_matched(lobby.FindMatch(request, metadata=auth(p.access))) for p in (dee, eve))
        ),
        30,
    )
    match_id = seated[0].match_id
    await asyncio.gather(
        *(play_seat(running.matches, match_id, p.access, random.Random(n))
          for n, p in enumerate((dee, eve)))
    )  # fmt: skip
    record = await running.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
    claims = {e.seat_claimed.seat: e.seat_claimed.player_id for e in record.events
              if e.HasField("seat_claimed")}  # fmt: skip
    assert claims == {s.seat: p.player_id for s, p in zip(seated, (dee, eve), strict=True)}

    events, store = open_store(db), open_rating_store(db)
    await events.open()
    await store.open()
    try:
        ledger = await store.rated_match_ids()
        assert match_id in ledger
        assert await ratings_from_logs(ledger, events) == await store.all_ratings()
    finally:
        await store.close()
        await events.close()
