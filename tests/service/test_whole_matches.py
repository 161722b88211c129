"""Whole matches through the public API, against a real server and SQLite file."""

from __future__ import annotations

import asyncio
import random

import pytest

from fiveup.v1 import match_pb2 as pb

from ..harness import Running, bot, human
from .players import Watcher, play_seat


def final_scores_from_record(record: pb.GetMatchRecordResponse) -> list[int]:
    """Scores recomputed from the record: every placement's points minus every reckoning."""
    n = len(record.seats)
    sides = 2 if n == 4 else n
    scores = [0] * sides
    for event in record.events:
        kind = event.WhichOneof("kind")
        if kind == "tile_placed":
            seat = event.tile_placed.seat
            scores[seat % 2 if n == 4 else seat] += event.tile_placed.points
        elif kind == "round_ended":
            for seat, deduction in enumerate(event.round_ended.deductions):
                scores[seat % 2 if n == 4 else seat] -= deduction
            assert [s.raw_points for s in event.round_ended.scores] == scores
    return scores


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_bots_only_match_plays_itself_to_the_end(server: Running, players: int) -> None:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[bot("greedy")] * players, target_points=15)
    )
    watcher = Watcher(server.matches, created.match_id).start()
    await asyncio.wait_for(watcher.task, 60)  # type: ignore[arg-type]
    versions = [e.version for e in watcher.events]
    assert versions == list(range(1, len(versions) + 1))  # gap-free, in order, once each
    assert watcher.events[-1].WhichOneof("kind") == "match_ended"

    record = await server.matches.GetMatchRecord(
        pb.GetMatchRecordRequest(match_id=created.match_id)
    )
    final = [s.raw_points for s in watcher.events[-1].match_ended.scores]
    assert final_scores_from_record(record) == final
    assert max(final) >= 15 * 5 and final.count(max(final)) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_scripted_client_seat_plays_a_whole_match(server: Running, players: int) -> None:
    seats = [human()] + [bot("random")] * (players - 1)
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=seats, target_points=20))
    joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    assert joined.seat == 0
    view = await play_seat(
        server.matches, created.match_id, joined.seat_token, random.Random(players)
    )
    assert view.status == pb.MATCH_STATUS_FINISHED
    record = await server.matches.GetMatchRecord(
        pb.GetMatchRecordRequest(match_id=created.match_id)
    )
    assert final_scores_from_record(record) == [s.raw_points for s in view.scores]


async def test_two_humans_and_a_spectator(server: Running) -> None:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=10)
    )
    a = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    b = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    assert {a.seat, b.seat} == {0, 1}
    spectator = Watcher(server.matches, created.match_id).start()
    views = await asyncio.gather(
        play_seat(server.matches, created.match_id, a.seat_token, random.Random(1)),
        play_seat(server.matches, created.match_id, b.seat_token, random.Random(2)),
    )
    await asyncio.wait_for(spectator.task, 30)  # type: ignore[arg-type]
    assert views[0].scores == views[1].scores
    assert spectator.events[-1].match_ended.scores == views[0].scores
